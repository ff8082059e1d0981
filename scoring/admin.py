from django.contrib import admin

from scoring.models import Award, Game, Hand, HandRevision, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "variant",
        "partnership",
        "status",
        "winner",
        "hand_count",
        "updated_at",
    ]
    list_filter = ["variant", "status", "partnership"]
    date_hierarchy = "created_at"
    inlines = [SeatInline]
    raw_id_fields = ["created_by"]
    # Scores are the engine's: change hands through the site or the API, which replay.
    readonly_fields = ["scores", "status", "winner", "hand_count", "finished_at"]


class AwardInline(admin.TabularInline):
    model = Award
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "number", "dealer", "pitcher", "bid", "made"]
    list_filter = ["made", "game__variant"]
    raw_id_fields = ["game", "recorded_by"]
    inlines = [AwardInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "side", "player"]
    raw_id_fields = ["game", "player"]


@admin.register(Award)
class AwardAdmin(admin.ModelAdmin):
    list_display = ["hand", "point", "seat", "side", "value", "player"]
    list_filter = ["point"]
    raw_id_fields = ["hand", "player"]


@admin.register(HandRevision)
class HandRevisionAdmin(admin.ModelAdmin):
    list_display = ["game", "hand_number", "action", "changed_by", "changed_at"]
    list_filter = ["action"]
    raw_id_fields = ["game", "changed_by"]
