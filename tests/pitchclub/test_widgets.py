"""pitchclub.widgets: the form renderer writes the common widgets byte for byte as
Django's templates do (random names, values, attributes and choices, safe and
unsafe text), leaves anything else to the templates, and is the site's."""

import datetime
from decimal import Decimal

from django import forms
from django.conf import settings
from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy
from hypothesis import given
from hypothesis import strategies as st

from pitchclub.widgets import PlainWidgets

TEMPLATES = DjangoTemplates()
PLAIN = PlainWidgets()

text = st.text(alphabet=st.sampled_from("ab <>&\"'é\u00a0%s{}\n"), max_size=8)
shown_text = st.one_of(text, text.map(mark_safe))
attr_value = st.one_of(st.booleans(), shown_text, st.integers(-5, 5000), st.just(None))
attrs = st.dictionaries(
    st.sampled_from(["class", "id", "placeholder", "data-x", "required", "min"]),
    attr_value,
    max_size=4,
)
value = st.one_of(st.none(), shown_text, st.integers(-5, 5000), st.just(Decimal("1.5")))
label = st.one_of(
    shown_text, st.integers(0, 3000), st.just(gettext_lazy("Every season"))
)
choices = st.lists(st.tuples(value, label), max_size=4)
grouped = st.lists(
    st.one_of(
        st.tuples(value, label),
        st.tuples(text.filter(bool), choices),
    ),
    max_size=4,
)
INPUTS = [
    forms.TextInput,
    forms.NumberInput,
    forms.EmailInput,
    forms.URLInput,
    forms.PasswordInput,
    forms.HiddenInput,
    forms.DateInput,
    forms.TimeInput,
    forms.DateTimeInput,
    forms.SearchInput,
    forms.TelInput,
    forms.ColorInput,
    forms.CheckboxInput,
]


def both(widget: forms.Widget, name: str, shown: object, given_attrs: dict) -> None:
    expected = widget.render(name, shown, given_attrs, renderer=TEMPLATES)
    assert widget.render(name, shown, given_attrs, renderer=PLAIN) == expected


@given(
    kind=st.sampled_from(INPUTS),
    name=text,
    shown=st.one_of(value, st.just(datetime.date(2026, 12, 7))),
    given_attrs=attrs,
)
def test_an_input_is_written_as_its_template_writes_it(
    kind, name, shown, given_attrs
) -> None:
    both(kind(), name, shown, given_attrs)


@given(
    multiple=st.booleans(),
    name=text,
    options=grouped,
    chosen=value,
    given_attrs=attrs,
)
def test_a_select_is_written_as_its_template_writes_it(
    multiple, name, options, chosen, given_attrs
) -> None:
    kind = forms.SelectMultiple if multiple else forms.Select
    both(kind(choices=options), name, [chosen] if multiple else chosen, given_attrs)


@given(name=text, shown=value, given_attrs=attrs)
def test_a_text_area_is_written_as_its_template_writes_it(
    name, shown, given_attrs
) -> None:
    both(forms.Textarea(), name, shown, given_attrs)


def test_other_widgets_are_left_to_their_templates() -> None:
    radio = forms.RadioSelect(choices=[("a", "A"), ("b", "<B>")])
    both(radio, "r", "a", {"id": "r"})
    both(forms.ClearableFileInput(), "f", None, {})
    both(forms.SelectDateWidget(), "d", datetime.date(2026, 1, 2), {})


def test_a_field_rendered_in_a_form_is_the_same() -> None:
    class Filters(forms.Form):
        variant = forms.ChoiceField(
            choices=[("", "Any"), ("auction", "Auction <Pitch>")],
            required=False,
            help_text="Only this variant's games.",
        )
        start = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))

    bound = Filters({"variant": "auction", "start": "not a day"})
    # The default renderer is ours, and gives what the templates give.
    assert isinstance(get_default_renderer(), PlainWidgets)
    assert settings.FORM_RENDERER == "pitchclub.widgets.PlainWidgets"
    templated = Filters(
        {"variant": "auction", "start": "not a day"}, renderer=TEMPLATES
    )
    assert [str(f) for f in bound] == [str(f) for f in templated]


def test_a_number_label_is_left_to_the_template_which_localises_it() -> None:
    widget = forms.Select(choices=[(1, 1234567), (2, Decimal("1.5"))])
    both(widget, "n", 1, {})


def test_the_common_widgets_need_no_template(monkeypatch) -> None:
    def no_template(*args, **kwargs):
        raise AssertionError("a template was rendered")

    monkeypatch.setattr(DjangoTemplates, "render", no_template)
    for widget in (
        forms.Select(choices=[("", "Any"), ("a", "A")]),
        forms.DateInput(),
        forms.Textarea(),
        forms.CheckboxInput(),
    ):
        assert widget.render("x", "a", {"id": "x"}, renderer=PLAIN).startswith("<")


def test_a_function_given_as_a_value_is_called_as_the_template_calls_it() -> None:
    """From the blind review: the template calls a callable attribute; written
    here, its name was shown instead."""

    def called() -> str:
        return "called"

    both(forms.TextInput(attrs={"class": called}), "t", "x", {})
    both(forms.Select(choices=[("a", "A")]), "s", "a", {"data-x": called})
    assert 'class="called"' in forms.TextInput(attrs={"class": called}).render(
        "t", "x", renderer=PLAIN
    )
