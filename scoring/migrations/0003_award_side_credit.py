"""A point may be credited to a side (a team) without naming the partner who took it:
an award then has no seat and no player (issue 11, item 6).

The stored hands are left as they are, on purpose. Until now "Rest to team" on the
table page ticked the team's first seat in every row still open, and the form posted
those seats like any other tap: nothing was stored of how a seat was chosen (a hand
keeps its awards only; the revision log keeps corrections and undos, with the same
awards). A point the first partner really took and a point given by "Rest to team"
are the same rows, so no migration can tell them apart, and turning every first-seat
award into a team credit would take real captures away from players. A scorekeeper
who knows a hand was entered with "Rest to team" corrects it on its hand page.

Going back, a side credit becomes what the old code would have stored: an award to
the side's first seat (seat number = side number, partners sitting opposite) and
that seat's player, so that the columns can be NOT NULL again.
"""

import django.db.models.deletion
from django.db import migrations, models


def nothing_to_convert(apps, schema_editor) -> None:
    """Stored awards cannot be told apart (see the module's docstring)."""


def side_credits_to_first_seats(apps, schema_editor) -> None:
    Award = apps.get_model("scoring", "Award")
    Seat = apps.get_model("scoring", "Seat")
    postgresql = schema_editor.connection.vendor == "postgresql"
    if postgresql:
        # Check the new player ids now: PostgreSQL refuses the ALTER TABLE that
        # follows in this transaction while deferred foreign-key checks are pending.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    credits = Award.objects.filter(seat__isnull=True).select_related("hand")
    for award in credits.iterator():
        seat = Seat.objects.get(game_id=award.hand.game_id, number=award.side)
        award.seat = seat.number
        award.player_id = seat.player_id
        award.save(update_fields=["seat", "player"])
    if postgresql:
        schema_editor.execute("SET CONSTRAINTS ALL DEFERRED")


class Migration(migrations.Migration):
    dependencies = [
        ("pitchclub", "0001_initial"),
        ("scoring", "0002_game_abandoned"),
    ]

    operations = [
        migrations.AlterField(
            model_name="award",
            name="player",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="awards",
                to="pitchclub.player",
            ),
        ),
        migrations.AlterField(
            model_name="award",
            name="seat",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        # Reversed before the columns are NOT NULL again.
        migrations.RunPython(nothing_to_convert, side_credits_to_first_seats),
        migrations.AddConstraint(
            model_name="award",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("player__isnull", False), ("seat__isnull", False)),
                    models.Q(("player__isnull", True), ("seat__isnull", True)),
                    _connector="OR",
                ),
                name="award_seat_iff_player",
            ),
        ),
        migrations.AddConstraint(
            model_name="award",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("seat__isnull", False), ("side__lte", models.F("seat"))),
                    models.Q(("seat__isnull", True), ("side__lte", 2)),
                    _connector="OR",
                ),
                name="award_side_of_seat_or_team",
            ),
        ),
    ]
