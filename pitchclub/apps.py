from django.apps import AppConfig


class PitchClubConfig(AppConfig):
    name = "pitchclub"
    verbose_name = "Pitch Club"
