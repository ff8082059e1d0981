"""Writes: tournaments, their draws and results; the bridge between rows and the
pairing library (tournaments.formats), and the game hook's follower.

Every write locks the tournament's row (select_for_update) before it reads the
draw, so two phones finishing two matches of one tournament at once are serialised
by the database: each sees the bracket as the other left it. A match's game is
started through scoring's services; its result follows the game through the game
hook (tournaments.listeners -> `match_follow_game`), in the game's transaction.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from pitchclub.models import Club, Player
from pitchclub.services import players as club_services
from pitchclub.text import UnsafeText, clean_name
from pitchclub.vocabulary import PLAYER_NAME_MAX
from scoring import engine
from scoring.engine import RuleViolation
from scoring.engine.variants import MAX_HAND_LIMIT
from scoring.games import services as scoring_services
from scoring.models import Game
from scoring.models import Status as GameStatus
from tournaments import formats, pairing
from tournaments.models import (
    Entrant,
    EntrantPlayer,
    Match,
    MatchGame,
    MatchStatus,
    Round,
    Tournament,
    TournamentStatus,
)
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import (
    CYCLES,
    ELIMINATION,
    ENTRANTS_MAX,
    FORMATS_CREATED,
    GAMES_PER_MATCH,
    MOVEMENTS,
    NIGHT_ROUNDS_MAX,
    NIGHT_SCORINGS,
    PROGRESSIVE,
    SEEDINGS,
    SETTINGS_DEFAULTS,
    TEAM_SIZES,
    TOURNAMENT_NAME_MAX,
)
from tournaments.words import match_label, unit, versus

# The game hook's refusal when a result others depend on would change (a 409 code
# of scoring's: the game's change conflicts with what stands).
DEPENDED_ON = "result_depended_on"


@dataclass(frozen=True)
class EntrantInput:
    """An entrant as the organiser gives it: its players (names or roster
    players), and optionally its name (else the player's, or "Ann & Cy")."""

    players: Sequence[str | Player]
    name: str | None = None


def _user(by: AbstractBaseUser | None) -> AbstractBaseUser | None:
    return by if by is not None and by.is_authenticated else None


# --- Creating a tournament -----------------------------------------------------------


def _clean(text: str, field: str, code: str, what: str) -> str:
    try:
        return clean_name(text)
    except UnsafeText as problem:
        raise TournamentRefusal(
            code, field, params={"problem": problem.sentence(what)}
        ) from problem


def _check_settings(
    format: str, given: Mapping[str, Any] | None, entrants: int
) -> dict[str, Any]:
    """The format's settings with defaults filled in; an unknown one, or a value
    out of range, is refused naming it (settings.<name>)."""
    defaults = SETTINGS_DEFAULTS[format]
    if given is None:
        given = {}
    for name in given:
        if name not in defaults:
            raise TournamentRefusal(
                "unknown_setting",
                f"settings.{name}",
                params={
                    "format": format,
                    "setting": name,
                    "known": ", ".join(sorted(defaults)),
                },
            )
    settings = {**defaults, **given}

    def bad(name: str, allowed: str) -> TournamentRefusal:
        return TournamentRefusal(
            "bad_setting",
            f"settings.{name}",
            params={"setting": name, "allowed": allowed, "given": settings[name]},
        )

    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if "games_per_match" in settings and (
        not whole(settings["games_per_match"])
        or settings["games_per_match"] not in GAMES_PER_MATCH
    ):
        raise bad("games_per_match", "1, 3 or 5")
    if settings["seeding"] not in SEEDINGS:
        raise bad("seeding", '"given" or "random"')
    if format == PROGRESSIVE:
        return _check_night_settings(settings, bad, whole)
    for flag in ("third_place", "grand_final_reset"):
        if flag in settings and not isinstance(settings[flag], bool):
            raise bad(flag, "true or false")
    if "cycles" in settings and (
        not whole(settings["cycles"]) or settings["cycles"] not in CYCLES
    ):
        raise bad("cycles", "1 or 2")
    if "rounds" in settings:
        rounds = settings["rounds"]
        if rounds is not None and not whole(rounds):
            raise bad("rounds", "a whole number")
        try:
            settings["rounds"] = pairing.swiss_rounds(entrants, rounds)
        except pairing.PairingError as wrong:
            raise TournamentRefusal(
                "bad_rounds",
                "settings.rounds",
                params={
                    "entrants": entrants,
                    "most": max(entrants - 1, 1),
                    "given": rounds,
                },
            ) from wrong
    return settings


def _check_night_settings(
    settings: dict[str, Any],
    bad: Any,
    whole: Any,
) -> dict[str, Any]:
    """A progressive night's settings: rounds, hands per round (null: a game to
    the target), movement and scoring."""
    if not whole(settings["rounds"]) or not 1 <= settings["rounds"] <= (
        NIGHT_ROUNDS_MAX
    ):
        raise bad("rounds", f"a whole number from 1 to {NIGHT_ROUNDS_MAX}")
    hands = settings["hands_per_round"]
    if hands is not None and (not whole(hands) or not 1 <= hands <= MAX_HAND_LIMIT):
        raise bad(
            "hands_per_round",
            f"null (a game to the target) or 1 to {MAX_HAND_LIMIT}",
        )
    if settings["movement"] not in MOVEMENTS:
        raise bad("movement", '"winners_up" or "fixed"')
    if settings["scoring"] not in NIGHT_SCORINGS:
        raise bad("scoring", '"points" or "wins"')
    return settings


def _resolve(
    club: Club, entrants: Sequence[EntrantInput], team_size: int
) -> list[tuple[str, list[Player]]]:
    """Each entrant's name and players: names resolve against the club's roster as
    when starting a game (a new name adds a guest); a player plays for one entrant
    only, and two entrants never share a name."""
    resolved: list[tuple[str, list[Player]]] = []
    playing: dict[int, int] = {}
    named: dict[str, int] = {}
    for index, entrant in enumerate(entrants):
        where = f"entrants.{index}"
        if len(entrant.players) != team_size:
            raise TournamentRefusal(
                "wrong_team_size",
                f"{where}.players",
                params={
                    "entrant": index + 1,
                    "size": "a team of two" if team_size == 2 else "one player",
                    "count": team_size,
                    "plural": "s" if team_size == 2 else "",
                },
            )
        players: list[Player] = []
        for position, ref in enumerate(entrant.players):
            at = f"{where}.players.{position}" if team_size == 2 else where
            if isinstance(ref, Player):
                if ref.club_id != club.pk:
                    raise TournamentRefusal(
                        "player_not_in_roster",
                        at,
                        params={"player": ref.name, "club": club.name},
                    )
                player = ref
            elif isinstance(ref, str):
                name = _clean(
                    ref,
                    at,
                    "invalid_player_name",
                    f"The name of player {position + 1} of entrant {index + 1}",
                )
                if not name:
                    raise TournamentRefusal(
                        "empty_player_name",
                        at,
                        params={"position": position + 1, "entrant": index + 1},
                    )
                if len(name) > PLAYER_NAME_MAX:
                    raise TournamentRefusal(
                        "player_name_too_long", at, params={"most": PLAYER_NAME_MAX}
                    )
                player = club_services.guest_add(club=club, name=name)
            else:
                raise TournamentRefusal(
                    "invalid_entrant", where, params={"entrant": index + 1}
                )
            if player.pk in playing:
                other = playing[player.pk]
                raise TournamentRefusal(
                    "player_twice",
                    at,
                    params={
                        "player": player.name,
                        "other": other + 1,
                        "other_name": resolved[other][0]
                        if other < len(resolved)
                        else " & ".join(p.name for p in players),
                    },
                )
            playing[player.pk] = index
            players.append(player)
        if entrant.name is not None:
            name = _clean(
                entrant.name,
                f"{where}.name",
                "invalid_name",
                f"The name of entrant {index + 1}",
            )
        else:
            name = ""
        if not name:
            name = " & ".join(player.name for player in players)
        if len(name) > TOURNAMENT_NAME_MAX:
            raise TournamentRefusal(
                "entrant_name_too_long",
                f"{where}.name",
                params={"most": TOURNAMENT_NAME_MAX},
            )
        if name.casefold() in named:
            raise TournamentRefusal(
                "entrant_name_twice",
                f"{where}.name" if entrant.name else where,
                # The earlier entrant's name as it was spelt there.
                params={
                    "other": named[name.casefold()] + 1,
                    "name": resolved[named[name.casefold()]][0],
                },
            )
        named[name.casefold()] = index
        resolved.append((name, players))
    return resolved


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    name: str,
    format: str,
    variant: str,
    team_size: int = 1,
    options: Mapping[str, Any] | None = None,
    settings: Mapping[str, Any] | None = None,
    entrants: Sequence[EntrantInput],
    created_by: AbstractBaseUser | None = None,
    rng: random.Random | None = None,
) -> Tournament:
    """Create a tournament and draw its first round (its matches `ready`, byes
    `completed`; an elimination bracket is laid out whole, later slots waiting).
    `entrants` in seed order; with `seeding: random` the seeds are drawn here,
    once. Whether `created_by` may is the caller's check."""
    if format not in FORMATS_CREATED:
        raise TournamentRefusal("format_not_available", "format")
    night = format == PROGRESSIVE
    if night and team_size != 1:
        raise TournamentRefusal("night_team_size", "team_size")
    if team_size not in TEAM_SIZES:
        raise TournamentRefusal(
            "bad_setting",
            "team_size",
            params={"setting": "team_size", "allowed": "1 or 2", "given": team_size},
        )
    if variant == engine.Variant.THIRTEEN and team_size != 2 and not night:
        raise TournamentRefusal(
            "team_size_for_variant", "team_size", params={"variant": "Thirteen"}
        )
    if night:
        # The game of a table of four (partners opposite), its rounds' hands
        # fixed by hands_per_round (checked with the other options: a thirteen
        # moon option may not fit a fixed-hands game).
        checked = _check_settings(format, settings, len(entrants))
        rules = engine.make_rules(
            variant,
            4,
            True,
            0,
            {**(options or {}), "hand_limit": checked["hands_per_round"]},
        )
    else:
        rules = engine.make_rules(variant, 2 * team_size, team_size == 2, 0, options)
    title = _clean(name, "name", "invalid_name", "The tournament's name")
    if not title:
        raise TournamentRefusal("empty_name", "name")
    if len(title) > TOURNAMENT_NAME_MAX:
        raise TournamentRefusal(
            "name_too_long", "name", params={"most": TOURNAMENT_NAME_MAX}
        )
    if night and len(entrants) < pairing.progressive.MIN_PLAYERS:
        raise TournamentRefusal(
            "too_few_players",
            "entrants",
            params={"least": pairing.progressive.MIN_PLAYERS, "given": len(entrants)},
        )
    if len(entrants) < 2:
        raise TournamentRefusal(
            "too_few_entrants", "entrants", params={"least": 2, "given": len(entrants)}
        )
    if len(entrants) > ENTRANTS_MAX:
        raise TournamentRefusal(
            "too_many_entrants",
            "entrants",
            params={"most": ENTRANTS_MAX, "given": len(entrants)},
        )
    checked = _check_settings(format, settings, len(entrants))
    resolved = _resolve(club, entrants, team_size)
    order = list(range(len(resolved)))
    if checked["seeding"] == "random":
        order = pairing.seed_order(order, "random", rng or random.Random())
    tournament = Tournament.objects.create(
        club=club,
        name=title,
        format=format,
        variant=str(rules.variant),
        team_size=team_size,
        options=rules.options(),
        settings=checked,
        created_by=_user(created_by),
    )
    for seed, index in enumerate(order, start=1):
        entrant_name, players = resolved[index]
        entrant = Entrant.objects.create(
            tournament=tournament, seed=seed, name=entrant_name
        )
        EntrantPlayer.objects.bulk_create(
            EntrantPlayer(
                tournament=tournament, entrant=entrant, position=position, player=p
            )
            for position, p in enumerate(players)
        )
    if format == "swiss":
        _draw_swiss_round(tournament, _matches(tournament))
    if night:
        _draw_night_round(tournament, [])
    _refresh(tournament)
    return tournament


# --- Following results ---------------------------------------------------------------


def _lock(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def _matches(tournament: Tournament) -> list[Match]:
    """Every match of the tournament with its round, in play order (1 query)."""
    return list(
        Match.objects.filter(tournament=tournament)
        .select_related("round")
        .order_by("round__id", "number")
    )


def _ids(tournament: Tournament) -> list[int]:
    return list(tournament.entrants.order_by("seed").values_list("pk", flat=True))


_MATCH_FIELDS = (
    "slots",
    "entrant_a_id",
    "entrant_b_id",
    "status",
    "winner_id",
    "wins_a",
    "wins_b",
    "scores",
    "table",
)


def _snapshot(match: Match) -> tuple[Any, ...]:
    return tuple(getattr(match, name) for name in _MATCH_FIELDS)


def _clear(match: Match, status: str) -> None:
    match.status = status
    match.winner_id = None
    match.wins_a = match.wins_b = 0
    match.scores = None
    match.on_paper = False


def _sync_bracket(tournament: Tournament, matches: list[Match]) -> bool:
    """Lay the bracket's state on the rows: new rows for matches not stored yet,
    entrants moved on, byes completed, a reset not needed removed. Returns
    whether the tournament is finished (its champion then set)."""
    ids = _ids(tournament)
    bracket = formats.bracket_of(tournament, ids)
    state = pairing.bracket_state(bracket, formats.played_results(matches))
    rounds = {(r.bracket, r.number): r for r in tournament.rounds.all()}
    rows = {formats.key_of(match): match for match in matches}
    created: list[Match] = []
    changed: list[Match] = []
    for match_state in state.matches:
        key = match_state.key
        row = rows.pop(key, None)
        if match_state.status == "void":
            if row is not None:
                matches.remove(row)
                row.delete()
            continue
        if row is None:
            round_ = rounds.get((key.bracket, key.round))
            if round_ is None:
                round_ = Round.objects.create(
                    tournament=tournament, bracket=key.bracket, number=key.round
                )
                rounds[(key.bracket, key.round)] = round_
            row = Match(tournament=tournament, round=round_, number=key.number)
            created.append(row)
            matches.append(row)
        before = _snapshot(row)
        slots = list(match_state.entrants) or [None, None]
        first = slots[0]
        second = slots[1] if len(slots) > 1 else None
        if (row.entrant_a_id, row.entrant_b_id) != (first, second):
            # New entrants (a correction upstream, before this match started).
            _clear(row, MatchStatus.WAITING)
            row.table = None
        row.slots = len(slots)
        row.entrant_a_id, row.entrant_b_id = first, second
        if match_state.status == "completed" and row.slots == 1:
            row.status = MatchStatus.COMPLETED
            row.winner_id = first
            row.table = None
        elif match_state.status == "ready":
            if row.status not in (MatchStatus.RUNNING, MatchStatus.COMPLETED):
                row.status = MatchStatus.READY
        elif match_state.status == "waiting":
            _clear(row, MatchStatus.WAITING)
            row.table = None
        if row.pk is not None and _snapshot(row) != before:
            changed.append(row)
    for row in rows.values():
        # A match the bracket no longer has (it never changes shape): gone.
        matches.remove(row)
        row.delete()
    Match.objects.bulk_create(created)
    if changed:
        Match.objects.bulk_update(
            changed, [f.removesuffix("_id") for f in _MATCH_FIELDS]
        )
    Round.objects.filter(tournament=tournament, matches__isnull=True).delete()
    if state.champion is not None:
        tournament.champion_id = state.champion
    return state.finished


def _create_round(
    tournament: Tournament, bracket: str, number: int, drawn: Sequence[pairing.Pairing]
) -> list[Match]:
    round_ = Round.objects.create(tournament=tournament, bracket=bracket, number=number)
    rows = []
    for index, drawn_match in enumerate(drawn, start=1):
        if drawn_match.is_bye:
            (only,) = drawn_match.entrants
            rows.append(
                Match(
                    tournament=tournament,
                    round=round_,
                    number=index,
                    slots=1,
                    entrant_a_id=only,
                    status=MatchStatus.COMPLETED,
                    winner_id=only,
                )
            )
        else:
            first, second = drawn_match.entrants
            rows.append(
                Match(
                    tournament=tournament,
                    round=round_,
                    number=index,
                    entrant_a_id=first,
                    entrant_b_id=second,
                    status=MatchStatus.READY,
                )
            )
    return Match.objects.bulk_create(rows)


def _round_done(matches: Sequence[Match], number: int) -> bool:
    return all(
        match.status == MatchStatus.COMPLETED
        for match in matches
        if match.round.number == number
    )


def _all_done(matches: Sequence[Match]) -> bool:
    return all(match.status == MatchStatus.COMPLETED for match in matches)


def _last_round(matches: Sequence[Match]) -> int:
    return max((match.round.number for match in matches), default=0)


def _sync_round_robin(tournament: Tournament, matches: list[Match]) -> bool:
    """The next round appears once every match of the last one is completed (the
    schedule is fixed: results never change who meets whom)."""
    schedule = pairing.round_robin_schedule(
        _ids(tournament), tournament.settings.get("cycles", 1)
    )
    last = _last_round(matches)
    while last < len(schedule) and (last == 0 or _round_done(matches, last)):
        last += 1
        matches.extend(_create_round(tournament, "main", last, schedule[last - 1]))
    return last == len(schedule) and _all_done(matches)


def _night_seats(tournament: Tournament) -> tuple[list[int], dict[int, int], set[int]]:
    """A night's players in seed order (late arrivals last), their seeds by
    entrant id, and who has left."""
    rows = list(tournament.entrants.order_by("seed").values_list("pk", "seed", "left"))
    return (
        [pk for pk, _, _ in rows],
        {pk: seed for pk, seed, _ in rows},
        {pk for pk, _, left in rows if left},
    )


def _draw_night_round(tournament: Tournament, matches: list[Match]) -> None:
    """Seat a progressive night's next round (round 1 in seed order) from the
    pairing library: a table per Match (its players in `seats`), each sit-out
    a completed one-player bye."""
    ids, _, left = _night_seats(tournament)
    solo = tournament.variant != engine.Variant.THIRTEEN
    played = formats.played_rounds(matches)
    if not played:
        seating = pairing.progressive_first_round(ids, solo=solo)
    else:
        seating = pairing.progressive_next_round(
            ids,
            played,
            movement=tournament.settings["movement"],
            solo=solo,
            left=left,
        )
    round_ = Round.objects.create(
        tournament=tournament, bracket="main", number=len(played) + 1
    )
    rows = [
        Match(
            tournament=tournament,
            round=round_,
            number=table.number,
            table=table.number,
            seats=list(table.players),
            entrant_a=None,
            status=MatchStatus.READY,
        )
        for table in seating.tables
    ]
    rows += [
        Match(
            tournament=tournament,
            round=round_,
            number=len(seating.tables) + index,
            slots=1,
            entrant_a_id=player,
            status=MatchStatus.COMPLETED,
            winner_id=player,
        )
        for index, player in enumerate(seating.sitting_out, start=1)
    ]
    created = Match.objects.bulk_create(rows)
    for row in created:
        row.round = round_
    matches.extend(created)


def _draw_swiss_round(tournament: Tournament, matches: list[Match]) -> None:
    ids = _ids(tournament)
    drawn = pairing.swiss_pairings(ids, formats.all_results(matches))
    matches.extend(_create_round(tournament, "main", _last_round(matches) + 1, drawn))


def _assign_tables(matches: Sequence[Match]) -> None:
    """An open match gets the lowest table no other open match holds, when it
    becomes ready; it keeps it until it is completed (and in the record after)."""
    open_ = (MatchStatus.READY, MatchStatus.RUNNING)
    taken = {m.table for m in matches if m.status in open_ and m.table is not None}
    changed = []
    table = 1
    for match in matches:
        if match.status in open_ and match.table is None:
            while table in taken:
                table += 1
            match.table = table
            taken.add(table)
            changed.append(match)
    Match.objects.bulk_update(changed, ["table"])


def _refresh(tournament: Tournament, matches: list[Match] | None = None) -> None:
    """Everything that follows from the results as they stand: the bracket's next
    matches, a round robin's next round, tables, the tournament's status and
    champion."""
    if matches is None:
        matches = _matches(tournament)
    champion = None
    if tournament.format in ELIMINATION:
        finished = _sync_bracket(tournament, matches)
        champion = tournament.champion_id if finished else None
    else:
        if tournament.format == "round_robin":
            finished = _sync_round_robin(tournament, matches)
        else:
            last = _last_round(matches)
            finished = last == tournament.settings["rounds"] and _all_done(matches)
        if finished:
            table = formats.standings(tournament, _ids(tournament), matches)
            champion = table[0].entrant
    matches.sort(key=lambda m: (m.round_id, m.number))
    _assign_tables(matches)
    tournament.champion_id = champion
    tournament.status = (
        TournamentStatus.FINISHED if finished else TournamentStatus.RUNNING
    )
    tournament.save(update_fields=["champion", "status", "updated_at"])


def _names(match: Match) -> str:
    slots = (
        list(match.seats)
        if formats.is_table(match)
        else [match.entrant_a_id, match.entrant_b_id][: match.slots]
    )
    names = {
        entrant.pk: entrant.name
        for entrant in Entrant.objects.filter(pk__in=[s for s in slots if s])
    }
    if formats.is_table(match):
        return ", ".join(names.get(slot, "?") for slot in slots)
    return versus([names.get(slot) for slot in slots])


def _label(tournament: Tournament, match: Match) -> str:
    return match_label(
        format=tournament.format,
        bracket=match.round.bracket,
        round_number=match.round.number,
        number=match.number,
    )


def _refuse_change(tournament: Tournament, match: Match, blocking: Match) -> None:
    dependent = _label(tournament, blocking)
    raise RuleViolation(
        DEPENDED_ON,
        "hands",
        f"{dependent} ({_names(blocking)}) has started, and who plays in it depends "
        f"on the result of {_label(tournament, match).lower()}: this game's winner "
        f"can no longer change. Undo or correct {dependent.lower()} first.",
    )


def _check_change(
    tournament: Tournament, match: Match, matches: list[Match]
) -> list[Round]:
    """A played match's result is about to change: refuse if a later match that
    depends on it has started (naming it). Returns the later Swiss rounds drawn
    from the old result (none started), to be drawn again."""
    if tournament.format in ELIMINATION:
        bracket = formats.bracket_of(tournament, _ids(tournament))
        dependents = pairing.bracket_dependents(bracket, formats.key_of(match))
        for other in matches:
            if formats.key_of(other) in dependents and formats.has_started(other):
                _refuse_change(tournament, match, other)
        return []
    if tournament.format in ("swiss", PROGRESSIVE):
        later = [m for m in matches if m.round.number > match.round.number]
        for other in later:
            if formats.has_started(other):
                _refuse_change(tournament, match, other)
        return list({m.round_id: m.round for m in later}.values())
    return []


def _apply(
    tournament: Tournament,
    match: Match,
    *,
    status: str,
    winner_id: int | None,
    wins: tuple[int, int],
    scores: list[int] | None,
    on_paper: bool = False,
) -> None:
    """Write a match's new result and everything that follows from it."""
    matches = _matches(tournament)
    match = next(m for m in matches if m.pk == match.pk)
    redraw: list[Round] = []
    was_played = formats.is_played(match)
    if was_played and (
        status != MatchStatus.COMPLETED
        or winner_id != match.winner_id
        or _moves_differ(tournament, match, scores)
    ):
        redraw = _check_change(tournament, match, matches)
    match.status = status
    match.winner_id = winner_id
    match.wins_a, match.wins_b = wins
    match.scores = scores
    match.on_paper = on_paper
    match.save(
        update_fields=[
            "status",
            "winner",
            "wins_a",
            "wins_b",
            "scores",
            "on_paper",
            "updated_at",
        ]
    )
    if redraw:
        dropped = {round_.pk for round_ in redraw}
        Round.objects.filter(pk__in=dropped).delete()
        matches = [m for m in matches if m.round_id not in dropped]
        if tournament.format == "swiss" and _round_done(matches, match.round.number):
            _draw_swiss_round(tournament, matches)
    _refresh(tournament, matches)


def _moves_differ(
    tournament: Tournament, match: Match, scores: list[int] | None
) -> bool:
    """A progressive table's new scores would move other players up than its
    stored ones (a later round's seating depends on who moved)."""
    if not formats.is_table(match) or scores is None or match.scores is None:
        return False
    _, seeds, _ = _night_seats(tournament)
    after = pairing.TableResult(tuple(match.seats), tuple(scores))
    try:
        moving = pairing.table_winners(after, seeds)
    except pairing.PairingError:
        return True
    return moving != formats.table_winners(match, seeds)


def _follow_table(tournament: Tournament, match: Match, game: Game | None) -> None:
    """A progressive table's result as its game stands: completed with the
    game's scores (one per side) once the game is finished; a table's game ends
    after hands_per_round hands (or at the target), an exact tie at a table of
    four plays on (the engine's hand_limit rule)."""
    links = list(
        match.games.filter(abandoned=False).select_related("game").order_by("number")
    )
    status = MatchStatus.RUNNING if links else MatchStatus.READY
    scores: list[int] | None = None
    if links:
        last = links[-1]
        played = game if game is not None and last.game_id == game.pk else last.game
        scores = list(played.scores)
        if played.status == GameStatus.FINISHED:
            status = MatchStatus.COMPLETED
    _apply(
        tournament,
        match,
        status=status,
        winner_id=None,
        wins=(0, 0),
        scores=scores,
    )


def _follow(tournament: Tournament, match: Match, game: Game | None = None) -> None:
    """The match's result as its games stand (`game`: the row as the change left
    it): wins per entrant, the first to a majority of games_per_match wins; the
    scores of its last game. Abandoned games count for nothing."""
    if formats.is_table(match):
        _follow_table(tournament, match, game)
        return
    links = list(
        match.games.filter(abandoned=False).select_related("game").order_by("number")
    )
    need = tournament.settings["games_per_match"] // 2 + 1
    wins = [0, 0]
    decided: int | None = None
    scores: list[int] | None = None
    for link in links:
        played = game if game is not None and link.game_id == game.pk else link.game
        scores = list(played.scores)
        if played.status == GameStatus.FINISHED and played.winner is not None:
            wins[played.winner] += 1
            if decided is None and wins[played.winner] >= need:
                decided = played.winner
    if decided is not None:
        status = MatchStatus.COMPLETED
        winner_id = (match.entrant_a_id, match.entrant_b_id)[decided]
    else:
        status = MatchStatus.RUNNING if links else MatchStatus.READY
        winner_id = None
    _apply(
        tournament,
        match,
        status=status,
        winner_id=winner_id,
        wins=(wins[0], wins[1]),
        scores=scores if links else None,
    )


def match_follow_game(
    *, game: Game, abandoned: bool | None = None, deleted: bool = False
) -> None:
    """The game hook's follower: the match of `game` (if any) takes its result as
    the game now stands, in the game's transaction. `abandoned` True/False marks
    the game abandoned or resumed; `deleted`, the game about to be deleted. A
    result that later started matches depend on is refused (RuleViolation)."""
    if game.club_id is None:
        return
    link = MatchGame.objects.filter(game_id=game.pk).first()
    if link is None or (link.abandoned and abandoned is not False):
        # Not a match's game, or one set aside: it counts for nothing.
        return
    match = Match.objects.select_related("round").get(pk=link.match_id)
    tournament = _lock(match.tournament_id)
    match = Match.objects.select_related("round").get(pk=link.match_id)
    if abandoned is True or deleted:
        MatchGame.objects.filter(pk=link.pk).update(abandoned=True)
    elif abandoned is False:
        _check_resume(tournament, match, link)
        MatchGame.objects.filter(pk=link.pk).update(abandoned=False)
    _follow(tournament, match, game)


def _check_resume(tournament: Tournament, match: Match, link: MatchGame) -> None:
    """An abandoned game may be resumed while its match still waits for it: not
    once a result is in or another game of the match is being played."""
    other = (
        match.games.filter(abandoned=False)
        .exclude(pk=link.pk)
        .filter(game__status=GameStatus.IN_PROGRESS)
        .first()
    )
    if match.status == MatchStatus.COMPLETED or other is not None:
        raise RuleViolation(
            DEPENDED_ON,
            "status",
            f"{_label(tournament, match)} ({_names(match)}) has moved on since this "
            "game was abandoned"
            + (
                f" (game {other.game_id} is being played for it)"
                if other is not None
                else " (its result is in)"
            )
            + ": this game cannot be resumed.",
        )


# --- The organisers' actions ---------------------------------------------------------


def _match_of(tournament: Tournament, match_id: int) -> Match:
    """The tournament's match (Match.DoesNotExist for another's, a 404)."""
    return Match.objects.select_related("round").get(pk=match_id, tournament=tournament)


def _not_open(tournament: Tournament, match: Match, why: str) -> TournamentRefusal:
    return TournamentRefusal(
        "match_not_open",
        "match",
        params={
            "match": _label(tournament, match),
            "status": match.get_status_display().lower(),
            "why": why,
        },
    )


def _game_in_progress(match: Match) -> MatchGame | None:
    return (
        match.games.filter(abandoned=False, game__status=GameStatus.IN_PROGRESS)
        .select_related("game")
        .first()
    )


@transaction.atomic
def match_game_start(
    *, tournament_id: int, match_id: int, by: AbstractBaseUser | None = None
) -> tuple[Game, Match]:
    """Start the match's next game through scoring's services, its entrants'
    players seated (two solo entrants: a 2-player game; two teams: a partnership
    game of four, team A at seats 0 and 2), and link it. The deal moves on one
    seat at each game of a match. Whether `by` may is the caller's check."""
    tournament = _lock(tournament_id)
    match = _match_of(tournament, match_id)
    if match.status == MatchStatus.WAITING:
        raise _not_open(tournament, match, "its entrants are not known yet.")
    if match.status == MatchStatus.COMPLETED:
        raise _not_open(
            tournament,
            match,
            "it is a bye." if match.slots == 1 else "its result is in.",
        )
    current = _game_in_progress(match)
    if current is not None:
        raise _not_open(
            tournament,
            match,
            f"its game {current.number} (game {current.game_id}) is being played.",
        )
    number = match.games.count() + 1
    if formats.is_table(match):
        # A progressive table: its players in seat order, partners opposite at
        # a table of four, each for themself at a table of 3 or 5.
        by_entrant = {
            link.entrant_id: link.player
            for link in EntrantPlayer.objects.filter(
                entrant_id__in=match.seats
            ).select_related("player")
        }
        seated = [by_entrant[entrant_id] for entrant_id in match.seats]
        partnership = len(seated) == 4
    else:
        members = {
            entrant_id: [
                link.player
                for link in EntrantPlayer.objects.filter(entrant_id=entrant_id)
                .select_related("player")
                .order_by("position")
            ]
            for entrant_id in (match.entrant_a_id, match.entrant_b_id)
        }
        team_a, team_b = members[match.entrant_a_id], members[match.entrant_b_id]
        seated = [team_a[0], team_b[0]]
        if tournament.team_size == 2:
            seated += [team_a[1], team_b[1]]
        partnership = tournament.team_size == 2
    game = scoring_services.game_start(
        variant=tournament.variant,
        players=seated,
        partnership=partnership,
        first_dealer=(number - 1) % len(seated),
        options=tournament.options,
        club=tournament.club,
        created_by=by,
    )
    MatchGame.objects.create(match=match, game=game, number=number)
    match.status = MatchStatus.RUNNING
    match.save(update_fields=["status", "updated_at"])
    _refresh(tournament)
    return game, match


@transaction.atomic
def match_result_enter(
    *,
    tournament_id: int,
    match_id: int,
    winner: int,
    scores: Sequence[int] | None = None,
    by: AbstractBaseUser | None = None,
) -> Tournament:
    """An organiser's result for a match played on paper: the winner (an entrant
    of the match) and optionally the points, one per entrant in the match's
    order. A game of the match without hands (started by mistake) is set aside;
    one with hands is refused: it is played at the table."""
    tournament = _lock(tournament_id)
    match = _match_of(tournament, match_id)
    if formats.is_table(match):
        raise TournamentRefusal("table_result_scores", "winner")
    if match.status not in (MatchStatus.READY, MatchStatus.RUNNING):
        why = {
            MatchStatus.WAITING: "its entrants are not known yet.",
            MatchStatus.COMPLETED: "it is a bye."
            if match.slots == 1
            else "its result is in.",
        }[match.status]
        raise _not_open(tournament, match, why)
    entrants = [match.entrant_a_id, match.entrant_b_id]
    if winner not in entrants:
        raise TournamentRefusal(
            "winner_not_in_match",
            "winner",
            params={"winner": winner, "entrants": " or ".join(map(str, entrants))},
        )
    if scores is not None and len(scores) != 2:
        raise TournamentRefusal("bad_scores", "scores", params={"count": 2})
    links = list(match.games.filter(abandoned=False).select_related("game"))
    with_hands = next((link for link in links if link.game.hand_count), None)
    if with_hands is not None:
        raise TournamentRefusal(
            "match_has_hands",
            "match",
            params={
                "match": _label(tournament, match),
                "game": with_hands.game_id,
            },
        )
    MatchGame.objects.filter(pk__in=[link.pk for link in links]).update(abandoned=True)
    index = entrants.index(winner)
    _apply(
        tournament,
        match,
        status=MatchStatus.COMPLETED,
        winner_id=winner,
        wins=(1, 0) if index == 0 else (0, 1),
        scores=list(scores) if scores is not None else None,
        on_paper=True,
    )
    return tournament


def _check_open(tournament: Tournament, match: Match) -> None:
    if match.status not in (MatchStatus.READY, MatchStatus.RUNNING):
        raise _not_open(
            tournament,
            match,
            "its result is in." if formats.is_table(match) else "it is a bye.",
        )


@transaction.atomic
def table_result_enter(
    *,
    tournament_id: int,
    match_id: int,
    scores: Sequence[int] | None,
    winner: int | None = None,
    by: AbstractBaseUser | None = None,
) -> Tournament:
    """An organiser's result for a progressive table that kept score on paper:
    its scores, one per side as its game counts them (2 at a table of four, one
    per player at a table of 3 or 5). A winner is refused, whatever the scores
    (a table has none: its scores say who moves up). An exact tie at a table of
    four is refused (one more hand is played). A game of the table without hands
    is set aside; one with hands is refused."""
    tournament = _lock(tournament_id)
    match = _match_of(tournament, match_id)
    if winner is not None and formats.is_table(match):
        raise TournamentRefusal("table_result_scores", "winner")
    if not formats.is_table(match):
        raise TournamentRefusal("not_a_table", "scores")
    _check_open(tournament, match)
    sides = 2 if len(match.seats) == 4 else len(match.seats)
    if scores is None or len(scores) != sides:
        raise TournamentRefusal(
            "table_scores",
            "scores",
            params={
                "count": sides,
                "table": match.table,
                "how": "one per side"
                if sides == 2
                else "one per player: the table plays solo",
            },
        )
    if sides == 2 and scores[0] == scores[1]:
        raise TournamentRefusal(
            "tied_table", "scores", params={"table": match.table, "score": scores[0]}
        )
    links = list(match.games.filter(abandoned=False).select_related("game"))
    with_hands = next((link for link in links if link.game.hand_count), None)
    if with_hands is not None:
        raise TournamentRefusal(
            "match_has_hands",
            "match",
            params={"match": _label(tournament, match), "game": with_hands.game_id},
        )
    MatchGame.objects.filter(pk__in=[link.pk for link in links]).update(abandoned=True)
    _apply(
        tournament,
        match,
        status=MatchStatus.COMPLETED,
        winner_id=None,
        wins=(0, 0),
        scores=list(scores),
        on_paper=True,
    )
    return tournament


def _check_night(tournament: Tournament) -> None:
    if tournament.format != PROGRESSIVE:
        raise TournamentRefusal(
            "not_a_night",
            "format",
            params={"format": tournament.get_format_display().lower()},
        )


def _rounds_left(tournament: Tournament, matches: Sequence[Match]) -> int:
    return tournament.settings["rounds"] - _last_round(matches)


@transaction.atomic
def night_player_add(
    *, tournament_id: int, player: str | Player, by: AbstractBaseUser | None = None
) -> Entrant:
    """A late arrival at a progressive night: a roster player or a new name (a
    guest), seeded last; they join at the last table from the next round, with
    no points for the rounds missed. A player who went home and comes back is
    their own entrant again (their tally and seed kept), seated from the next
    round as a late arrival is. Refused once the last round is drawn."""
    tournament = _lock(tournament_id)
    _check_night(tournament)
    matches = _matches(tournament)
    if _rounds_left(tournament, matches) <= 0:
        raise TournamentRefusal(
            "no_round_left", "player", params={"rounds": tournament.settings["rounds"]}
        )
    try:
        ((name, (resolved,)),) = _resolve(
            tournament.club, [EntrantInput(players=[player])], 1
        )
    except TournamentRefusal as wrong:
        # The API's field is the one player given, not an entrant of a list.
        raise TournamentRefusal(wrong.code, "player", params=wrong.params) from wrong
    gone = tournament.entrants.filter(left=True, members__player=resolved).first()
    if gone is not None:
        gone.left = False
        gone.save(update_fields=["left"])
        tournament.save(update_fields=["updated_at"])
        return gone
    taken = EntrantPlayer.objects.filter(tournament=tournament, player=resolved)
    if taken.exists() or tournament.entrants.filter(name__iexact=name).exists():
        raise TournamentRefusal("already_playing", "player", params={"player": name})
    seed = (tournament.entrants.order_by("-seed").values_list("seed", flat=True))[0]
    entrant = Entrant.objects.create(tournament=tournament, seed=seed + 1, name=name)
    EntrantPlayer.objects.create(
        tournament=tournament, entrant=entrant, position=0, player=resolved
    )
    tournament.save(update_fields=["updated_at"])
    return entrant


@transaction.atomic
def night_player_leave(
    *, tournament_id: int, entrant_id: int, by: AbstractBaseUser | None = None
) -> Entrant:
    """A player goes home: not seated from the next round on, keeping their
    tally (a table they sit at now is finished with them). Refused when fewer
    than four players would stay."""
    tournament = _lock(tournament_id)
    _check_night(tournament)
    entrant = Entrant.objects.get(pk=entrant_id, tournament=tournament)
    if entrant.left:
        raise TournamentRefusal(
            "already_left", "entrant", params={"player": entrant.name}
        )
    staying = tournament.entrants.filter(left=False).count() - 1
    if staying < pairing.progressive.MIN_PLAYERS:
        raise TournamentRefusal(
            "too_few_staying",
            "entrant",
            params={
                "player": entrant.name,
                "least": pairing.progressive.MIN_PLAYERS,
                "staying": staying,
            },
        )
    entrant.left = True
    entrant.save(update_fields=["left"])
    tournament.save(update_fields=["updated_at"])
    return entrant


@transaction.atomic
def round_draw(*, tournament_id: int, by: AbstractBaseUser | None = None) -> Tournament:
    """Draw a Swiss's or a progressive night's next round from the results as
    they stand. Refused while a match of the current round is not completed,
    and after the last round (the other formats draw their rounds by themselves
    as results come in)."""
    tournament = _lock(tournament_id)
    if tournament.format not in ("swiss", PROGRESSIVE):
        raise TournamentRefusal(
            "round_drawn_by_results",
            "format",
            params={"format": tournament.get_format_display().lower()},
        )
    matches = _matches(tournament)
    last = _last_round(matches)
    for match in matches:
        if match.round.number == last and match.status != MatchStatus.COMPLETED:
            raise TournamentRefusal(
                "round_open",
                "rounds",
                params={
                    # A night's "Table 1", not "Table 1 · Round 1": the
                    # sentence names the round.
                    "match": f"Table {match.table} ({_names(match)})"
                    if formats.is_table(match)
                    else f"{_label(tournament, match)} ({_names(match)})",
                    "round": last,
                    "unit": unit(tournament.format),
                },
            )
    if last >= tournament.settings["rounds"]:
        raise TournamentRefusal(
            "last_round_played",
            "rounds",
            params={"rounds": last, "format": tournament.get_format_display()},
        )
    if tournament.format == PROGRESSIVE:
        _draw_night_round(tournament, matches)
    else:
        _draw_swiss_round(tournament, matches)
    _refresh(tournament, matches)
    return tournament
