"""Every model has an admin page that opens, listed and one by one."""

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from pitchclub.models import Club, Invite, Membership, Player
from pitchclub.services.clubs import club_create
from pitchclub.services.invites import invite_create
from scoring.games import hands as hand_services
from scoring.models import Award, Game, Hand, HandRevision, Seat
from tests.factories import game_factory, record

pytestmark = pytest.mark.django_db

MODELS = [Club, Membership, Invite, Player, Game, Seat, Hand, Award, HandRevision]


@pytest.fixture
def staff_client(client: Client) -> Client:
    boss = get_user_model().objects.create_superuser("boss", "boss@example.org", "pw")
    client.force_login(boss)
    game = game_factory(created_by=boss)
    record(game, [2, "pass", 3, "pass"], {"high": 3, "low": 1, "jack": 3, "game": 2})
    record(game, ["pass", "pass", 2, "pass"], {"high": 0, "low": 0, "game": 2})
    hand_services.hand_undo(game_id=game.pk, number=2, by=boss)
    club = club_create(name="Thursday Night Pitch", by=boss)
    invite_create(club=club, by=boss)
    return client


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_admin_lists_and_opens_each_model(staff_client: Client, model: type) -> None:
    assert admin.site.is_registered(model)
    meta = model._meta
    listing = staff_client.get(
        reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
    )
    assert listing.status_code == 200

    row = model.objects.first()
    page = staff_client.get(
        reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[row.pk])
    )
    assert page.status_code == 200
