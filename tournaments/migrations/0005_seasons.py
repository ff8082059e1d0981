"""Seasons whose playoffs were started before Season.playoffs existed (issue 22):
"Start playoffs" created a tournament named "<season> playoffs" of the season's
club and variant, between players, and kept no link. Link the first such
tournament created after the season to its season, so that it
leaves the regular standings and its champion becomes the season's. A tournament
already some season's playoffs, or a season with playoffs, is left alone; a season
whose playoffs were renamed stays unlinked (an organiser can tell). Idempotent;
nothing to undo (the link is dropped with the column when 0004 is reversed)."""

from django.db import migrations


def link_playoffs(apps, schema_editor):
    Season = apps.get_model("tournaments", "Season")
    Tournament = apps.get_model("tournaments", "Tournament")
    taken = set(
        Season.objects.filter(playoffs__isnull=False).values_list(
            "playoffs_id", flat=True
        )
    )
    for season in Season.objects.filter(playoffs__isnull=True).order_by("pk"):
        found = (
            Tournament.objects.filter(
                club_id=season.club_id,
                variant=season.variant,
                team_size=1,
                name=f"{season.name} playoffs",
                created_at__gte=season.created_at,
            )
            .exclude(pk__in=taken)
            .order_by("created_at", "pk")
            .first()
        )
        if found is not None:
            season.playoffs = found
            season.save(update_fields=["playoffs"])
            taken.add(found.pk)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_organiser_control")]

    operations = [migrations.RunPython(link_playoffs, migrations.RunPython.noop)]
