"""Creating a tournament: the entrants as the organiser gives them and the format's
settings, checked and refused naming their field, the entrants' names resolved
against the club's roster (`resolve`, a late arrival's too), the rows stored and
the first round drawn (tournaments.brackets.draw)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from pitchclub.models import Club, Player
from pitchclub.services import players as club_services
from pitchclub.text import UnsafeText, clean_name
from pitchclub.vocabulary import PLAYER_NAME_MAX
from scoring import engine
from scoring.engine.variants import MAX_HAND_LIMIT
from tournaments import live_versions, pairing
from tournaments.brackets.draw import draw_night_round, draw_swiss_round, refresh
from tournaments.brackets.state import all_matches
from tournaments.models import Entrant, EntrantPlayer, Tournament
from tournaments.refusals import TournamentRefusal
from tournaments.vocabulary import (
    CYCLES,
    ENTRANTS_MAX,
    FORMATS_CREATED,
    GAMES_PER_MATCH,
    MOVEMENTS,
    NIGHT_ROUNDS_MAX,
    NIGHT_SCORINGS,
    PROGRESSIVE,
    SEEDINGS,
    SETTINGS_DEFAULTS,
    SETTINGS_OPTIONAL,
    TEAM_SIZES,
    TOURNAMENT_NAME_MAX,
)


@dataclass(frozen=True)
class EntrantInput:
    """An entrant as the organiser gives it: its players (names or roster
    players), and optionally its name (else the player's, or "Ann & Cy")."""

    players: Sequence[str | Player]
    name: str | None = None


def _user(by: AbstractBaseUser | None) -> AbstractBaseUser | None:
    return by if by is not None and by.is_authenticated else None


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
    optional = SETTINGS_OPTIONAL.get(format, {})
    if given is None:
        given = {}
    for name in given:
        if name not in defaults and name not in optional:
            raise TournamentRefusal(
                "unknown_setting",
                f"settings.{name}",
                params={
                    "format": format,
                    "setting": name,
                    "known": ", ".join(sorted({*defaults, *optional})),
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
    for flag in ("third_place", "grand_final_reset", "confirm_results"):
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


def resolve(
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
                    # What an entrant must be, and how many players to give.
                    "size": gettext("a team of two: give 2 players")
                    if team_size == 2
                    else gettext("one player: give 1 player"),
                    "count": team_size,
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
                    gettext("The name of player %(player)s of entrant %(entrant)s")
                    % {"player": position + 1, "entrant": index + 1},
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
                gettext("The name of entrant %(entrant)s") % {"entrant": index + 1},
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
    title = _clean(name, "name", "invalid_name", gettext("The tournament's name"))
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
    resolved = resolve(club, entrants, team_size)
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
    # A new wall: nothing an earlier tournament of the same id left counts.
    live_versions.changed(tournament.pk)
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
        draw_swiss_round(tournament, all_matches(tournament))
    if night:
        draw_night_round(tournament, [])
    refresh(tournament)
    return tournament
