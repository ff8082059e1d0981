"""Club pages and joining by invite code (included at the site root)."""

from django.urls import path

from pitchclub.clubs import views

app_name = "clubs"

urlpatterns = [
    path("clubs/", views.club_list, name="list"),
    path("clubs/new/", views.club_create, name="create"),
    path("clubs/<slug:slug>/", views.club_detail, name="detail"),
    path("clubs/<slug:slug>/edit/", views.club_edit, name="edit"),
    path("clubs/<slug:slug>/members/", views.club_members, name="members"),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/role/",
        views.member_role,
        name="member_role",
    ),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/remove/",
        views.member_remove,
        name="member_remove",
    ),
    path("clubs/<slug:slug>/players/", views.club_roster, name="roster"),
    path("clubs/<slug:slug>/players/log/", views.roster_log, name="roster_log"),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/",
        views.player_edit,
        name="player",
    ),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/merge/",
        views.player_merge,
        name="player_merge",
    ),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/invite/",
        views.guest_invite,
        name="guest_invite",
    ),
    path("clubs/<slug:slug>/invites/", views.club_invites, name="invites"),
    path(
        "clubs/<slug:slug>/invites/<str:code>/revoke/",
        views.invite_revoke,
        name="invite_revoke",
    ),
    path(
        "clubs/<slug:slug>/invites/<str:code>/qr.svg",
        views.invite_qr,
        name="invite_qr",
    ),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join_code, name="join_code"),
]
