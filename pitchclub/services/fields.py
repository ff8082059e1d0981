"""A name or a text a person typed, as stored (pitchclub.text cleans it), or a
``Refusal`` naming the field and what is wrong: every service that takes a name or
a text checks it here."""

from pitchclub import text
from pitchclub.messages import Term
from pitchclub.refusals import Refusal


def clean_name(name: object, field: str, what: str, limit: int) -> str:
    """A name as stored (pitchclub.text.clean_name: composed, spaces squeezed), or
    a refusal naming the field and the character that is wrong."""
    if not isinstance(name, str) or not " ".join(name.split()):
        raise Refusal("empty_name", field, params={"what": Term(what)})
    try:
        cleaned = text.clean_name(name)
    except text.UnsafeText as problem:
        raise Refusal(
            "invalid_name",
            field,
            params={
                "what": Term(what),
                "kind": problem.code,
                "codepoint": problem.codepoint,
            },
        ) from problem
    if len(cleaned) > limit:
        raise Refusal(
            "name_too_long", field, params={"what": Term(what), "limit": limit}
        )
    return cleaned


def clean_text(
    value: object, field: str, what: str, limit: int, *, multiline: bool = False
) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Refusal("invalid_text", field, params={"what": Term(what)})
    try:
        cleaned = text.clean_text(value, multiline=multiline)
    except text.UnsafeText as problem:
        raise Refusal(
            "invalid_text",
            field,
            reason="unsafe",
            params={
                "what": Term(what),
                "kind": problem.code,
                "codepoint": problem.codepoint,
            },
        ) from problem
    if len(cleaned) > limit:
        raise Refusal(
            "text_too_long",
            field,
            params={"what": Term(what), "limit": limit, "length": len(cleaned)},
        )
    return cleaned
