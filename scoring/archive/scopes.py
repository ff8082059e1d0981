"""The archives' filters with the scopes apps above scoring supply: `?season=id`
and `?night=id`, the games of exactly that season or night (as its standings
count them), on the games archives (`/games/`, a club's, a player's).

The games come from scoring's scope registry (`scoring.games.scopes.register_scope`),
as for the player's statistics; what the page says of the value ("Night of Thu 3 Dec
2026 · Winter 2026", and a link to it) from a title registered here for the same
name. Both are read for the visitor: a scope they may not read (a private club's
season, to an outsider) is refused with the same sentence as one that does not
exist, so the page never tells the two apart. The scope's games are read once, by
id (`scopes.scope_ids`), then given to the page's queries. Scoring knows no seasons; the
tournaments app registers both in its AppConfig.ready():

    scopes.register_scope("night", seasons.night_scope, label="Night")
    archive.register_scope_title("night", seasons.night_title)
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from scoring.games.filters import GameFilter, GameFilterForm
from scoring.games.scopes import ScopeRefused, scope
from scoring.stats.filters import ScopeFilter

# The scopes an archive takes, in the order the page shows them.
ARCHIVE_SCOPES = ("season", "night")


@dataclass(frozen=True)
class ScopeTitle:
    """What the page says of a scope's value, and where it links (its page)."""

    text: str
    url: str | None = None


# A scope's value and the visitor → its title; ScopeRefused when the value names
# nothing the visitor may read.
Titler = Callable[[str, AbstractBaseUser | None], ScopeTitle]

_titles: dict[str, Titler] = {}


def register_scope_title(name: str, titler: Titler) -> None:
    """Let the archives say what `?<name>=value` shows (and refuse a value the
    visitor may not read). Registering one twice replaces it."""
    if name not in ARCHIVE_SCOPES:
        raise ValueError(f"Unknown archive scope {name!r}: one of {ARCHIVE_SCOPES}")
    _titles[name] = titler


def unregister_scope_title(name: str) -> None:
    _titles.pop(name, None)


@dataclass
class ActiveScope:
    """A scope given in the address, as the page shows it: its title, or the
    sentence saying what is wrong with it; `without` is the query string without
    it (the "remove" link)."""

    name: str
    label: str
    value: str
    title: ScopeTitle | None = None
    errors: list[str] = field(default_factory=list)
    without: str = ""


class ArchiveFilterForm(GameFilterForm):
    user: AbstractBaseUser | None = None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        self.titles: dict[str, ScopeTitle] = {}
        for name in ARCHIVE_SCOPES:
            if cleaned.get(name) is None or name not in _titles:
                continue
            try:
                self.titles[name] = _titles[name](self.data[name].strip(), self.user)
            except ScopeRefused as refused:
                self.add_error(name, ValidationError(refused.message, code="unknown"))
        return cleaned


class ArchiveFilter(GameFilter):
    """The archive's filters (scoring.games.filters.GameFilter) and the scopes: kept in
    the form as hidden fields (changing another filter keeps them), shown above
    it as `scopes`."""

    # A scope's games are read once, by id (scoring.games.scopes.scope_ids).
    season = ScopeFilter(
        scope_name="season", label=gettext_lazy("Season"), widget=forms.HiddenInput
    )
    night = ScopeFilter(
        scope_name="night", label=gettext_lazy("Night"), widget=forms.HiddenInput
    )

    class Meta(GameFilter.Meta):
        form = ArchiveFilterForm

    def __init__(
        self, data: Any = None, queryset: Any = None, *, user: Any, **kwargs: Any
    ) -> None:
        super().__init__(data, queryset, user=user, **kwargs)
        for name in ARCHIVE_SCOPES:
            self.filters[name].for_user(user)
            supplied = scope(name)
            if supplied is not None:
                self.filters[name].label = supplied.label
        self.user = user

    @property
    def form(self) -> ArchiveFilterForm:
        form = super().form
        form.user = self.user
        return form

    @property
    def boxes_open(self) -> bool:
        """Whether the filter boxes are opened: a box's filter is given or wrong
        (a scope alone is said above them)."""
        boxes = [name for name in self.filters if name not in ARCHIVE_SCOPES]
        if not self.is_bound:
            return False
        errors = self.form.errors
        return any(self.data.get(name) or name in errors for name in boxes) or (
            "__all__" in errors
        )

    @property
    def scopes(self) -> list[ActiveScope]:
        """The scopes given (a value not empty), each with its title or errors.
        Read after `is_valid()`."""
        if not self.is_bound:
            return []
        errors = self.form.errors
        titles = getattr(self.form, "titles", {})
        found = []
        for name in ARCHIVE_SCOPES:
            value = self.data.get(name, "")
            if name not in self.filters or not value:
                continue
            rest = self.data.copy()
            rest.pop(name, None)
            rest.pop("page", None)
            found.append(
                ActiveScope(
                    name=name,
                    label=str(self.filters[name].label),
                    value=value,
                    title=titles.get(name),
                    errors=list(errors.get(name, [])),
                    without=rest.urlencode(),
                )
            )
        return found


ArchiveFilter.base_filters = {
    **GameFilter.base_filters,
    "season": ArchiveFilter.base_filters["season"],
    "night": ArchiveFilter.base_filters["night"],
}
