"""WSGI entry point (gunicorn pitchclub.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pitchclub.settings")

application = get_wsgi_application()
