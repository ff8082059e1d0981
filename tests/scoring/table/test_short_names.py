"""Long names on the tap buttons keep their start and end, told apart."""

from hypothesis import given
from hypothesis import strategies as st

from scoring.table.short_names import BREAK, told_apart

B = BREAK


def test_short_names_stay_as_they_are() -> None:
    assert told_apart(["Ann", "Bob", "Wilhelmina Mawr"]) == [
        "Ann",
        "Bob",
        "Wilhelmina Mawr",
    ]


def test_two_long_names_that_differ_at_the_end_are_told_apart() -> None:
    shown = told_apart(
        [
            "Bartholomew Maximilian Featherstonehaugh",
            "Bartholomew Maximilian Featherstonehaupt",
        ]
    )
    assert shown == [f"Bartholome{B}…{B}haugh", f"Bartholome{B}…{B}haupt"]


def test_the_end_grows_until_the_names_differ() -> None:
    shown = told_apart(["Konstantinovna Smith-Jones", "Konstantinovna Brown-Jones"])
    assert shown[0] != shown[1]
    assert shown[0].endswith("h-Jones")
    assert shown[1].endswith("n-Jones")


@given(st.lists(st.text(alphabet="abcWM -", min_size=1, max_size=40), max_size=7))
def test_distinct_names_stay_distinct_and_short(names: list[str]) -> None:
    shown = told_apart(names)
    distinct = len(set(names))
    assert len(set(shown)) == distinct
    for name, short in zip(names, shown, strict=True):
        assert short == name or len(short.replace(B, "")) < len(name)


def test_the_buttons_tell_two_long_names_apart_and_keep_them_whole(
    client: object, db: None
) -> None:
    from scoring.games import services
    from tests.factories import UserFactory

    keeper = UserFactory()
    names = [
        "Bartholomew Maximilian Featherstonehaugh",
        "Bartholomew Maximilian Featherstonehaupt",
        "Ann",
    ]
    game = services.game_start(
        variant="auction", players=names, partnership=False, created_by=keeper
    )
    client.force_login(keeper)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert f"Bartholome{B}…{B}haugh" in html
    assert f"Bartholome{B}…{B}haupt" in html
    # Whole in the title and for screen readers.
    assert 'title="Bartholomew Maximilian Featherstonehaupt"' in html
    assert 'aria-label="Bartholomew Maximilian Featherstonehaugh"' in html


def test_a_long_name_in_a_sentence_is_cut_whole_in_its_title_and_escaped() -> None:
    from scoring.templatetags.names import cut_name

    assert cut_name("Ann") == "Ann"
    shown = cut_name("Bartholomew <b>Featherstonehaugh</b>")
    escaped = "Bartholomew &lt;b&gt;Featherstonehaugh&lt;/b&gt;"
    assert shown == f'<span class="cut-name" title="{escaped}">{escaped}</span>'
