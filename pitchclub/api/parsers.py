"""The API's JSON parser: any body that cannot be read is a 400, never a 500.

Every API view reads its body with it (settings.REST_FRAMEWORK), the token view
included. A body no request of the API needs is refused before anything reads it: too
big (more than BODY_MAX bytes: the largest request, a club with its longest
description, is about a tenth of that) or nested too deeply (more than DEPTH_MAX
levels: the deepest, a player named by id, has three). Django refuses anything over
DATA_UPLOAD_MAX_MEMORY_SIZE before a parser runs.
"""

import io
import json
from typing import Any

from django.utils.translation import gettext, gettext_lazy
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

BODY_MAX = 64 * 1024
DEPTH_MAX = 32

TOO_DEEP = gettext_lazy(
    "JSON parse error - the body is nested too deeply (more than %(depth)s levels)."
)


def nested_too_deeply(data: Any) -> bool:
    """Whether lists and objects nest more than DEPTH_MAX levels (walked without
    recursion, so that the check cannot itself overflow the stack)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children = list(node.values())
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > DEPTH_MAX:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _not_json(error: BaseException | None) -> str:
    """Where the body stops being JSON, in the caller's language."""
    if isinstance(error, json.JSONDecodeError):
        return gettext(
            "The body is not JSON: it goes wrong at line %(line)s, column %(column)s. "
            "Send a JSON object."
        ) % {"line": error.lineno, "column": error.colno}
    return gettext("The body is not JSON (nor UTF-8 text). Send a JSON object.")


class SafeJSONParser(JSONParser):
    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: dict[str, Any] | None = None,
    ) -> Any:
        body = stream.read(BODY_MAX + 1) if stream is not None else b""
        if len(body) > BODY_MAX:
            raise ParseError(
                gettext(
                    "The body is larger than %(size)s KB: no request of this API "
                    "needs that much."
                )
                % {"size": BODY_MAX // 1024}
            )
        try:
            data = super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError as too_deep:
            # json refuses very deep nesting by overflowing the stack.
            raise ParseError(TOO_DEEP % {"depth": DEPTH_MAX}) from too_deep
        except ParseError as refused:
            # DRF's own words are English only ("JSON parse error - Expecting
            # value: line 1 column 1 (char 0)"): said in the caller's language.
            raise ParseError(_not_json(refused.__context__)) from refused
        if nested_too_deeply(data):
            raise ParseError(TOO_DEEP % {"depth": DEPTH_MAX})
        return data
