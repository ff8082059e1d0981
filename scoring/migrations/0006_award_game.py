"""An award keeps its hand's game (Award.game, derived: a hand never changes game),
so that a player's statistics join their awards to their games without the hands.

The stored awards get their hand's game in one UPDATE; the column is then NOT NULL.
The statistics' award index goes by game instead of by hand (nothing else used it).
Going back drops the column: nothing to convert.
"""

import django.db.models.deletion
from django.db import migrations, models


def awards_get_their_hands_game(apps, schema_editor) -> None:
    Award = apps.get_model("scoring", "Award")
    Hand = apps.get_model("scoring", "Hand")
    award, hand = Award._meta.db_table, Hand._meta.db_table
    quote = schema_editor.quote_name
    postgresql = schema_editor.connection.vendor == "postgresql"
    # One portable statement, whatever the number of awards.
    schema_editor.execute(
        f"UPDATE {quote(award)} SET game_id = (SELECT {quote(hand)}.game_id "
        f"FROM {quote(hand)} WHERE {quote(hand)}.id = {quote(award)}.hand_id)"
    )
    if postgresql:
        # Check the new game ids now: PostgreSQL refuses the ALTER TABLE that
        # follows in this transaction while deferred foreign-key checks are pending.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        schema_editor.execute("SET CONSTRAINTS ALL DEFERRED")


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_stats_indexes"),
    ]

    operations = [
        migrations.AddField(
            model_name="award",
            name="game",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="scoring.game",
            ),
        ),
        migrations.RunPython(
            awards_get_their_hands_game, migrations.RunPython.noop, elidable=False
        ),
        migrations.AlterField(
            model_name="award",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="scoring.game",
            ),
        ),
        migrations.RemoveIndex(
            model_name="award",
            name="award_player_hand_idx",
        ),
        migrations.AddIndex(
            model_name="award",
            index=models.Index(
                fields=["player", "game", "point", "value"],
                name="award_player_game_idx",
            ),
        ),
    ]
