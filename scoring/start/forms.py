"""The new-game page's forms: the table (variant, club, players, first dealer, solo or
partners, a night) and each variant's options of RULES.md, with their defaults. They
parse what was typed; the rules are checked by scoring.engine (through the
services), whose refusals come back next to the field they name. Tournaments start
their games with the same options' forms."""

import re
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from pitchclub import permissions
from pitchclub import selectors as club_selectors
from pitchclub.forms import WholeNumberField
from pitchclub.models import Club
from pitchclub.text import parse_whole_number
from scoring.engine import OPTION_DEFAULTS, RuleViolation, Variant
from scoring.engine.variants import MAX_TARGET
from scoring.games.services import PLAYER_NAME_MAX
from scoring.refusals import TableNames, sentence
from scoring.vocabulary import MAX_SEATS, VARIANT_LABELS

# Seven name boxes, the most Auction Pitch allows, of which four show at first: the
# page's CSS shows the next box once the last visible one has a name, and empty boxes
# are left out wherever they are. Adding a player is typing a name, removing one is
# clearing it: no "add"/"remove" button to aim a thumb at, no round trip, and it works
# without JavaScript (browsers without CSS :has() simply show all seven boxes).
SEATS_SHOWN = 4

NOT_YOUR_CLUB = _("You can only start games in clubs where you keep score.")
# A night asked for by ?night= (a season's, kept by an app above: game_links).
# Translators: %(night)s is a night's id, a number.
NIGHT_BOX = _("Counts for night %(night)s")
NIGHT_NOT_A_NUMBER = _("A night is given by its id: a number.")
NIGHT_NOT_OF_CLUB = _(
    "Night %(night)s is not a night of a season of %(club)s: this game will not "
    "count for it. Start it from the night's page, or without a night."
)
NIGHT_WITHOUT_CLUB = _(
    "Night %(night)s belongs to a club's season: choose the club to start a game "
    "for it, or start it without a night."
)

VARIANT_CHOICES = [(variant.value, VARIANT_LABELS[variant]) for variant in Variant]
CHOOSE_VARIANT = format_lazy(
    _("Choose {auction} or {thirteen}."),
    auction=VARIANT_LABELS[Variant.AUCTION],
    thirteen=VARIANT_LABELS[Variant.THIRTEEN],
)
SOLO, PARTNERS = "solo", "partners"


class PlainForm(forms.Form):
    """Labels without Django's trailing colon."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class NewGameForm(PlainForm):
    """The table: variant, club, players in seat order, first dealer, solo or
    partners. The options are in the variant's options form below."""

    variant = forms.ChoiceField(
        label=pgettext_lazy("a game: which game is played", "Game"),
        choices=VARIANT_CHOICES,
        initial=Variant.AUCTION.value,
        widget=forms.RadioSelect,
        error_messages={"required": CHOOSE_VARIANT, "invalid_choice": CHOOSE_VARIANT},
    )
    club = forms.CharField(
        label=_("Club"),
        required=False,
        help_text=_(
            "Names then come from the club's roster; a new name joins it as a guest."
        ),
        widget=forms.Select,
    )
    first_dealer = forms.TypedChoiceField(
        label=_("First dealer"),
        choices=[
            (seat, format_lazy(_("Player {number}"), number=seat + 1))
            for seat in range(MAX_SEATS)
        ],
        coerce=int,
        empty_value=0,
        required=False,
        initial=0,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choose who deals first.")},
    )
    partnership = forms.ChoiceField(
        label=_("Solo or partners"),
        choices=[
            (SOLO, _("Solo: everyone plays for themselves")),
            (PARTNERS, _("Partners: teams of two, partners sit opposite")),
        ],
        initial=SOLO,
        help_text=_(
            "Partners need 4 or 6 players: players 1 and 3 play against 2 "
            "and 4 (with six: 1 & 4, 2 & 5, 3 & 6)."
        ),
        required=False,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choose solo or partners.")},
    )
    # The season's night the game counts for (?night=, shown as a ticked box
    # with what it means; unticked, nothing is posted).
    night = forms.CharField(label=_("Night"), required=False)

    def __init__(self, *args: Any, clubs: list[Club], user: Any, **kwargs: Any):
        """`clubs`: the clubs the user keeps score in, offered in the Club select."""
        super().__init__(*args, **kwargs)
        self.user = user
        self.clubs = {club.slug: club for club in clubs}
        self._label_clubs()
        for seat in range(MAX_SEATS):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=gettext("Player %(number)s") % {"number": seat + 1},
                required=False,
                max_length=PLAYER_NAME_MAX,
                error_messages={
                    "max_length": gettext(
                        "Shorten this name to %(most)s characters or fewer."
                    )
                    % {"most": PLAYER_NAME_MAX}
                },
                widget=forms.TextInput(
                    attrs={
                        "class": "seat-name",
                        # " ": lets the CSS tell an empty box (:placeholder-shown).
                        "placeholder": " ",
                        "autocomplete": "off",
                        "autocapitalize": "words",
                        "spellcheck": "false",
                        "enterkeyhint": "next",
                    }
                ),
            )
        # Errors about the table as a whole ("needs 2 to 7 players"), shown at the
        # players' fieldset: they belong to no single box.
        self.players_errors: list[str] = []
        # The box each seat's name came from (empty boxes are left out).
        self.seat_boxes: list[int] = []

    def clean_night(self) -> int | None:
        """The night the game is started for (the ticked box), or None; the app
        that keeps nights checks it when the game starts (the game hook)."""
        value = (self.data.get("night") or "").strip()
        if not value:
            return None
        night = parse_whole_number(value, max_digits=18)
        if night is None:
            raise forms.ValidationError(NIGHT_NOT_A_NUMBER, code="invalid_night")
        return night

    def use_roster(self, list_id: str | None) -> None:
        """Point the name boxes at a <datalist> of roster names (or at none)."""
        for seat in range(MAX_SEATS):
            attrs = self.fields[f"player_{seat}"].widget.attrs
            if list_id:
                attrs["list"] = list_id
            else:
                attrs.pop("list", None)

    def offer_club(self, club: Club) -> None:
        """Offer one more club in the select (a superuser's ?club=)."""
        if club.slug not in self.clubs:
            self.clubs[club.slug] = club
            self._label_clubs()

    def _label_clubs(self) -> None:
        # Two clubs of one name are told apart ("Elks Lodge (Main Street)").
        labels = club_selectors.club_labels(self.clubs.values())
        self.fields["club"].widget.choices = [("", gettext("No club"))] + [
            (club.slug, labels[club.pk]) for club in self.clubs.values()
        ]

    def clean_club(self) -> Club | None:
        slug = self.cleaned_data.get("club") or ""
        if not slug:
            return None
        if slug in self.clubs:
            return self.clubs[slug]
        # Never trust the posted slug: only a club the user keeps score in.
        club = Club.objects.filter(slug=slug).first()
        if club is None or not permissions.club_scorekeeping_by(
            club=club, user=self.user
        ):
            raise forms.ValidationError(NOT_YOUR_CLUB, code="not_keeper")
        self.offer_club(club)  # a superuser's: shown chosen if the form comes back
        return club

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self.seat_boxes = [
            box for box in range(MAX_SEATS) if data.get(f"player_{box}", "").strip()
        ]
        data["players"] = [data[f"player_{box}"] for box in self.seat_boxes]
        dealer_box = data.get("first_dealer", 0)
        if self.seat_boxes and "first_dealer" in data:
            if dealer_box not in self.seat_boxes:
                self.add_error(
                    "first_dealer",
                    gettext(
                        "Player %(number)s has no name: type it, or choose "
                        "someone else to deal first."
                    )
                    % {"number": dealer_box + 1},
                )
            else:
                data["first_dealer"] = self.seat_boxes.index(dealer_box)
        return data

    @property
    def partnership_value(self) -> bool | None:
        """What game_start expects: thirteen is always partners (None = the
        variant's default), auction is solo unless partners was chosen."""
        if self.cleaned_data["variant"] == Variant.THIRTEEN:
            return None
        return self.cleaned_data.get("partnership") == PARTNERS

    def add_refusal(self, refusal: RuleViolation, options: forms.Form) -> None:
        """Show a refusal of the rules next to the box or choice it names."""
        field = refusal.field
        seat = re.fullmatch(r"players\.([0-9]+)", field)
        if seat and int(seat.group(1)) < len(self.seat_boxes):
            box = self.seat_boxes[int(seat.group(1))]
            self.add_error(f"player_{box}", sentence(refusal, self.box_names))
        elif field == "players":
            self.players_errors.append(sentence(refusal))
        elif field in ("first_dealer", "partnership", "variant", "night"):
            self.add_error(field, sentence(refusal))
        elif field.startswith("options.") and field[8:] in options.fields:
            options.add_error(field[8:], sentence(refusal))
        else:
            self.add_error(None, sentence(refusal))

    @property
    def box_names(self) -> TableNames:
        """Each seat by the name typed in its box, and the box's number (the
        services count seats from 0; the page numbers its boxes from 1)."""
        names = self.cleaned_data["players"]
        return TableNames(
            seats={seat: " ".join(name.split()) for seat, name in enumerate(names)},
            numbers={seat: box + 1 for seat, box in enumerate(self.seat_boxes)},
        )


def _whole_number_target(example: int) -> forms.IntegerField:
    return WholeNumberField(
        # A longer number is no target; a larger one the rules refuse in words.
        max_digits=len(str(MAX_TARGET)),
        label=_("Target score"),
        min_value=1,
        help_text=format_lazy(
            _("The score that wins the game (usually {example})."), example=example
        ),
        error_messages={
            "required": format_lazy(
                _("Type the score that wins the game, like {example}."),
                example=example,
            ),
            "invalid": format_lazy(
                _("The target must be a whole number, like {example}."),
                example=example,
            ),
            "min_value": format_lazy(
                _("The target must be at least 1 point, like {example}."),
                example=example,
            ),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class OptionsForm(PlainForm):
    """A variant's options (RULES.md), prefilled with their defaults; the form's
    prefix is the variant, so both variants' boxes can sit in one <form>."""

    variant: Variant

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", self.variant.value)
        super().__init__(*args, **kwargs)
        for name, default in OPTION_DEFAULTS[self.variant].items():
            if name in self.fields:
                self.fields[name].initial = default

    @property
    def options(self) -> dict[str, Any]:
        """The options as game_start takes them: those the page offers (a club
        game is played to the target; hand_limit is set by a tournament's round,
        or through the API)."""
        return {
            name: self.cleaned_data[name]
            for name in OPTION_DEFAULTS[self.variant]
            if name in self.fields
        }


class AuctionOptionsForm(OptionsForm):
    variant = Variant.AUCTION

    target = _whole_number_target(7)
    pitcher_only_win = forms.BooleanField(
        label=_("Only the pitcher can go out"),
        required=False,
        help_text=_("A player at or above the target must win a bid to go out."),
    )
    must_make_bid_to_win = forms.BooleanField(
        label=_("A set pitcher cannot go out"),
        required=False,
        help_text=_(
            "Off: a pitcher who is set back but still has the target wins, "
            "as the old rules say."
        ),
    )
    dealer_min_bid = forms.TypedChoiceField(
        label=_("When everyone passes, the dealer must bid at least"),
        choices=[(bid, str(bid)) for bid in range(1, 5)],
        coerce=int,
        error_messages={
            "required": _("Choose the dealer's lowest bid, 1 to 4."),
            "invalid_choice": _("Choose the dealer's lowest bid, 1 to 4."),
        },
    )
    dealer_may_steal = forms.BooleanField(
        label=_("Dealer may steal the bid"),
        required=False,
        help_text=_(
            "The dealer takes the bid by bidding the same as the highest bid so far."
        ),
    )
    low_goes_to = forms.ChoiceField(
        label=_("Low goes to"),
        choices=[
            ("captured", _("the player who captured it")),
            ("dealt", _("the player dealt it")),
        ],
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose who gets Low."),
            "invalid_choice": _("Choose who gets Low."),
        },
    )


class ThirteenOptionsForm(OptionsForm):
    variant = Variant.THIRTEEN

    target = _whole_number_target(55)
    pitcher_only_win = forms.BooleanField(
        label=_("Only the pitcher can go out"),
        required=False,
        help_text=_(
            "Off: a team at or above the target wins; if both teams reach "
            "it in the same hand, the bidding team wins."
        ),
    )
    moon_fail = forms.ChoiceField(
        label=_("Failing to shoot the moon"),
        choices=[("setback", _("set back 13")), ("lose", _("loses the game"))],
        widget=forms.RadioSelect,
        error_messages={
            "required": _(
                "Choose what happens to a team that fails to shoot the moon."
            ),
            "invalid_choice": _(
                "Choose what happens to a team that fails to shoot the moon."
            ),
        },
    )


OPTIONS_FORMS: dict[str, type[OptionsForm]] = {
    Variant.AUCTION.value: AuctionOptionsForm,
    Variant.THIRTEEN.value: ThirteenOptionsForm,
}
