"""Finding games: the archives' filters (django-filter), for the pages and the API.

One FilterSet reads `?club=slug&player=id&variant=&from=&to=&status=`; each value
that is wrong is an error naming its field (the API's 400, the page's message next
to the box). The players and clubs it accepts are only those the user may see: a
private club and its roster do not exist for outsiders, not even as a filter.
"""

import datetime
import re
from typing import Any

import django_filters
from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, QuerySet
from django.db.models.functions import Lower
from django.forms.models import ModelChoiceIteratorValue
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_filters.fields import ModelChoiceField, ModelChoiceIterator

from pitchclub import permissions
from pitchclub.models import Club
from scoring.games.players import (
    clubs_told_apart,
    players_told_apart,
    players_visible_to,
)
from scoring.models import Game, Seat, Status, Variant

SLUG = re.compile(r"[-a-zA-Z0-9_]{1,100}")
ID = re.compile(r"[0-9]{1,18}")


class _TogetherChoices(ModelChoiceIterator):
    """The choices read once and labelled together (`field.labels` of the whole
    list), so that two of one name can say what tells them apart; those the field
    offers (`field.offered`) when it offers fewer than it accepts."""

    def __init__(self, field: Any) -> None:
        super().__init__(field)
        if getattr(field, "offered", None) is not None:
            self.queryset = field.offered.all()

    def __iter__(self) -> Any:
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        found = list(self.queryset)
        labels = self.field.labels(found)
        for choice in found:
            value = ModelChoiceIteratorValue(self.field.prepare_value(choice), choice)
            yield (value, labels[choice.pk])


class _Checked(ModelChoiceField):
    """Looked up only when well formed: no other text (a NUL, which PostgreSQL
    refuses; a number no database column holds) reaches the database. The choices
    of one name are told apart (`labels`). `offered`: the choices the box lists, if
    not every one it accepts (the player page's club box)."""

    shape: re.Pattern[str]
    iterator = _TogetherChoices

    def __init__(self, *args: Any, offered: QuerySet | None = None, **kwargs: Any):
        self.offered = offered
        super().__init__(*args, **kwargs)

    @staticmethod
    def labels(found: list[Any]) -> dict[int, str]:
        return {choice.pk: str(choice) for choice in found}

    def to_python(self, value: Any) -> Any:
        unknown = ValidationError(
            self.error_messages["invalid_choice"],
            code="unknown",
            params={"value": value},
        )
        if value in self.empty_values:
            return None
        if not (isinstance(value, str) and self.shape.fullmatch(value)):
            raise unknown
        try:
            return super().to_python(value)
        except ValidationError as missing:
            raise unknown from missing


class _SlugField(_Checked):
    """A club, by slug: clubs of one name say where they play, who organises them …"""

    shape = SLUG
    labels = staticmethod(clubs_told_apart)


class _IdField(_Checked):
    """A player, by id: players of one name say their club (and more if need be)."""

    shape = ID
    labels = staticmethod(players_told_apart)


class ClubFilter(django_filters.ModelChoiceFilter):
    field_class = _SlugField


class PlayerFilter(django_filters.ModelChoiceFilter):
    field_class = _IdField


class GameFilterForm(forms.Form):
    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        start, end = cleaned.get("from"), cleaned.get("to")
        if start and end and end < start:
            self.add_error(
                "to",
                ValidationError(
                    f"“To” ({end:%Y-%m-%d}) is before “From” ({start:%Y-%m-%d}).",
                    code="reversed_dates",
                ),
            )
        return cleaned


class GameFilter(django_filters.FilterSet):
    """The archive's filters. `from` and `to` are Python words, so they are
    declared as date_from/date_to and renamed below."""

    club = ClubFilter(
        queryset=Club.objects.none(),
        to_field_name="slug",
        label=_("Club"),
        empty_label=_("Any club"),
        error_messages={
            "invalid_choice": _("There is no club “%(value)s” (give its slug).")
        },
    )
    player = PlayerFilter(
        queryset=None,
        method="with_player",
        label=_("Player"),
        empty_label=_("Anyone"),
        error_messages={
            "invalid_choice": _(
                "There is no player “%(value)s” (give the player's id)."
            )
        },
    )
    variant = django_filters.ChoiceFilter(
        choices=Variant.choices,
        label=pgettext_lazy("which card game: a variant", "Game"),
        empty_label=_("Both games"),
        error_messages={
            "invalid_choice": format_lazy(
                _("“%(value)s” is not a game: choose {choices}."),
                choices=", ".join(Variant.values),
            )
        },
    )
    status = django_filters.ChoiceFilter(
        choices=Status.choices,
        label=_("Status"),
        empty_label=_("Any status"),
        error_messages={
            "invalid_choice": format_lazy(
                _("“%(value)s” is not a status: choose {choices}."),
                choices=", ".join(Status.values),
            )
        },
    )
    date_from = django_filters.DateFilter(
        field_name="created_at",
        method="filter_started_from",
        label=pgettext_lazy("a date", "From"),
        help_text=_("Games started on or after this day."),
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={
            "invalid": _("“From” is not a date. A date as YYYY-MM-DD, e.g. 2025-03-14.")
        },
    )
    date_to = django_filters.DateFilter(
        field_name="created_at",
        method="filter_started_to",
        label=pgettext_lazy("a date", "To"),
        help_text=_("Games started on or before this day."),
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={
            "invalid": _("“To” is not a date. A date as YYYY-MM-DD, e.g. 2025-03-14.")
        },
    )

    class Meta:
        model = Game
        fields: list[str] = []
        form = GameFilterForm

    # A day is a range of the column, from its first moment in the site's time zone
    # to the next day's: `created_at__date` would convert every row's time to a date
    # first (no index, a function per row), and a filter over every date took four
    # times as long as none (issue 25 item 7).
    def filter_started_from(
        self, queryset: QuerySet[Game], name: str, value: datetime.date
    ) -> QuerySet[Game]:
        start = _start_of(value)
        return queryset if start is None else queryset.filter(created_at__gte=start)

    def filter_started_to(
        self, queryset: QuerySet[Game], name: str, value: datetime.date
    ) -> QuerySet[Game]:
        try:
            after = _start_of(value + datetime.timedelta(days=1))
        except OverflowError:  # 9999-12-31: no day after it
            return queryset
        return queryset if after is None else queryset.filter(created_at__lt=after)

    def __init__(
        self,
        data: Any = None,
        queryset: QuerySet[Game] | None = None,
        *,
        user: AbstractBaseUser | None,
        players: QuerySet | None = None,
        fixed: tuple[str, ...] = (),
        **kwargs: Any,
    ) -> None:
        """`players`: those the player box offers (default: all the user may see);
        `fixed`: filters the page decides itself (the club of a club's archive),
        left out of the form."""
        super().__init__(data, queryset, **kwargs)
        for name in fixed:
            self.filters.pop(name)
        if "club" in self.filters:
            self.filters["club"].queryset = permissions.clubs_visible_to(user).order_by(
                Lower("name"), "id"
            )
        if "player" in self.filters:
            shown = players if players is not None else players_visible_to(user)
            self.filters["player"].queryset = shown.select_related("club").order_by(
                Lower("name"), "id"
            )

    def with_player(self, queryset: QuerySet[Game], name: str, value: Any) -> Any:
        if value is None:
            return queryset
        return queryset.filter(
            Exists(Seat.objects.filter(game=OuterRef("pk"), player=value))
        )

    @property
    def active(self) -> bool:
        """Whether any filter is given (the page then offers to clear them)."""
        return any(self.data.get(name) for name in self.filters)


def _start_of(day: datetime.date) -> datetime.datetime | None:
    """The day's first moment in the current time zone; None for a day the
    datetime type cannot hold there (0001-01-01 east of UTC): no bound at all."""
    try:
        start = timezone.make_aware(
            datetime.datetime.combine(day, datetime.time.min),
            timezone.get_current_timezone(),
        )
        start.astimezone(datetime.UTC)
    except (OverflowError, ValueError):
        return None
    return start


# `from` and `to` are the query's names; Python keeps them as date_from/date_to.
for _python, _query in (("date_from", "from"), ("date_to", "to")):
    GameFilter.base_filters[_query] = GameFilter.base_filters.pop(_python)
    GameFilter.declared_filters[_query] = GameFilter.declared_filters.pop(_python)
# In the order the page shows them.
GameFilter.base_filters = {
    name: GameFilter.base_filters[name]
    for name in ("club", "player", "variant", "status", "from", "to")
}
