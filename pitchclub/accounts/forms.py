"""Forms for signing up and for the profile page; the rest are Django's own."""

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

# Phones must not capitalise or "correct" a username as it is typed.
USERNAME_ATTRS = {
    "autocomplete": "username",
    "autocapitalize": "none",
    "autocorrect": "off",
    "spellcheck": "false",
}


class SignupForm(UserCreationForm):
    """Username (public, unique), email (required, for password resets), password
    twice. Django's form already refuses a taken username, case-insensitively."""

    email = forms.EmailField(
        label=_("Email"),
        max_length=254,
        help_text=_("Only for password-reset links; never shown to other players."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {
            "username": _("Shown to other players. Letters, digits and @ . + - _ only.")
        }

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(USERNAME_ATTRS)


class EmailForm(forms.Form):
    email = forms.EmailField(
        label=_("Email"),
        max_length=254,
        help_text=_("Where password-reset links are sent."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
