"""Form fields shared by the pages of every app."""

from typing import Any

from django import forms

from pitchclub.text import parse_whole_number


class WholeNumberField(forms.IntegerField):
    """An IntegerField that reads only ASCII digits, at most `max_digits` of them
    (pitchclub.text.parse_whole_number): no "٣" read as 3, no sign, no "7.0"."""

    def __init__(self, *, max_digits: int = 9, **kwargs: Any) -> None:
        self.max_digits = max_digits
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        number = parse_whole_number(str(value), max_digits=self.max_digits)
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number
