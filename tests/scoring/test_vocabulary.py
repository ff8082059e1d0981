"""The scoring vocabulary (scoring/vocabulary.py): variants, points and suits are
labelled once, on the engine's ids, and the models, forms, entry form and revision
log take their words from there."""

from django.utils import translation

from scoring import engine, models, vocabulary
from scoring.models import Game, Point, Suit, Variant
from scoring.start import forms
from scoring.table.words import history


def test_every_engine_id_has_its_words() -> None:
    assert set(vocabulary.VARIANT_LABELS) == set(engine.Variant)
    assert set(vocabulary.SUITS) == set(engine.Suit)
    assert set(vocabulary.LOW_HINTS) == set(engine.LowGoesTo)
    for variant in engine.Variant:
        for point in engine.POINTS[variant]:
            assert point in vocabulary.POINT_LABELS
            assert point == "low" or (variant, point) in vocabulary.POINT_HINTS
    assert tuple(vocabulary.POINT_LABELS) == vocabulary.POINT_IDS


def test_the_models_choices_are_the_vocabulary() -> None:
    # The same choices as the first migration (makemigrations --check in CI).
    assert Variant.choices == [
        ("auction", "Auction Pitch"),
        ("thirteen", "13-Point Partner Pitch"),
    ]
    assert Point.values == list(vocabulary.POINT_IDS)
    assert Point.OFF_THREE.label == "Off-three"
    assert Point("high_joker").label == "High joker"
    assert Suit.choices == [
        ("spades", "Spades"),
        ("hearts", "Hearts"),
        ("diamonds", "Diamonds"),
        ("clubs", "Clubs"),
    ]
    assert Variant.choices == forms.VARIANT_CHOICES


def test_players_per_game_come_from_the_engine() -> None:
    assert (engine.MIN_PLAYERS, engine.MAX_PLAYERS) == (2, 7)
    assert vocabulary.MAX_SEATS == engine.MAX_PLAYERS
    names = {constraint.name for constraint in Game._meta.constraints}
    assert "game_player_count_2_to_7" in names


def test_a_suit_is_shown_with_its_symbol() -> None:
    assert vocabulary.suit_label(engine.Suit.HEARTS) == "♥ Hearts"


def test_the_revision_log_names_a_point_by_its_label() -> None:
    names = {0: "Ann", 1: "Bob"}
    before = {"awards": {"off_three": 0, "high_joker": 1}}
    after = {"awards": {"off_three": 1, "high_joker": 0}}
    assert history._hand_changes(before, after, names) == [
        "Off-three Ann → Bob",
        "High joker Bob → Ann",
    ]


def test_labels_are_translated_when_a_language_is_active() -> None:
    # The labels are lazy, read in the active language (the glossary's words).
    with translation.override("de"):
        assert str(models.Variant.AUCTION.label) == "Auktions-Pitch"
        assert str(vocabulary.POINT_LABELS["jick"]) == "Zweiter Bube"
        assert vocabulary.suit_label(engine.Suit.HEARTS) == "♥ Herz"
    assert str(models.Variant.AUCTION.label) == "Auction Pitch"
