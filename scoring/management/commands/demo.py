"""Load a realistic club evening (a club, its roster, its games): finished and
running games of both variants, solo and partnership, with set-backs, a steal, a
stuck dealer and a shot moon; then the parts apps above add (scoring/demo.py:
tournaments add a cup, a Swiss, a progressive night and a season).

Idempotent: the games belong to the `demo` user, each part adds only what is not
there yet, and a second run adds nothing."""

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from rest_framework.authtoken.models import Token

from pitchclub.models import Club
from pitchclub.services import clubs as club_services
from scoring import engine
from scoring.demo import demo_parts
from scoring.games import services
from scoring.games.hands import hand_record
from scoring.models import Game

DEMO_USER = "demo"
DEMO_CLUB = "Thursday Night Pitch"
DEMO_PASSWORD = "pitch-demo"

# (variant, players, partnership, options, hands); a hand is (auction, awards).
EVENING: list[tuple[str, list[str], bool, dict[str, Any], list[tuple[list, dict]]]] = [
    (
        "auction",
        ["Ann", "Bob", "Cy", "Di"],
        False,
        {"target": 7},
        [
            ([2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": 3, "game": 2}),
            (["pass", "pass", 2, "pass"], {"high": 0, "low": 0, "game": 2}),
            ([3, "pass", 4], {"high": 1, "low": 1, "jack": 1, "game": 1}),
            (["pass", "pass", "pass", 2], {"high": 3, "low": 0, "jack": 3, "game": 2}),
            ([2, "pass", "pass", 2], {"high": 1, "low": 0, "game": 1}),
            (["pass", 2, "pass", 3], {"high": 1, "low": 1, "jack": 2, "game": 1}),
        ],
    ),
    (
        "thirteen",
        ["Mo", "Ned", "Oli", "Pia"],
        True,
        {"target": 21},
        [
            (
                [13],
                {
                    "ace": 1,
                    "jack": 3,
                    "jick": 1,
                    "high_joker": 3,
                    "low_joker": 1,
                    "ten": 1,
                    "three": 3,
                    "off_three": 1,
                    "two": 3,
                },
            ),
        ],
    ),
    (
        "auction",
        ["Eve", "Finn", "Gus", "Hal"],
        True,
        {"target": 11},
        [
            ([2, "pass", "pass", "pass"], {"high": 1, "low": 3, "jack": 0, "game": 2}),
            ([3, "pass", "pass", "pass"], {"high": 0, "low": 1, "game": 2}),
            (["pass", "pass", "pass", 2], {"high": 2, "low": 2, "jack": 0, "game": 3}),
        ],
    ),
    (
        "thirteen",
        ["Ida", "Jo", "Kai", "Lu"],
        True,
        {},
        [
            (
                [6, "pass", 7, "pass"],
                {
                    "ace": 3,
                    "jack": 1,
                    "jick": 0,
                    "high_joker": 3,
                    "low_joker": 2,
                    "ten": 1,
                    "three": 3,
                    "off_three": 0,
                    "two": 1,
                },
            ),
            (
                ["pass", "pass", "pass", 5],
                {
                    "ace": 2,
                    "jack": 0,
                    "jick": 1,
                    "high_joker": 1,
                    "ten": 2,
                    "three": 0,
                    "off_three": 3,
                    "two": 2,
                },
            ),
            (
                [5, 8, "pass", "pass"],
                {
                    "ace": 0,
                    "jack": 2,
                    "jick": 1,
                    "high_joker": 0,
                    "low_joker": 3,
                    "three": 1,
                    "off_three": 0,
                    "two": 0,
                },
            ),
        ],
    ),
    (
        "auction",
        ["Tom", "Uma", "Vic", "Wes", "Xia", "Yan"],
        True,
        {},
        [
            (
                ["pass", 2, "pass", "pass", 3, "pass"],
                {"high": 5, "low": 2, "jack": 4, "game": 0},
            ),
        ],
    ),
    (
        "auction",
        ["Quinn", "Rae", "Sol"],
        False,
        {},
        [
            ([2, 3, "pass"], {"high": 2, "low": 2, "jack": 1, "game": 0}),
            (["pass", 4], {"high": 0, "low": 0, "jack": 0, "game": 0}),
            (["pass", 2, "pass"], {"high": 1, "low": 0, "game": 0}),
        ],
    ),
]


class Command(BaseCommand):
    help = "Load a sample club evening of Pitch games (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force",
            action="store_true",
            help="Load even with DEBUG off (the demo account has a known password).",
        )

    @transaction.atomic
    def handle(self, *args: Any, force: bool = False, **options: Any) -> None:
        if not settings.DEBUG and not force:
            raise CommandError(
                "The demo creates an account with a known password: run it with "
                "DEBUG=1 (a local trial), or pass --force."
            )
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=DEMO_USER, defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        token, _ = Token.objects.get_or_create(user=user)
        login = f"Sign in as {DEMO_USER} / {DEMO_PASSWORD}; API token {token.key}."
        first = Game.objects.filter(created_by=user).order_by("pk").first()
        added = []
        if first is None:
            club = self._evening(user)
            added.append(f"{len(EVENING)} games")
        else:
            club = first.club
        assert club is not None
        added += [said for part in demo_parts() if (said := part(club, user))]
        if not added:
            self.stdout.write(f"Demo data is already loaded; nothing added. {login}")
            return
        self.stdout.write(self.style.SUCCESS(f"Loaded {', '.join(added)}. {login}"))

    def _evening(self, user: Any) -> Club:
        club = club_services.club_create(
            name=DEMO_CLUB,
            location="Back room of the Crown & Anchor",
            schedule="Thursdays from 7.30 pm",
            description="Auction Pitch to 7 and 13-Point Partner Pitch. "
            "Guests welcome.",
            by=user,
        )
        for variant, players, partnership, options, hands in EVENING:
            game = services.game_start(
                variant=variant,
                players=players,
                partnership=partnership,
                options=options,
                club=club,
                created_by=user,
            )
            for auction, awards in hands:
                hand_record(
                    game_id=game.pk,
                    hand=engine.HandInput(auction=tuple(auction), awards=awards),
                    by=user,
                )
        return club
