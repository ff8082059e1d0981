"""Strict input for every API: a seat is a whole number, never "3", 3.0 or true; a
name is text, never a number; a key the input does not know is an error."""

from typing import Any

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from pitchclub.api.schema import NAME_PATTERN


class StrictIntegerField(serializers.IntegerField):
    default_error_messages = {"invalid": _("A whole number is required.")}

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
    default_error_messages = {"invalid": _("Must be true or false.")}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    """Text only: a number or true is refused rather than turned into a name. Its
    length is the length sent (as the schema's maxLength says), spaces included."""

    default_error_messages = {"invalid": _("Text is required.")}

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
                        name: [_("This field is not part of the request.")]
                        for name in unknown
                    }
                )
        return super().to_internal_value(data)


class SchemaPattern(RegexValidator):
    """A pattern for the schema's eyes only (drf-spectacular reads a RegexValidator's
    pattern): the services refuse the text in words, naming the character
    (pitchclub.services.fields), so this validator lets everything through."""

    def __call__(self, value: Any) -> None:
        return None


class StrictNameField(StrictCharField):
    """A name a person types: the schema says which characters a name may not
    hold (pitchclub.api.schema.NAME_PATTERN)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators.append(SchemaPattern(NAME_PATTERN))
