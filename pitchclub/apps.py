from django.apps import AppConfig


class PitchClubConfig(AppConfig):
    name = "pitchclub"
    verbose_name = "Pitch Club"

    def ready(self) -> None:
        # Locked-out API callers get the lockout answer too.
        from pitchclub.accounts import lockouts  # noqa: F401
        from pitchclub.accounts.language import profile_language
        from pitchclub.panels import register_profile_panel

        # The language saved on the account, first of the profile's sections.
        register_profile_panel(profile_language, order=10, name="pitchclub.language")
