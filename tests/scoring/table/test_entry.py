"""The entry form's parsing, without a database: what a recorded hand looks like in
the form comes back as the same hand, whatever the hand; what is missing is named."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import engine, vocabulary
from scoring.table.entry import HandEntry
from scoring.table.taps import FULL, NOBODY

NAMES = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di", 4: "Eve", 5: "Finn", 6: "Gus"}


@st.composite
def games_and_hands(draw: st.DrawFn) -> tuple[engine.Rules, engine.HandInput]:
    variant = draw(st.sampled_from(["auction", "thirteen"]))
    players = 4 if variant == "thirteen" else draw(st.integers(2, 7))
    partnership = variant == "thirteen" or (players in (4, 6) and draw(st.booleans()))
    rules = engine.make_rules(variant, players, partnership)
    seats = st.integers(0, players - 1)
    takers: st.SearchStrategy = seats
    if partnership:
        # A point may be credited to a team ("Rest to team").
        teams = st.builds(engine.SideCredit, st.integers(0, len(rules.sides) - 1))
        takers = seats | teams
    awards = {
        point: draw(takers if point in ("high", "low") else st.none() | takers)
        for point in rules.points
    }
    if draw(st.booleans()):
        calls = draw(
            st.lists(
                st.sampled_from(
                    [engine.PASS, *range(rules.min_bid, rules.max_bid + 1)]
                ),
                min_size=1,
                max_size=players,
            )
        )
        hand = engine.HandInput(auction=tuple(calls), awards=awards)
    else:
        hand = engine.HandInput(
            pitcher=draw(seats),
            bid=draw(st.integers(rules.min_bid, rules.max_bid)),
            trump=draw(st.none() | st.sampled_from(["spades", "hearts"])),
            awards=awards,
        )
    return rules, hand


def entry(rules: engine.Rules, **kwargs: object) -> HandEntry:
    sides = [" & ".join(NAMES[seat] for seat in side) for side in rules.sides]
    return HandEntry(
        rules=rules, number=1, seat_names=NAMES, side_names=sides, **kwargs
    )


@given(games_and_hands())
def test_a_hand_shown_in_the_form_reads_back_the_same(
    game_and_hand: tuple[engine.Rules, engine.HandInput],
) -> None:
    rules, hand = game_and_hand
    form = entry(rules, initial=hand)
    if hand.auction is not None:
        # Calls after a closing bid are not asked for.
        closing = str(rules.max_bid)
        calls = [str(call) for call in hand.auction]
        if len(calls) < rules.players and closing not in calls:
            assert form.hand_input() is None
            assert form.missing()
            return
    parsed = form.hand_input()
    assert parsed is not None, form.missing()
    if hand.auction is not None:
        # Every call tapped is sent, also after a closing bid: the rules judge them.
        assert parsed.auction == hand.auction
    else:
        assert (parsed.pitcher, parsed.bid, parsed.trump) == (
            hand.pitcher,
            hand.bid,
            hand.trump,
        )
    assert {p: parsed.awards.get(p) for p in rules.points} == {
        p: hand.awards.get(p) for p in rules.points
    }


def test_an_empty_form_names_everything_still_to_tap() -> None:
    rules = engine.make_rules("auction", 4)
    assert entry(rules, data={}).missing() == [
        "the pitcher",
        "the bid",
        "High",
        "Low",
        "Jack",
        "Game",
    ]
    full = entry(rules, data={"mode": FULL, "call-0": "4"})
    # A 4 ends the auction: nobody after it has a call to tap.
    assert full.missing() == ["High", "Low", "Jack", "Game"]


def test_nobody_is_offered_only_where_a_point_can_go_to_nobody() -> None:
    rules = engine.make_rules("auction", 3)
    form = entry(rules, data={})
    offers = {row.legend: row.choices[-1].value == NOBODY for row in form.awards}
    assert offers == {"High": False, "Low": False, "Jack": True, "Game": True}
    thirteen = entry(engine.make_rules("thirteen", 4, True), data={})
    assert all(
        NOBODY in [choice.value for choice in row.choices] for row in thirteen.awards
    )


def test_the_stuck_dealer_is_offered_only_the_bids_they_may_make() -> None:
    rules = engine.make_rules("auction", 4, options={"dealer_min_bid": 3})
    form = entry(
        rules,
        data={"mode": FULL, "call-0": "pass", "call-1": "pass", "call-2": "pass"},
        strict_calls=True,
    )
    dealer = form.calls[3]
    assert [c.value for c in dealer.choices if not c.disabled] == ["3", "4"]


def test_an_untapped_stuck_dealer_is_asked_to_bid_a_cleared_one_to_call() -> None:
    rules = engine.make_rules("auction", 4, options={"dealer_min_bid": 3})
    passes = {"mode": FULL, "call-0": "pass", "call-1": "pass", "call-2": "pass"}
    form = entry(rules, data=passes)
    assert form.hand_input() is None
    assert form.calls[3].stuck_dealer
    assert form.calls[3].errors == [
        "Tap Ann's bid: everyone else passed, so the dealer must bid at least 3."
    ]
    # The dealer's pass is not allowed: cleared, and the row asks for a call again.
    cleared = entry(rules, data={**passes, "call-3": "pass"}, strict_calls=True)
    assert cleared.hand_input() is None
    assert cleared.calls[3].hint == "Pass cleared: not allowed now"
    assert not cleared.calls[3].stuck_dealer
    assert cleared.calls[3].errors == ["Tap Ann's call: pass or a bid."]


def test_a_refusal_is_put_at_its_field_in_the_players_names() -> None:
    rules = engine.make_rules("auction", 4, True)
    form = entry(rules, data={"mode": FULL})
    refusal = engine.RuleViolation(
        "dealer_stuck",
        "auction.3",
        reason="passed",
        params={"least": 2, "dealer": engine.params.Seat(0)},
    )
    form.add_refusal(refusal)
    assert form.calls[3].errors == [
        "The dealer must bid at least 2 when everyone else passes. Ann (the dealer) "
        "passed: bid 2 or more."
    ]
    tie = engine.RuleViolation(
        "game_contradicts_game_points",
        "awards.game",
        reason="tie",
        params={
            "tied": engine.params.Sides(tuple(rules.side(s) for s in (0, 1))),
            "top": 20,
            "given": engine.params.Seat(1),
        },
    )
    form.add_refusal(tie)
    assert form.awards[3].errors == [
        "Ann & Cy and Bob & Di tie for the most game points (20), so nobody gets "
        "Game, but it is awarded to Bob: award Game to nobody, or correct the game "
        "points."
    ]


def test_labels_hints_and_suits_come_from_the_vocabulary() -> None:
    thirteen = entry(engine.make_rules("thirteen", 4, True), data={})
    assert [row.legend for row in thirteen.awards] == [
        str(vocabulary.POINT_LABELS[point]) for point in engine.POINTS["thirteen"]
    ]
    hints = {row.legend: row.hint for row in thirteen.awards}
    assert hints["Jack"] == "jack of trump"
    assert hints["Off-three"] == "other three of trump's colour · 3 points"
    assert [choice.label for choice in thirteen.trump.choices] == [
        "♠ Spades",
        "♥ Hearts",
        "♦ Diamonds",
        "♣ Clubs",
    ]
    dealt = entry(engine.make_rules("auction", 3, options={"low_goes_to": "dealt"}))
    hints = {row.legend: row.hint for row in dealt.awards}
    assert hints == {
        "High": "took the highest trump",
        "Low": "was dealt the lowest trump",
        "Jack": "took the jack of trump",
        "Game": "most game points (10s, A, K, Q, J)",
    }


# Not whole numbers, whatever isdigit() says: superscript two, Arabic-Indic three,
# more digits than int() converts, a sign, a fraction, any text.
NOT_NUMBERS = ["\u00b2", "\u0663", "9" * 5000, "-1", "1.5", "two"]


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_a_call_that_is_no_number_is_still_to_tap(value: str) -> None:
    rules = engine.make_rules("auction", 4)
    form = entry(rules, data={"mode": FULL, "call-0": value, "call-1": "2"})
    assert form.calls[0].chosen is None
    assert form.hand_input() is None
    assert form.calls[0].errors == ["Tap Bob's call: pass or a bid."]


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_game_points_that_are_no_number_are_refused_in_the_box(value: str) -> None:
    rules = engine.make_rules("auction", 2)
    form = entry(
        rules,
        data={"pitcher": "0", "bid": "2", "award-high": "0", "award-low": "1"}
        | {"award-jack": "none", "gp-0": value, "gp-1": "12"},
    )
    assert form.hand_input() is None
    assert form.game_points[0]["errors"] == [
        "Give Ann's game points as a whole number from 0 to 80, or leave the box "
        "empty for none."
    ]
    assert form.game_points[1]["errors"] == []


def test_a_name_with_brackets_is_asked_for_whole() -> None:
    names = {**NAMES, 1: "Bob (junior)"}
    form = HandEntry(
        rules=engine.make_rules("auction", 2),
        number=1,
        seat_names=names,
        side_names=["Ann", "Bob (junior)"],
        data={"mode": FULL},
    )
    assert form.missing()[0] == "2 calls (from Bob (junior))"
    assert form.hand_input() is None
    assert form.calls[0].errors == ["Tap Bob (junior)'s call: pass or a bid."]


def test_rest_to_a_team_credits_the_team_not_its_first_partner() -> None:
    """Issue 11 item 6: "Rest to team" gave every point left to the first partner."""
    rules = engine.make_rules("thirteen", 4, True)
    form = entry(
        rules,
        data={"pitcher": "1", "bid": "6", "award-three": "0", "award-two": "none"},
    )
    form.give_rest(1)
    hand = form.hand_input()

    assert hand is not None
    assert hand.awards["three"] == 0
    assert hand.awards["two"] is None
    for point in ("ace", "jack", "jick", "high_joker", "low_joker", "ten", "off_three"):
        assert hand.awards[point] == engine.SideCredit(1), point


def test_a_team_choice_is_offered_only_in_partnership_play() -> None:
    solo = entry(engine.make_rules("auction", 4), data={})
    teams = entry(engine.make_rules("auction", 6, True), data={})

    assert not any(choice.team for row in solo.awards for choice in row.choices)
    for row in teams.awards:
        team_choices = [choice for choice in row.choices if choice.team]
        assert [(c.value, c.label) for c in team_choices] == [
            ("side-0", "Ann & Di"),
            ("side-1", "Bob & Eve"),
            ("side-2", "Cy & Finn"),
        ]


def test_a_team_value_that_is_no_team_of_the_game_taps_nothing() -> None:
    rules = engine.make_rules("thirteen", 4, True)
    form = entry(rules, data={"pitcher": "1", "bid": "6", "award-ace": "side-7"})
    assert "ace" in [label.lower() for label in form.missing()]
