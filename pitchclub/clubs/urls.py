"""Club pages and joining by invite code (included at the site root)."""

from django.urls import path

from pitchclub.clubs.views import (
    clubs,
    invites,
    members,
    players,
    roster,
    roster_paste,
)

app_name = "clubs"

urlpatterns = [
    path("clubs/", clubs.club_list, name="list"),
    path("clubs/new/", clubs.club_create, name="create"),
    path("clubs/<slug:slug>/", clubs.club_detail, name="detail"),
    path("clubs/<slug:slug>/edit/", clubs.club_edit, name="edit"),
    path("clubs/<slug:slug>/members/", members.club_members, name="members"),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/role/",
        members.member_role,
        name="member_role",
    ),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/remove/",
        members.member_remove,
        name="member_remove",
    ),
    path("clubs/<slug:slug>/players/", roster.club_roster, name="roster"),
    path("clubs/<slug:slug>/players/log/", roster.roster_log, name="roster_log"),
    path(
        "clubs/<slug:slug>/players/paste/",
        roster_paste.roster_paste,
        name="roster_paste",
    ),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/",
        players.player_edit,
        name="player",
    ),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/merge/",
        players.player_merge,
        name="player_merge",
    ),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/invite/",
        invites.guest_invite,
        name="guest_invite",
    ),
    path("clubs/<slug:slug>/invites/", invites.club_invites, name="invites"),
    path(
        "clubs/<slug:slug>/invites/<str:code>/revoke/",
        invites.invite_revoke,
        name="invite_revoke",
    ),
    path(
        "clubs/<slug:slug>/invites/<str:code>/qr.svg",
        invites.invite_qr,
        name="invite_qr",
    ),
    path("join/", invites.join, name="join"),
    path("join/<str:code>/", invites.join_code, name="join_code"),
]
