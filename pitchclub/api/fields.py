"""Strict input for every API: a seat is a whole number, never "3", 3.0 or true; a
name is text, never a number; a key the input does not know is an error."""

from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ValidationError


class StrictIntegerField(serializers.IntegerField):
    default_error_messages = {"invalid": "A whole number is required."}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictUUIDField(serializers.UUIDField):
    """A UUID written as a string, as JSON carries it (not a bare number)."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str):
            self.fail("invalid", value=data)
        return super().to_internal_value(data)


class StrictSlugField(serializers.SlugField):
    """A slug written as a string (not a number that happens to be one)."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": "Must be true or false."}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    """Text only: a number or true is refused rather than turned into a name. Its
    length is the length sent (as the schema's maxLength says), spaces included."""

    default_error_messages = {"invalid": "Text is required."}

    def run_validation(self, data: Any = serializers.empty) -> Any:
        if (
            isinstance(data, str)
            and self.max_length is not None
            and len(data) > self.max_length
        ):
            self.fail("max_length", max_length=self.max_length)
        return super().run_validation(data)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictInput(serializers.Serializer):
    """Refuses keys it does not know, so a typo is an error rather than ignored."""

    tolerated: frozenset[str] = frozenset()

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = set(data) - set(self.fields) - self.tolerated
            if unknown:
                raise ValidationError(
                    {
                        name: ["This field is not part of the request."]
                        for name in unknown
                    }
                )
        return super().to_internal_value(data)
