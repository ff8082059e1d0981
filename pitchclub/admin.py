from django.contrib import admin

from pitchclub.models import Club, Invite, Membership, Player, RosterChange


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]
    fields = ["user", "role", "joined_at"]
    readonly_fields = ["joined_at"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "location", "schedule", "is_private", "created_at"]
    list_filter = ["is_private"]
    search_fields = ["name", "slug", "location"]
    raw_id_fields = ["created_by"]
    readonly_fields = ["created_at"]
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role", "joined_at"]
    list_filter = ["role", "club"]
    search_fields = ["user__username", "club__name"]
    list_select_related = ["user", "club"]
    raw_id_fields = ["user", "club"]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = [
        "code",
        "club",
        "role",
        "player",
        "uses",
        "max_uses",
        "expires_at",
        "revoked_at",
        "created_at",
    ]
    list_filter = ["role", "club"]
    search_fields = ["code", "club__name", "player__name"]
    list_select_related = ["club", "player"]
    raw_id_fields = ["club", "player", "created_by"]
    readonly_fields = ["created_at"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "user", "created_at"]
    list_filter = ["club"]
    search_fields = ["name", "user__username", "club__name"]
    list_select_related = ["club", "user"]
    raw_id_fields = ["user", "club"]


@admin.register(RosterChange)
class RosterChangeAdmin(admin.ModelAdmin):
    """The roster's log, read only: it tells what happened."""

    list_display = ["at", "club", "action", "old_name", "name", "by"]
    list_filter = ["action"]
    search_fields = ["name", "old_name", "club__name"]
    list_select_related = ["club", "by"]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False
