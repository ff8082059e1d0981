"""The statistics' filters: the archive's (scoring.games.filters: club, variant,
from, to) plus `season`, a scope another app supplies (scoring.games.scopes),
resolved for the visitor; and the player whose statistics a visitor may read.
"""

from collections.abc import Mapping
from typing import Any

import django_filters
from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django.utils.translation import gettext, gettext_lazy

from pitchclub import permissions
from pitchclub import selectors as club_selectors
from pitchclub.models import Club, Player
from scoring.games.filters import SLUG, GameFilter
from scoring.games.players import player_for_archive
from scoring.games.scopes import (
    NOT_YET,
    ScopeGames,
    ScopeRefused,
    scope,
    scope_filter,
    scope_ids,
)
from scoring.models import Game


class ScopeField(forms.CharField):
    """A scope's value, resolved by its registered resolver for `user` (None:
    anonymous) into its games (scoring.games.scopes.ScopeGames), a query's ids
    read once (scope_ids)."""

    def __init__(
        self, *, scope_name: str, user: AbstractBaseUser | None = None, **kwargs: Any
    ) -> None:
        self.scope_name = scope_name
        self.user = user
        super().__init__(max_length=100, **kwargs)

    def clean(self, value: Any) -> ScopeGames | None:
        value = super().clean(value)
        if not value:
            return None
        supplied = scope(self.scope_name)
        if supplied is None:
            # As for a season that does not exist: none does yet.
            raise ValidationError(NOT_YET[self.scope_name], code="unknown")
        try:
            games = supplied.resolver(value, self.user)
        except ScopeRefused as refused:
            raise ValidationError(refused.message, code="unknown") from refused
        return scope_ids(games)


class ScopeFilter(django_filters.Filter):
    """A scope's filter; the FilterSet gives it the visitor (`for_user`)."""

    field_class = ScopeField

    def for_user(self, user: AbstractBaseUser | None) -> None:
        """Resolve values for `user`: a scope they may not read is refused."""
        self.extra["user"] = user

    def filter(self, qs: QuerySet, value: ScopeGames | None) -> QuerySet:
        return qs if value is None else qs.filter(scope_filter(value))


class StatsFilter(GameFilter):
    """The archive's filters (club, variant, from, to) and `season`."""

    season = ScopeFilter(
        scope_name="season",
        label=gettext_lazy("Season"),
        help_text=gettext_lazy("Only this season's games."),
    )

    def __init__(
        self,
        data: Any = None,
        queryset: Any = None,
        *,
        user: AbstractBaseUser | None,
        club: Club | None = None,
        **kwargs: Any,
    ) -> None:
        """`club`: the player's club, on their page: its seasons are offered as a
        list (not a box for a number), and the club box lists it and the club asked
        for, if another (any club the visitor may read is accepted, as the API
        does: its games of the player are counted)."""
        super().__init__(data, queryset, user=user, **kwargs)
        self.filters["season"].for_user(user)
        if club is not None:
            clubs = self.filters["club"]
            asked = (data or {}).get("club") or ""
            shown = Q(pk=club.pk)
            if isinstance(asked, str) and SLUG.fullmatch(asked):
                shown |= Q(slug=asked)
            clubs.extra["offered"] = clubs.queryset.filter(shown)
        supplied = scope("season")
        self.seasons = supplied is not None
        if supplied is not None:
            self.filters["season"].label = supplied.label
            listed = None
            if club is not None and supplied.club_choices is not None:
                listed = [
                    (choice.value, choice.label)
                    for choice in supplied.club_choices(club)
                ]
                self.seasons = bool(listed)
            elif supplied.choices is not None:
                listed = supplied.choices()
            if listed is not None:
                given = (data or {}).get("season") or ""
                if given and given not in {value for value, _ in listed}:
                    # A value not offered is still read (and refused in words).
                    listed.append((given, given))
                self.filters["season"].extra["widget"] = forms.Select(
                    choices=[("", gettext("Every season")), *listed]
                )


StatsFilter.base_filters = {
    name: StatsFilter.base_filters[name]
    for name in ("club", "variant", "season", "from", "to")
}
FILTERS = tuple(StatsFilter.base_filters)


def stats_filter(
    data: Mapping[str, Any] | None,
    user: AbstractBaseUser | None,
    *,
    club: Club | None = None,
) -> Any:
    """The filters as given (always bound: none given is every game), over the
    games `user` may read that count (abandoned games never do); `club`: the
    player's, on their page (StatsFilter)."""
    games = Game.objects.counted().filter(permissions.games_visible_filter(user))
    return StatsFilter(data if data is not None else {}, games, user=user, club=club)


def visible_player(*, player_id: int, user: AbstractBaseUser | None) -> Player:
    """The player with their club if `user` may see them (a private club's roster
    players do not exist for outsiders); Player.DoesNotExist otherwise."""
    if not 0 < player_id <= club_selectors.ID_MAX:
        raise Player.DoesNotExist(gettext("No such player."))
    return player_for_archive(player_id=player_id, user=user)
