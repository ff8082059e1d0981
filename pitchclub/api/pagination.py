"""Pagination of every API list: ?limit= and ?offset=, checked as whole numbers."""

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.views import APIView


class Pagination(LimitOffsetPagination):
    """Lists page with ?limit= and ?offset=, each a whole number in ASCII digits
    (anything else is a 400 naming it, as the schema says); a limit past 200 is cut to
    200 (a huge one would otherwise reach the database as an impossible LIMIT)."""

    max_limit = 200
    # A number of more digits is past the end of any list (and Python's int() refuses
    # one of thousands).
    DIGITS_MAX = 18

    def get_limit(self, request: Request) -> int:
        limit = self._whole_number(request, self.limit_query_param, least=1)
        return self.default_limit if limit is None else min(limit, self.max_limit)

    def get_offset(self, request: Request) -> int:
        return self._whole_number(request, self.offset_query_param, least=0) or 0

    def _whole_number(self, request: Request, name: str, *, least: int) -> int | None:
        if name not in request.query_params:
            return None
        value = request.query_params[name]
        digits = value.lstrip("0") or "0"
        if value.isascii() and value.isdigit():
            if len(digits) > self.DIGITS_MAX:
                return 10**self.DIGITS_MAX
            if int(digits) >= least:
                return int(digits)
        # Translators: name is the query parameter as typed ("page", "limit").
        message = _("Give %(name)s as a whole number from %(least)s.")
        raise ValidationError({name: [message % {"name": name, "least": least}]})

    def get_schema_operation_parameters(self, view: APIView) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        least = {self.limit_query_param: 1, self.offset_query_param: 0}
        for parameter in parameters:
            parameter["schema"]["minimum"] = least[parameter["name"]]
            if parameter["name"] == self.limit_query_param:
                parameter["description"] = (
                    "Number of results to return per page; more than "
                    f"{self.max_limit} counts as {self.max_limit}."
                )
        return parameters
