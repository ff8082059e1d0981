"""The API's JSON parser: any body that cannot be read is a 400, never a 500."""

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    def parse(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().parse(*args, **kwargs)
        except RecursionError as too_deep:
            # json refuses very deep nesting by overflowing the stack.
            raise ParseError("JSON parse error - the body is nested too deeply.") from (
                too_deep
            )
