"""How to score (issue 24, item 7): each variant's page in English, German, Polish
and French, with the glossary's words, an anchor per point for the table page's
hints, and the engine's numbers."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine import POINTS, Variant, make_rules
from scoring.help.summary import VARIANTS
from tests.i18n.english import english_left, shown_text

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "de", "pl", "fr")
# The glossary's words (GLOSSARY.md) each page must say, by language and variant.
GLOSSARY = {
    ("de", "auction"): [
        "Hoch",
        "Tief",
        "Bube",
        "Augen",
        "Pitcher",
        "Geber",
        "Gebot",
        "durchgefallen",
        "stehlen",
        "Stich",
        "Trumpf",
        "Partie",
    ],
    ("pl", "auction"): [
        "Wysoki",
        "Niski",
        "Walet",
        "Gra",
        "rozgrywający",
        "rozdający",
        "odzywka",
        "nie ugrał",
        "ukraść licytację",
        "lewie",
        "atut",
        "Partia",
    ],
    ("fr", "auction"): [
        "Haut",
        "Bas",
        "Valet",
        "Jeu",
        "preneur",
        "donneur",
        "enchère",
        "a chuté",
        "voler l'enchère",
        "pli",
        "atout",
        "partie",
    ],
    ("de", "thirteen"): [
        "Ass",
        "Bube",
        "Zweiter Bube (Jick)",
        "Hoher Joker",
        "Niedriger Joker",
        "Zehn",
        "Drei",
        "Zweite Drei",
        "Zwei",
        "Mond",
        "Team",
        "Pitcher",
        "Geber",
    ],
    ("pl", "thirteen"): [
        "As",
        "Walet",
        "Drugi walet (Jick)",
        "Wysoki joker",
        "Niski joker",
        "Dziesiątka",
        "Trójka",
        "Druga trójka",
        "Dwójka",
        "Księżyc",
        "drużyna",
        "rozgrywającego",
    ],
    ("fr", "thirteen"): [
        "As",
        "Valet",
        "Second valet (Jick)",
        "Joker haut",
        "Joker bas",
        "Dix",
        "Trois",
        "Second trois",
        "Deux",
        "la lune",
        "équipe",
        "preneur",
        "donneur",
    ],
}
# The rules every page has a section for; the table page may link to each.
RULE_ANCHORS = (
    "points",
    "bids",
    "stuck-dealer",
    "steal",
    "scoring",
    "made",
    "set-back",
    "winning",
    "target",
    "pitcher-only",
    "ties",
)


def get(url: str, language: str) -> str:
    response = Client().get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, (url, language, response.status_code)
    return response.content.decode()


def main(html: str) -> str:
    """The page's own part (the header is the lead's, translated elsewhere)."""
    found = re.search(r"<main\b.*</main>", html, re.S)
    assert found
    return found.group(0)


def section(html: str, anchor: str) -> str:
    """The text of the section with id `anchor`, up to its end."""
    found = re.search(rf'<section[^>]* id="{anchor}".*?</section>', html, re.S)
    assert found, anchor
    return shown_text(found.group(0))


def test_the_addresses() -> None:
    assert reverse("scoring:how_to_score_index") == "/how-to-score/"
    assert reverse("scoring:how_to_score", args=["auction"]) == "/how-to-score/auction/"
    assert set(VARIANTS) == {str(variant) for variant in Variant}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", list(Variant))
def test_each_variant_has_its_page_with_an_anchor_per_point(
    variant: Variant, language: str
) -> None:
    html = get(reverse("scoring:how_to_score", args=[variant]), language)
    # Each point's hint on the table page links to #<the point's API name>.
    for anchor in (*POINTS[variant], *RULE_ANCHORS):
        assert f'id="{anchor}"' in html, anchor
    for anchor in ("points", "bids", "scoring", "winning"):
        assert f'href="#{anchor}"' in html
    # Its stylesheet, no script of its own: the page works without JavaScript.
    assert "css/help.css" in html
    assert "<script" not in main(html)


@pytest.mark.parametrize("language", ["de", "pl", "fr"])
@pytest.mark.parametrize("variant", list(Variant))
def test_no_english_word_is_left_and_the_glossary_is_used(
    variant: Variant, language: str
) -> None:
    html = main(get(reverse("scoring:how_to_score", args=[variant]), language))
    assert english_left(html) == []
    text = shown_text(html)
    missing = [w for w in GLOSSARY[language, variant] if w not in text]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_list_of_pages_links_every_variant(language: str) -> None:
    html = main(get(reverse("scoring:how_to_score_index"), language))
    for variant in Variant:
        assert f'href="{reverse("scoring:how_to_score", args=[variant])}"' in html
    if language != "en":
        assert english_left(html) == []


def test_an_unknown_variant_is_not_found() -> None:
    assert Client().get("/how-to-score/skat/").status_code == 404


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", list(Variant))
def test_the_numbers_are_the_engines(variant: Variant, language: str) -> None:
    rules = make_rules(variant, 4)
    html = get(reverse("scoring:how_to_score", args=[variant]), language)
    numbers = {
        "target": rules.target,
        "stuck-dealer": rules.stuck_dealer_min_bid,
    }
    for anchor, number in numbers.items():
        assert re.search(rf"\b{number}\b", section(html, anchor)), (anchor, number)
    bids = shown_text(re.search(r'<section id="bids".*?<section', html, re.S)[0])
    assert re.search(rf"\b{rules.min_bid}\b.*\b{rules.max_bid}\b", bids)
    for point, value in zip(rules.points, rules.point_values, strict=True):
        assert re.search(rf"\b{value}\b", section(html, point)), point


def test_the_pages_words_follow_the_engines_defaults() -> None:
    """The words assume who may win and steal in each variant: a change of the
    engine's defaults must change the pages too."""
    assert VARIANTS["auction"].pitcher_only_win is True
    assert VARIANTS["auction"].may_steal is True
    assert VARIANTS["thirteen"].pitcher_only_win is False
    assert VARIANTS["thirteen"].may_steal is False
    assert (VARIANTS["auction"].max_points, VARIANTS["thirteen"].max_points) == (4, 13)


def test_english_says_the_rules() -> None:
    auction = shown_text(get("/how-to-score/auction/", "en"))
    assert (
        "If everyone else passed, the dealer is stuck: the dealer must bid at least 2."
        in auction
    )
    assert "Only the pitcher can win, on a hand they pitched" in auction
    assert "the dealer may steal it by bidding the same" in auction
    assert "The game is played to 7 points." in auction
    thirteen = shown_text(get("/how-to-score/thirteen/", "en"))
    assert "The first team with 55 points or more wins the game." in thirteen
    assert "A bid of 13 is shooting the moon" in thirteen


def test_key_sentences_in_each_language() -> None:
    de = shown_text(get("/how-to-score/auction/", "de"))
    assert "Haben alle anderen gepasst, muss der Geber mindestens 2 bieten." in de
    assert "So wird gezählt: Auktions-Pitch (Setback)" in de
    assert "Gewinnen kann nur, wer Pitcher war" in de
    pl = shown_text(get("/how-to-score/auction/", "pl"))
    assert "rozdający musi zalicytować co najmniej 2" in pl
    assert "Jak liczyć punkty: Pitch licytacyjny (Setback)" in pl
    fr = shown_text(get("/how-to-score/thirteen/", "fr"))
    # French typography: a no-break space before the colon.
    assert "Comment compter les points\u00a0: Pitch en équipes à 13 points" in fr
    assert "le donneur doit enchérir au moins 5" in fr


def test_polish_counts_points_in_its_three_forms() -> None:
    thirteen = get("/how-to-score/thirteen/", "pl")
    assert "1 punkt" in section(thirteen, "ace")  # one
    assert "3 punkty" in section(thirteen, "three")  # few
    assert "Rozdanie ma 13 punktów" in shown_text(thirteen)  # many
    assert "55 punktów lub więcej" in section(thirteen, "target")
    auction = shown_text(get("/how-to-score/auction/", "pl"))
    assert "najwyżej 4 punkty" in auction
    assert "do 7 punktów" in auction


def test_polish_letters_do_not_make_english_words() -> None:
    # "była" was read as "by" and "a", "weźmie" as "we" (tests/i18n/english.py).
    assert (
        english_left("<p>Karta nie była zagrana, kto weźmie tę lewę, być może.</p>")
        == []
    )
    assert english_left("<p>Isn't it?</p>") == ["isn't", "it"]
