"""The detector of English words left on a translated page holds what it says."""

from tests.i18n.english import english_left, shown_text


def test_it_reads_text_and_shown_attributes_not_scripts() -> None:
    html = (
        '<p>Spiel <b>eintragen</b></p><script>const save = "the";</script>'
        '<button aria-label="Undo the hand">x</button>'
        '<input type="submit" value="Save">'
    )
    assert shown_text(html) == "Spiel eintragen Undo the hand x Save"
    assert english_left(html) == ["undo", "the", "save"]  # German has "Hand"


def test_words_of_the_other_languages_are_not_english() -> None:
    german = "<p>Die Partie ist so gut wie gewonnen, was man in der Hand hat.</p>"
    polish = "<p>To nie jest tabela, no i start do 11 punktów w club.</p>"
    french = "<p>La table du club, une donne de plus.</p>"
    for html in (german, polish, french):
        assert english_left(html) == []


def test_names_typed_by_the_test_are_allowed() -> None:
    assert english_left("<p>Will Hand</p>", allowed={"Hand"}) == []


def test_an_address_shown_as_text_is_not_words() -> None:
    html = "<p>Link: http://localhost/games/17/live/ and /games/</p>"
    assert english_left(html) == ["and"]
