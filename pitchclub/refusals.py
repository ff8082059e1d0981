"""The core's refusals, and the registry of every app's kinds of refusal.

A write the rules of clubs, rosters or invites do not allow raises ``Refusal``: data,
as scoring's ``RuleViolation`` is. ``code`` is a stable snake_case identifier,
``field`` the dotted path of what is wrong (``name``, ``code``, ``max_uses`` …),
``reason`` picks the sentence when one code has several, and ``params`` holds what
it names. ``message`` is the sentence for the person who asked, built in one place
from the catalogue (``pitchclub.messages``) through gettext; a ``message`` given
explicitly wins (a listener's own refusal).

The API's one exception handler (``pitchclub.api.errors``) answers every *registered*
kind of refusal: 409 when its code conflicts with what stands, else a 400 naming the
field. The core registers its own kind here; apps above the core register theirs in
``AppConfig.ready()`` (scoring: ``RuleViolation``), so the core imports none of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pitchclub.messages import key_of, render

# The core's refusals that conflict with the club as it stands (409, not 400).
CONFLICT_CODES = frozenset(
    {
        "last_organiser",
        "name_taken",
        "merge_two_accounts",
        "merge_conflict",
        "merge_clubless_has_account",
    }
)


class Refusal(Exception):
    """A club, roster or invite write refused: ``code``, ``field``, ``message``."""

    def __init__(
        self,
        code: str,
        field: str,
        message: str | None = None,
        *,
        reason: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.code = code
        self.field = field
        self.hand: int | None = None
        self.reason = reason
        self.params = dict(params) if params else {}
        self.templated = message is None
        if message is None:
            message = render(self.key, self.params)
        self.message = message
        super().__init__(message)

    @property
    def key(self) -> str:
        """The catalogue key of this refusal's sentence: code, or code/reason."""
        return key_of(self.code, self.reason)

    @property
    def conflict(self) -> bool:
        """Whether it conflicts with the club as it stands (409)."""
        return self.code in CONFLICT_CODES

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return (
            f"Refusal(code={self.code!r}, field={self.field!r}, "
            f"message={self.message!r})"
        )

    def __reduce__(self) -> tuple[type[Refusal], tuple[object, ...], dict[str, object]]:
        # Exception pickles only ``args``; keep every attribute across processes.
        return (type(self), (self.code, self.field, self.message), dict(self.__dict__))


# Each registered kind of refusal, with the codes of it that are conflicts.
_KINDS: dict[type[Exception], frozenset[str]] = {}


def register(kind: type[Exception], *, conflicts: Iterable[str] = ()) -> None:
    """Answer ``kind`` as a refusal: 409 for the codes in ``conflicts``, else 400.

    A kind carries ``code``, ``field`` and ``message``. Registering a kind again
    replaces its conflict codes (``ready()`` may run more than once in tests)."""
    _KINDS[kind] = frozenset(conflicts)


def kinds() -> tuple[type[Exception], ...]:
    """The registered kinds of refusal, in the order they were registered."""
    return tuple(_KINDS)


def conflicts_of(exc: BaseException) -> frozenset[str] | None:
    """The conflict codes of ``exc``'s registered kind; None if it is no refusal."""
    for kind, conflicts in _KINDS.items():
        if isinstance(exc, kind):
            return conflicts
    return None


register(Refusal, conflicts=CONFLICT_CODES)
