"""A person's name inside a sentence on the table page, cut with an ellipsis on one
line (its whole in the title) rather than broken mid-word: "Hand 1 · Alexandrina
Featherstonehaugh-Montgomery deals" at 360 px (static/css/table.css, .cut-name)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

# A name this long or shorter never needs cutting on a phone.
SHORT = 14


@register.filter
def cut_name(name: str) -> SafeString | str:
    if len(name) <= SHORT:
        return name
    return format_html('<span class="cut-name" title="{}">{}</span>', name, name)
