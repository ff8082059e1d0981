"""The one error type for a scorekeeper's mistakes."""

from __future__ import annotations

from collections.abc import Mapping

from .messages import MESSAGES, key_of
from .render import render


class RuleViolation(Exception):
    """A hand, an auction or a game setting breaks a rule of RULES.md.

    A refusal is data: ``code`` is a stable snake_case identifier, ``field`` the
    dotted path of what is wrong (``auction.2``, ``awards.high``, ``options.target``
    …), ``hand`` the 1-based number of the hand concerned (set by ``replay``),
    ``reason`` picks the sentence when one code has several, and ``params`` holds
    what the sentence names (numbers, ``Seat``/``Side`` markers, ``Given`` values).

    ``message`` is the sentence for the scorekeeper, built from the catalogue
    (``engine.messages``) with seat numbers; pages say it with the players' names
    (``scoring.refusals.sentence``). A ``message`` given explicitly wins (and then
    there is no template to say it otherwise).
    """

    def __init__(
        self,
        code: str,
        field: str,
        message: str | None = None,
        hand: int | None = None,
        *,
        reason: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.code = code
        self.field = field
        self.hand = hand
        self.reason = reason
        self.params = dict(params) if params else {}
        if message is None:
            message = render(MESSAGES[self.key], self.params)
            self.templated = True
        else:
            self.templated = False
        self.message = message
        super().__init__(message)

    @property
    def key(self) -> str:
        """The catalogue key of this refusal's sentence: code, or code/reason."""
        return key_of(self.code, self.reason)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return (
            f"RuleViolation(code={self.code!r}, field={self.field!r}, "
            f"message={self.message!r}, hand={self.hand!r})"
        )

    def __reduce__(
        self,
    ) -> tuple[type[RuleViolation], tuple[object, ...], dict[str, object]]:
        # Exception pickles only ``args``; keep every attribute across processes.
        return (
            type(self),
            (self.code, self.field, self.message, self.hand),
            dict(self.__dict__),
        )
