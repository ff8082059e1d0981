"""A game as a spreadsheet reads it (the live view's CSV export): a header, then
one row per hand, each cell kept as text a spreadsheet never runs as a formula.
No queries of its own (hands and awards prefetched)."""

from collections.abc import Iterator

from scoring.games.convert import rules_for
from scoring.models import Game, Hand, Point, Suit
from scoring.table.cards import seat_names, side_names
from scoring.table.words import export as words

# A cell a spreadsheet would read as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    """A name as text a spreadsheet shows as typed, never runs as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_rows(game: Game) -> Iterator[list[object]]:
    """Every hand of the game, one row each after a header, for a spreadsheet: who
    dealt, the auction's calls, who pitched, the bid and whether it was made, who
    took each point (a team credited as "Ann & Cy (team)", "nobody" for a point
    nobody took: a Jack not out, a tied Game), each side's change in
    the hand and running total, and the game's winner on the hand that won it
    (hands and awards prefetched)."""
    rules = rules_for(game)
    seats = seat_names(game)
    sides = side_names(game)
    header: list[object] = [
        words.csv_hand(),
        words.csv_dealer(),
        words.csv_auction(),
        words.csv_pitcher(),
        words.csv_bid(),
        words.csv_made(),
        words.csv_trump(),
    ]
    header += [Point(point).label for point in rules.points]
    for name in sides:
        header += [words.csv_change(name), words.csv_total(name)]
    header.append(words.csv_winner())
    yield [_cell(value) for value in header]
    for hand in game.hands.all():
        awarded = {
            award.point: seats[award.seat]
            if award.seat is not None
            else words.team_credit(sides[award.side])
            for award in hand.awards.all()
        }
        row: list[object] = [
            hand.number,
            seats[hand.dealer],
            _auction_words(hand, seats, rules.players),
            seats[hand.pitcher],
            hand.bid,
            words.yes_no(hand.made),
            Suit(hand.trump).label if hand.trump else "",
        ]
        row += [awarded.get(point, words.nobody()) for point in rules.points]
        for delta, score in zip(hand.deltas, hand.scores, strict=True):
            row += [delta, score]
        won = game.winner is not None and hand.number == game.hand_count
        row.append(sides[game.winner] if won else "")
        yield [_cell(value) for value in row]


def _auction_words(hand: Hand, seats: dict[int, str], players: int) -> str:
    """The calls in auction order, each with its caller: "Bob 2, Cy pass"."""
    if not hand.auction:
        return ""
    return ", ".join(
        f"{seats[(hand.dealer + 1 + index) % players]} {words.call(call)}"
        for index, call in enumerate(hand.auction)
    )
