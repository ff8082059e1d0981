"""The form renderer (settings.FORM_RENDERER): Django's own, which writes the
common widgets (inputs, selects and their options, text areas) in Python instead
of through their templates, byte for byte as those templates write them.

Why: a widget's templates (the widget's, attrs.html, one include an option) cost
about a millisecond a field; the player page's filter form, the table's forms and
the archive's filters render several. Anything these writers do not recognise
(another template, a label that is a number, which the template would localise,
a value that is a function, which it would call) goes to the templates, so the
output never differs (tests/pitchclub/test_widgets.py holds them equal over
random widgets). Django's own widget templates are the ones written here: a project
or app overriding one of them would need its name taken out of WRITERS."""

from collections.abc import Callable, Mapping
from typing import Any

from django.forms.renderers import DjangoTemplates
from django.utils.functional import Promise
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeData

WIDGETS = "django/forms/widgets/"
OPTION = WIDGETS + "select_option.html"
# Every template that is input.html alone (text.html, date.html, …: an include).
INPUTS = frozenset(
    WIDGETS + name + ".html"
    for name in (
        "input",
        "text",
        "number",
        "email",
        "url",
        "password",
        "hidden",
        "date",
        "datetime",
        "time",
        "search",
        "tel",
        "color",
        "checkbox",
    )
)


class Unwritten(Exception):
    """A widget these writers leave to the templates."""


def _text(value: Any) -> str:
    """`{{ value }}` of a text (escaped unless safe); a number or a date (which
    the template would localise) is left to the templates."""
    if not isinstance(value, str | Promise):
        raise Unwritten
    return conditional_escape(value)


def _formatted(value: Any) -> str:
    """`{{ value|stringformat:'s' }}`: the value as %s, escaped unless it was
    safe (the filter keeps a safe value safe). A function is left to the
    templates, which call it."""
    if callable(value):
        raise Unwritten
    try:
        shown = "%s" % (str(value) if isinstance(value, tuple) else value)
    except (ValueError, TypeError):
        shown = ""
    return shown if isinstance(value, SafeData) else escape(shown)


def _attrs(attrs: Mapping[str, Any]) -> str:
    """attrs.html: ` name="value"` each, ` name` for True, nothing for False."""
    written = []
    for name, value in attrs.items():
        if callable(value):
            # The template calls it, then looks at what it gave.
            raise Unwritten
        if value is False:
            continue
        written.append(" " + _text(name))
        if value is not True:
            written.append(f'="{_formatted(value)}"')
    return "".join(written)


def _input(widget: Mapping[str, Any]) -> str:
    value = widget["value"]
    shown = f' value="{_formatted(value)}"' if value != None else ""  # noqa: E711
    return (
        f'<input type="{_text(widget["type"])}" name="{_text(widget["name"])}"'
        f"{shown}{_attrs(widget['attrs'])}>"
    )


def _option(option: Mapping[str, Any]) -> str:
    if option["template_name"] != OPTION:
        raise Unwritten
    return (
        f'<option value="{_formatted(option["value"])}"{_attrs(option["attrs"])}>'
        f"{_text(option['label'])}</option>\n"
    )


def _select(widget: Mapping[str, Any]) -> str:
    written = [f'<select name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            written.append(f'\n  <optgroup label="{_text(group_name)}">')
        written.extend("\n  " + _option(option) for option in group_choices)
        if group_name:
            written.append("\n  </optgroup>")
    written.append("\n</select>")
    return "".join(written)


def _textarea(widget: Mapping[str, Any]) -> str:
    value = widget["value"]
    return (
        f'<textarea name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>\n'
        f"{_text(value) if value else ''}</textarea>"
    )


WRITERS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    **dict.fromkeys(INPUTS, _input),
    WIDGETS + "select.html": _select,
    WIDGETS + "textarea.html": _textarea,
}


class PlainWidgets(DjangoTemplates):
    """Django's renderer, the common widgets written in Python (above)."""

    def render(
        self, template_name: str, context: dict[str, Any], request: Any = None
    ) -> str:
        writer = WRITERS.get(template_name)
        if writer is not None and set(context) == {"widget"}:
            try:
                return writer(context["widget"]).strip()
            except Unwritten:
                pass
        return super().render(template_name, context, request)
