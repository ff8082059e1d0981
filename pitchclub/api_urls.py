"""REST API v1 paths for clubs, members, rosters, invites and joining by code
(included in pitchclub.urls' `api_v1`)."""

from django.urls import path

from pitchclub import apis

urlpatterns = [
    path("clubs/", apis.ClubsAPI.as_view(), name="clubs"),
    path("clubs/<slug:slug>/", apis.ClubDetailAPI.as_view(), name="club"),
    path("clubs/<slug:slug>/members/", apis.MembersAPI.as_view(), name="members"),
    path(
        "clubs/<slug:slug>/members/<int:user_id>/",
        apis.MemberDetailAPI.as_view(),
        name="member",
    ),
    path("clubs/<slug:slug>/players/", apis.PlayersAPI.as_view(), name="players"),
    path("clubs/<slug:slug>/invites/", apis.InvitesAPI.as_view(), name="invites"),
    path(
        "clubs/<slug:slug>/invites/<slug:code>/",
        apis.InviteDetailAPI.as_view(),
        name="invite",
    ),
    path("join/", apis.JoinAPI.as_view(), name="join"),
]
