"""{% offline_data game rules seat_names side_names %}: what the offline queue needs
to know of the game (scoring/table/offline.py), as the JSON script `#table-data` that
static/js/offline/sheet.js reads."""

from collections.abc import Mapping

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString

from scoring.engine import Rules
from scoring.models import Game
from scoring.table.offline import offline_data as table_data

register = template.Library()


@register.simple_tag
def offline_data(
    game: Game,
    rules: Rules,
    seat_names: Mapping[int, str],
    side_names: list[str] | None = None,
) -> SafeString:
    return json_script(
        table_data(
            game_id=game.pk,
            rules=rules,
            seat_names=seat_names,
            side_names=side_names,
        ),
        "table-data",
    )
