"""The one error type for a scorekeeper's mistakes."""

from __future__ import annotations


class RuleViolation(Exception):
    """A hand, an auction or a game setting breaks a rule of RULES.md.

    ``code`` is a stable snake_case identifier, ``field`` the dotted path of what is
    wrong (``auction.2``, ``awards.high``, ``options.target`` …) and ``message`` a
    sentence for the scorekeeper saying what is wrong and how to fix it. ``hand`` is
    the 1-based number of the hand concerned, set by ``replay``.
    """

    def __init__(
        self, code: str, field: str, message: str, hand: int | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.message = message
        self.hand = hand

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return (
            f"RuleViolation(code={self.code!r}, field={self.field!r}, "
            f"message={self.message!r}, hand={self.hand!r})"
        )

    def __reduce__(self) -> tuple[type[RuleViolation], tuple[object, ...]]:
        # Exception pickles only ``args``; keep every attribute across processes.
        return (type(self), (self.code, self.field, self.message, self.hand))
