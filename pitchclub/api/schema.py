"""How the OpenAPI schema (/api/v1/schema/, drf-spectacular) describes the API, so that
it says what the server does: what an error answer holds, which inputs refuse keys they
do not know, which operation needs no credentials.

settings.REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"] names AutoSchema below; importing this
module registers the extensions with drf-spectacular.
"""

from typing import Any

from drf_spectacular import openapi
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.plumbing import get_doc
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

# --- The shapes of error answers (Django REST framework's usual ones) -----------------


class Detail(serializers.Serializer):
    """Why the request was refused, in words for people."""

    detail = serializers.CharField()


class ConflictDetail(Detail):
    """The request conflicts with the data as it stands; `code` says how."""

    code = serializers.CharField()


class FieldErrors(serializers.Serializer):
    """What is wrong with a request. Each key names a field and holds its messages; a
    field holding an object or a list holds the same map one level down (list items by
    their index). `non_field_errors` concerns the request as a whole; `detail` (a
    message, not a list) says the body could not be read at all."""


FIELD_ERRORS_REF = {"$ref": "#/components/schemas/FieldErrors"}


class FieldErrorsExtension(OpenApiSerializerExtension):
    target_class = FieldErrors

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        messages = {"type": "array", "items": {"type": "string"}}
        return {
            "type": "object",
            "description": get_doc(FieldErrors),
            "additionalProperties": {
                "anyOf": [messages, {"type": "string"}, FIELD_ERRORS_REF]
            },
        }


# What an error answer of each status holds unless the operation says otherwise.
ERROR_SHAPES: dict[str, type[serializers.Serializer]] = {
    "400": FieldErrors,
    "409": ConflictDetail,
}
RETRY_AFTER = {
    "Retry-After": {
        "description": "How many seconds to wait before trying again.",
        "schema": {"type": "integer"},
    }
}


# Answers many operations give, described once.
NOT_SIGNED_IN = OpenApiResponse(description="Not signed in.")
FIELD_WRONG = OpenApiResponse(description="A field is wrong; the answer names it.")


# --- Inputs that refuse unknown keys ------------------------------------------------


class StrictInputExtension(OpenApiSerializerExtension):
    """pitchclub.api.fields.StrictInput refuses keys it does not know (a typo is a
    400, not ignored): its schema forbids additional properties, and lists the keys
    it tolerates and ignores (what a hand read back holds, sent back as it is)."""

    target_class = "pitchclub.api.fields.StrictInput"
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            properties = schema.setdefault("properties", {})
            for name in sorted(self.target.tolerated):
                properties.setdefault(
                    name, {"description": "Ignored: a hand may be sent back as read."}
                )
            schema["additionalProperties"] = False
        return schema


# --- Operations ---------------------------------------------------------------------


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's AutoSchema, adding what every operation may answer besides
    what its extend_schema lists, and an explicit empty `security` for an operation
    that authenticates nobody (drf-spectacular leaves the key out, and client
    generators then assume the API's usual credentials are needed)."""

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is not None and not self.view.get_authenticators():
            operation["security"] = []
        return operation

    def _implied_responses(self) -> dict[str, OpenApiResponse]:
        implied = {}
        if self.method in {"POST", "PUT", "PATCH"} and self.get_request_serializer():
            implied["400"] = OpenApiResponse(
                FieldErrors, description="The body could not be read."
            )
        elif self._get_paginator():
            implied["400"] = OpenApiResponse(
                FieldErrors, description="`limit` or `offset` is not a whole number."
            )
        if self.view.get_authenticators():
            implied["401"] = OpenApiResponse(
                Detail,
                description="The credentials sent are wrong (an unknown token, a "
                "wrong password).",
            )
        if self.view.get_throttles():
            implied["429"] = OpenApiResponse(
                Detail, description="Too many requests: wait and try again."
            )
        return implied

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        for code, response in self._implied_responses().items():
            responses.setdefault(
                code, self._get_response_for_code(response, code, direction=direction)
            )
        for code, response in responses.items():
            if code.startswith("4") and "content" not in response:
                shape = ERROR_SHAPES.get(code, Detail)
                described = self._get_response_for_code(
                    shape, code, direction=direction
                )
                response["content"] = described["content"]
            if code == "429":
                response.setdefault("headers", {}).update(RETRY_AFTER)
        return dict(sorted(responses.items()))


# --- Names: what pitchclub.text refuses, as a schema's pattern ---------------------

# Control and invisible characters and private-use characters (the Basic
# Multilingual Plane's; pitchclub.text.unsafe_character decides, and says which
# character in words). Tabs and line breaks pass: a name squeezes them. No
# surrogate range: JSON text holds none, and validators' regex engines refuse it.
_UNSAFE = (
    r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u034f\u0600-\u0605\u061c\u06dd"
    r"\u070f\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164"
    r"\ue000-\uf8ff\ufeff\uffa0\ufff9-\ufffb"
)
# Text without those characters (a name that may be left empty).
SAFE_TEXT_PATTERN = rf"^[^{_UNSAFE}]*$"
# A name: without those characters, and something to show besides spaces.
NAME_PATTERN = rf"^[^{_UNSAFE}]*[^{_UNSAFE}\s][^{_UNSAFE}]*$"


def name_schema(max_length: int) -> dict[str, Any]:
    """The schema of a name a person types (a player's, an entrant's)."""
    return {
        "type": "string",
        "minLength": 1,
        "maxLength": max_length,
        "pattern": NAME_PATTERN,
    }
