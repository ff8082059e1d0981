"""factory-boy factories; games are started through the service, as the site does."""

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser

from pitchclub.models import Player
from scoring import engine
from scoring.games import hands as hand_services
from scoring.games import services
from scoring.models import Game

PASSWORD = "a-good-password"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()

    username = factory.Sequence(lambda n: f"keeper{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password(PASSWORD)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n}")


NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Finn", "Gus"]


def game_factory(
    *,
    variant: str = "auction",
    players: int = 4,
    partnership: bool | None = None,
    first_dealer: int = 0,
    options: dict | None = None,
    created_by: AbstractUser | None = None,
) -> Game:
    return services.game_start(
        variant=variant,
        players=NAMES[:players],
        partnership=partnership,
        first_dealer=first_dealer,
        options=options,
        created_by=created_by,
    )


def record(game: Game, auction: list, awards: dict, **extra: object) -> Game:
    """Record a hand through the service; returns the refreshed game."""
    hand_services.hand_record(
        game_id=game.pk,
        hand=engine.HandInput(auction=tuple(auction), awards=awards, **extra),
    )
    game.refresh_from_db()
    return game
