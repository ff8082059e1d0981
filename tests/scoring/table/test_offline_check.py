"""The phone's check of a hand it is asked to keep offline (static/js/offline/
refusals.js's checkHand and sentence, used by offline/check.js) held to the server:
thousands of hands tapped at random into the entry form's fields, legal or not
(whole auctions with any call, a dealer's bid no auction allows, single trump split,
game points that contradict Game or add up to too many, points to a team), both
variants, every option (fixed-hands games too), solo and partnership. The server's
verdict is the form's reading (scoring.table.entry.HandEntry) checked by the engine and
said by scoring.refusals.sentence in the players' names; the phone's must be the
same: the same field and the same words, or no refusal at all. In each of the site's
languages (issue 24): the phone says the server's templates, put on the page through
gettext in the page's language (scoring/table/offline.py), so its German refusal is
the server's German sentence.

Node runs the JavaScript once for the whole batch
(tests/scoring/table/js/run_check.mjs).
"""

import json
import random
import subprocess
from pathlib import Path

import pytest
from django.utils import translation

from scoring import engine
from scoring.engine import RuleViolation
from scoring.engine.hand import check_hand
from scoring.engine.messages import MESSAGES
from scoring.refusals import TableNames, sentence
from scoring.table.entry import HandEntry
from scoring.table.offline import offline_data
from tests.scoring.table.test_score_js import NODE, SCORE_JS, random_rules

RUNNER = Path(__file__).resolve().parent / "js" / "run_check.mjs"
GAMES = 300
HANDS = 12
SEED = 20250612
LANGUAGES = ("en", "de", "pl", "fr")
# English is checked with every generated game; the other languages with a third of
# them (the same checks, in fewer hands: the test runs four times).
GAMES_TRANSLATED = GAMES // 3

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(NODE is None, reason="needs node (apt-get install nodejs)"),
]


def random_fields(rng: random.Random, rules: engine.Rules) -> dict[str, str]:
    """What a scorekeeper may tap: every row's own choices, anything at all."""
    fields: dict[str, str] = {}
    if rng.random() < 0.5:
        fields["mode"] = "full"
        closed = False
        for index in range(rules.players):
            choices = ["pass", *map(str, range(rules.min_bid, rules.max_bid + 1))]
            if closed and rng.random() < 0.6:
                continue  # left out after a closing bid
            call = "pass" if rng.random() < 0.55 else rng.choice(choices)
            fields[f"call-{index}"] = call
            if call == str(rules.max_bid):
                closed = True
        bids = [int(c) for c in fields.values() if c not in ("pass", "full")]
        if not closed and bids and rng.random() < 0.3:
            # The dealer equals the highest bid: a steal, allowed or not.
            fields[f"call-{rules.players - 1}"] = str(max(bids))
    else:
        fields["mode"] = "quick"
        fields["pitcher"] = str(rng.randrange(rules.players))
        fields["bid"] = str(rng.randint(rules.min_bid, rules.max_bid))
    pitcher_seat = rng.randrange(rules.players)
    for point in rules.points:
        nobody = rules.variant == "thirteen" or point in ("jack", "game")
        roll = rng.random()
        if nobody and roll < 0.15:
            fields[f"award-{point}"] = "none"
        elif rules.partnership and roll < 0.3:
            fields[f"award-{point}"] = f"side-{rng.randrange(len(rules.sides))}"
        elif roll < 0.6:
            fields[f"award-{point}"] = str(pitcher_seat)
        else:
            fields[f"award-{point}"] = str(rng.randrange(rules.players))
    if rules.variant == "auction":
        if rng.random() < 0.25:
            fields["single_trump"] = "on"
            if rng.random() < 0.5:
                fields["award-low"] = fields["award-high"]
        if rng.random() < 0.3:
            for side in range(len(rules.sides)):
                if rng.random() < 0.8:
                    fields[f"gp-{side}"] = str(rng.randint(0, 100 // len(rules.sides)))
            if rng.random() < 0.5:
                del fields["award-game"]  # Game follows the game points
    return fields


def servers_verdict(
    rules: engine.Rules, number: int, fields: dict[str, str], names: TableNames
) -> dict | str | None:
    entry = HandEntry(
        rules=rules,
        number=number,
        seat_names=names.seats,
        side_names=list(names.sides),
        data=fields,
    )
    hand = entry.parse()
    if hand is None:
        return "unparsed"
    try:
        check_hand(rules, rules.dealer_of(number), hand)
    except RuleViolation as refusal:
        return {"field": refusal.field, "text": sentence(refusal, names)}
    return None


def generated(count: int = GAMES) -> tuple[list[dict], list[dict], list]:
    rng = random.Random(SEED)
    games, cases, expected = [], [], []
    for game in range(count):
        rules = random_rules(rng)
        seats = {seat: f"P{seat}" for seat in range(rules.players)}
        if rules.partnership:
            sides = [f"Team {side}" for side in range(len(rules.sides))]
        else:
            sides = [seats[side[0]] for side in rules.sides]
        names = TableNames(seats, sides)
        games.append(
            offline_data(game_id=game, rules=rules, seat_names=seats, side_names=sides)
        )
        for _ in range(HANDS):
            number = rng.randint(1, 2 * rules.players)
            fields = random_fields(rng, rules)
            verdict = servers_verdict(rules, number, fields, names)
            if verdict == "unparsed":
                continue
            cases.append({"game": game, "number": number, "fields": fields})
            expected.append(verdict)
    return games, cases, expected


def run_node(games: list[dict], cases: list[dict]) -> list:
    done = subprocess.run(
        [NODE, str(RUNNER), str(SCORE_JS)],
        input=json.dumps({"games": games, "cases": cases}),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phone_refuses_what_the_server_refuses_in_its_words(language: str) -> None:
    with translation.override(language):
        games, cases, expected = generated(
            GAMES if language == "en" else GAMES_TRANSLATED
        )
        # A template the catalogue translates is said in the language by both.
        steal = translation.gettext(MESSAGES["steal_not_allowed"])
    refused = [verdict for verdict in expected if verdict]
    if language != "en":
        answers = run_node(games, cases)
        assert len(answers) == len(expected) > 800
        assert len(refused) > 250
        for case, js, py in zip(cases, answers, expected, strict=True):
            assert js == py, (language, SEED, case, games[case["game"]]["rules"])
        if steal != MESSAGES["steal_not_allowed"]:
            head = steal.split("{")[0]
            assert any(verdict["text"].startswith(head) for verdict in refused)
        return
    # The generator reaches the refusals and the hands the rules take.
    assert len(cases) > 2500
    assert len(refused) > 800
    assert len(refused) < len(cases) - 300
    fields_refused = {verdict["field"].split(".")[0] for verdict in refused}
    assert {"auction", "awards", "bid", "game_points"} <= fields_refused
    texts = " ".join(verdict["text"] for verdict in refused)
    # Fixed-hands games (option hand_limit) are checked hand by hand like any other.
    limited = [case for case in cases if games[case["game"]]["rules"]["hand_limit"]]
    assert len(limited) > len(cases) * 0.1
    for words in (
        "stealing is turned off",
        "no steal in",
        "to steal",
        "tie for the most",
    ):
        assert words in texts

    answers = run_node(games, cases)

    assert len(answers) == len(expected)
    for case, js, py in zip(cases, answers, expected, strict=True):
        assert js == py, (SEED, case, games[case["game"]]["rules"])
