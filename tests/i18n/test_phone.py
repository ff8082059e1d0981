"""The phone's own sentences in German, Polish and French (issue 24, item 2).

- The catalogue of the phone's scripts (djangojs) is served per language at
  /phone-words/<language>.json (pitchclub/phone_words.py), whole and in the language.
- pwa.js picks the catalogue of the page's <html lang> and says its sentences, Polish
  counts in their three forms (node runs pwa.js with stand-ins for the page).
- The service worker keeps the catalogue and answers with it offline (node runs sw.js,
  as /sw.js serves it, with stand-ins for its caches and the network).
- A refusal said by the phone in German is the server's German sentence: the phone
  fills the server's templates, put on the table page through gettext.
"""

import json
import subprocess
from pathlib import Path

import polib
import pytest
from django.test import Client
from django.utils import translation

from scoring import engine
from scoring.engine.messages import MESSAGES, POINT_NAMES
from scoring.refusals import NAMED, TableNames
from scoring.table import offline
from scoring.table.offline import CHECKED_REFUSALS, offline_data
from tests.i18n.english import english_left
from tests.scoring.table.test_offline_check import run_node, servers_verdict
from tests.scoring.table.test_score_js import NODE

ROOT = Path(__file__).resolve().parents[2]
PWA_JS = ROOT / "static" / "js" / "pwa.js"
HERE = Path(__file__).resolve().parent / "js"
LANGUAGES = ("de", "pl", "fr")

needs_node = pytest.mark.skipif(
    NODE is None, reason="needs node (apt-get install nodejs)"
)


def served(client: Client, language: str) -> dict:
    response = client.get(f"/phone-words/{language}.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response.json()


def node(script: str, *args: str, stdin: str) -> dict:
    done = subprocess.run(
        [NODE, str(HERE / script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


# -- the catalogue, per language --------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_is_served_whole_in_each_language(
    client: Client, language: str
) -> None:
    catalogue = served(client, language)
    po = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "djangojs.po"))
    assert catalogue["language"] == language
    # Every sentence of the phone's scripts, translated (no English words left).
    assert len(catalogue["catalog"]) == len(po) > 40
    for msgid, text in catalogue["catalog"].items():
        for form in text if isinstance(text, list) else [text]:
            assert form, msgid
            words = " ".join(part.split("}")[-1] for part in form.split("{"))
            # Words with letters beyond ASCII are no English words (english_left
            # would read the "by" of "żeby").
            words = " ".join(word for word in words.split() if word.isascii())
            assert english_left(f"<p>{words}</p>") == [], (language, msgid, form)
    assert len(catalogue["plural"]) == 200


def test_a_few_sentences_in_each_language(client: Client) -> None:
    said = {language: served(client, language)["catalog"] for language in LANGUAGES}
    assert said["de"]["Link copied."] == "Link kopiert."
    assert said["pl"]["Link copied."] == "Skopiowano link."
    assert said["fr"]["Link copied."] == "Lien copié."
    # French puts a no-break space before a colon.
    assert (
        "réseau\u00a0:"
        in said["fr"]["No preview without network: Save keeps the hand on this phone."]
    )
    waiting = "{count} hand waiting to be sent."
    assert said["pl"][waiting][1].startswith("{count} rozdania czekają")
    assert said["pl"][waiting][2].startswith("{count} rozdań czeka")


def test_english_and_unknown_languages(client: Client) -> None:
    english = served(client, "en")
    assert english["catalog"] == {}  # English is the source: the scripts' own words
    assert english["plural"][:3] == [1, 0, 1]
    assert client.get("/phone-words/xx.json").status_code == 404
    assert served(client, "de-de")["language"] == "de"
    assert client.post("/phone-words/de.json").status_code == 405


def test_the_polish_plural_rule_has_three_forms(client: Client) -> None:
    plural = served(client, "pl")["plural"]
    assert [plural[n] for n in (1, 2, 4, 5, 12, 21, 22, 25, 101, 112, 122)] == [
        0, 1, 1, 2, 2, 2, 1, 2, 2, 2, 1,
    ]  # fmt: skip


# -- the page's words (pwa.js) ----------------------------------------------------


@needs_node
def test_the_page_says_the_sentences_of_its_language(client: Client) -> None:
    waiting = (
        "{count} hand waiting to be sent.",
        "{count} hands waiting to be sent (hands {numbers}).",
    )
    say = [
        ["gettext", "Link copied."],
        ["gettext", "Hand {number} was undone on another phone.", {"number": 7}],
        ["ngettext", *waiting, 1, {"numbers": "4"}],
        ["ngettext", *waiting, 3, {"numbers": "4, 5, 6"}],
        ["ngettext", *waiting, 5, {"numbers": "4, 5, 6, 7, 8"}],
        ["ngettext", *waiting, 22, {"numbers": "…"}],
        ["gettext", "A sentence no catalogue has."],
    ]
    answer = node(
        "run_words.mjs",
        str(PWA_JS),
        "pl",
        stdin=json.dumps({"catalogue": served(client, "pl"), "say": say}),
    )
    assert answer["asked"] == ["/phone-words/pl.json"]
    assert answer["loaded"] is True
    assert answer["said"] == [
        "Skopiowano link.",
        "Rozdanie 7 cofnięto na innym telefonie.",
        "1 rozdanie czeka na wysłanie.",
        "3 rozdania czekają na wysłanie (rozdania 4, 5, 6).",
        "5 rozdań czeka na wysłanie (rozdania 4, 5, 6, 7, 8).",
        "22 rozdania czekają na wysłanie (rozdania …).",
        "A sentence no catalogue has.",
    ]


@needs_node
def test_an_english_page_fetches_nothing() -> None:
    answer = node(
        "run_words.mjs",
        str(PWA_JS),
        "en",
        stdin=json.dumps(
            {"catalogue": {}, "say": [["ngettext", "a {count}", "{count} b", 2]]}
        ),
    )
    assert answer["asked"] == []
    assert answer["said"] == ["2 b"]


# -- the service worker keeps it --------------------------------------------------


@needs_node
def test_the_service_worker_keeps_the_catalogue_for_offline(client: Client) -> None:
    catalogue = served(client, "de")
    answer = node(
        "run_sw.mjs",
        json.dumps(catalogue),
        stdin=client.get("/sw.js").content.decode(),
    )
    assert answer["online"] == {"status": 200, "body": catalogue}
    assert any(name.startswith("pitchclub-words-") for name in answer["caches"])
    # Offline, the copy kept answers: the phone still speaks German.
    assert answer["offline"] == {"status": 200, "body": catalogue}
    assert answer["lastWord"] == {
        "status": 503,
        "text": "Sie sind offline, und diese Seite ist nicht auf dem Handy.",
    }
    # The page's catalogue kept at pwa.js's word (the first page came before it).
    assert answer["kept"] == {"status": 200}


# -- a refusal in German ----------------------------------------------------------

# A stand-in for the German catalogue of the rules' words (scoring/engine/messages.py
# is translated by its own area): the phone says whatever the catalogue says.
GERMAN = {
    MESSAGES["dealer_stuck/passed"]: (
        "Der Geber muss mindestens {least} bieten, wenn alle anderen passen. "
        "{dealer:cap} (Geber) hat gepasst: Bieten Sie {least} oder mehr."
    ),
    NAMED["single_trump_split"]: (
        "Hoch und Tief müssen bei nur einem Trumpf an denselben Spieler gehen. Hoch "
        "hat {high}, Tief {low}: Geben Sie beide dem Spieler, der den Trumpf bekam."
    ),
    POINT_NAMES["high"]: "Hoch",
}


def german(text: str) -> str:
    return GERMAN.get(text, translation.gettext(text))


def a_refusal(fields: dict[str, str]) -> tuple[dict, dict]:
    rules = engine.make_rules("auction", 4)
    seats = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di"}
    names = TableNames(seats, [seats[side[0]] for side in rules.sides])
    data = offline_data(
        game_id=1, rules=rules, seat_names=seats, side_names=list(names.sides)
    )
    verdict = servers_verdict(rules, 1, fields, names)
    assert isinstance(verdict, dict)
    answer = run_node([data], [{"game": 0, "number": 1, "fields": fields}])
    return answer[0], verdict


ALL_PASS = {
    "mode": "full",
    **{f"call-{seat}": "pass" for seat in range(4)},
    "award-high": "1",
    "award-low": "1",
    "award-jack": "none",
    "award-game": "none",
}

# Single trump, High and Low to two players.
SPLIT = {
    "mode": "quick",
    "pitcher": "1",
    "bid": "2",
    "award-high": "1",
    "award-low": "2",
    "award-jack": "none",
    "award-game": "none",
    "single_trump": "on",
}


@needs_node
@pytest.mark.django_db
def test_a_refusal_said_by_the_phone_in_german_is_the_servers(monkeypatch) -> None:
    monkeypatch.setattr("scoring.refusals.gettext", german)
    monkeypatch.setattr(offline, "gettext", german)
    with translation.override("de"):
        phone, server = a_refusal(ALL_PASS)
        split, server_split = a_refusal(SPLIT)
    assert phone == server
    assert server["text"] == (
        "Der Geber muss mindestens 2 bieten, wenn alle anderen passen. "
        "Ann (Geber) hat gepasst: Bieten Sie 2 oder mehr."
    )
    assert split == server_split
    assert split["text"] == (
        "Hoch und Tief müssen bei nur einem Trumpf an denselben Spieler gehen. Hoch "
        "hat Bob, Tief Cy: Geben Sie beide dem Spieler, der den Trumpf bekam."
    )


@needs_node
@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_a_refusal_said_by_the_phone_is_the_servers_with_the_real_catalogue(
    language: str,
) -> None:
    with translation.override(language):
        phone, server = a_refusal(ALL_PASS)
    assert phone == server
    assert server["field"] == "auction.3"


def test_the_refusals_the_phone_says_have_no_plural_template() -> None:
    """The phone fills a template as it is (refusals.js's sentence); one with plural
    forms (engine.messages.Plural) would need the count's form: say it here first."""
    for key in CHECKED_REFUSALS:
        assert not hasattr(MESSAGES[key], "plural"), key
