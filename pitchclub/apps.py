from django.apps import AppConfig


class PitchClubConfig(AppConfig):
    name = "pitchclub"
    verbose_name = "Pitch Club"

    def ready(self) -> None:
        # Locked-out API callers get the lockout answer too.
        from pitchclub.accounts import lockouts  # noqa: F401
