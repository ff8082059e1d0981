"""REST API v1 paths for clubs, members, rosters, invites and joining by code
(included in pitchclub.urls' `api` namespace)."""

from django.urls import path

from pitchclub.clubs.api import clubs, invites, members, roster

urlpatterns = [
    path("clubs/", clubs.ClubsAPI.as_view(), name="clubs"),
    path("clubs/<slug:slug>/", clubs.ClubDetailAPI.as_view(), name="club"),
    path("clubs/<slug:slug>/members/", members.MembersAPI.as_view(), name="members"),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/",
        members.MemberDetailAPI.as_view(),
        name="member",
    ),
    path("clubs/<slug:slug>/players/", roster.PlayersAPI.as_view(), name="players"),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/",
        roster.PlayerDetailAPI.as_view(),
        name="player",
    ),
    path(
        "clubs/<slug:slug>/players/<int:player_id>/merge/",
        roster.PlayerMergeAPI.as_view(),
        name="player_merge",
    ),
    path(
        "clubs/<slug:slug>/roster-log/",
        roster.RosterLogAPI.as_view(),
        name="roster_log",
    ),
    path("clubs/<slug:slug>/invites/", invites.InvitesAPI.as_view(), name="invites"),
    path(
        "clubs/<slug:slug>/invites/<slug:code>/",
        invites.InviteDetailAPI.as_view(),
        name="invite",
    ),
    path("join/", invites.JoinAPI.as_view(), name="join"),
]
