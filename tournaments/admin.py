"""The admin's view of tournaments: read mostly; the draw is the services' to write."""

from django.contrib import admin

from tournaments.models import Entrant, Match, Tournament


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ("seed", "name")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "format", "status", "created_at")
    list_filter = ("format", "status")
    search_fields = ("name", "club__name")
    raw_id_fields = ("club", "champion", "created_by")
    inlines = [EntrantInline]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("__str__", "table", "status", "winner")
    list_filter = ("status",)
    raw_id_fields = ("tournament", "round", "entrant_a", "entrant_b", "winner")
