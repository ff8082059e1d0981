"""The core's words and limits are defined once (pitchclub.vocabulary): the page's
form, the API's input, the models and the services agree."""

from pitchclub import vocabulary
from pitchclub.clubs.api.invites import InviteCreateInput
from pitchclub.clubs.api.roster import RosterQueryInput
from pitchclub.clubs.forms import InviteForm
from pitchclub.models import Club, Player, Role


def test_an_invite_has_the_same_limits_on_the_page_and_in_the_api() -> None:
    page, api = InviteForm().fields, InviteCreateInput().fields
    assert page["max_uses"].max_value == api["max_uses"].max_value
    assert page["max_uses"].max_value == vocabulary.INVITE_USES_MAX == 10_000
    assert page["expires_in_days"].max_value == api["expires_in_days"].max_value
    assert api["expires_in_days"].max_value == vocabulary.INVITE_DAYS_MAX


def test_the_models_take_their_lengths_from_the_vocabulary() -> None:
    assert Player._meta.get_field("name").max_length == vocabulary.PLAYER_NAME_MAX
    assert Club._meta.get_field("name").max_length == vocabulary.CLUB_NAME_MAX
    assert Club._meta.get_field("location").max_length == vocabulary.PLACE_MAX
    assert RosterQueryInput().fields["q"].max_length == vocabulary.PLAYER_NAME_MAX


def test_every_role_is_ranked_and_keepers_rank_above_members() -> None:
    assert set(vocabulary.ROLE_RANK) == set(Role.values)
    member = vocabulary.ROLE_RANK[Role.MEMBER]
    assert all(vocabulary.ROLE_RANK[role] > member for role in vocabulary.KEEPERS)
