"""URL map: pages, the REST API v1 (each app's api_urls) and its schema and docs,
the admin. The composing layer: it names other apps' URLconfs only as strings."""

from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from pitchclub.accounts.language import set_language
from pitchclub.health import health

# The API docs pages are third-party UIs; each gets only the exception it needs, the
# rest of the site keeps the strict policy. Swagger UI's setup script is served from
# our origin (the split view), and the one inline <style> of drf-spectacular's
# swagger_ui.html (0.30) is allowed by its hash: tests/browser fails if it changes.
SWAGGER_STYLE_HASH = "'sha256-MMpT0iDxyjALd9PdfepImGX3DBfJPXZ4IlDWdPAgtn0='"
swagger_csp = csp_update({"style-src": [SWAGGER_STYLE_HASH]})
# Redoc builds its styles at run time (styled-components) and runs its search in a
# worker made from a blob: URL. Inline styles and blob: workers, still no inline script.
redoc_csp = csp_update(
    {"style-src": [UNSAFE_INLINE], "worker-src": [SELF, "blob:"]},
)

# Each app's API paths, in the one `api` namespace, with the schema and its docs.
api_v1 = [
    path("", include("scoring.api.urls")),
    path("", include("pitchclub.accounts.api.urls")),
    path("", include("pitchclub.clubs.api.urls")),
    path("", include("tournaments.api.urls")),
    path("schema/", SpectacularAPIView.as_view(api_version="v1"), name="schema"),
    path(
        "docs/",
        swagger_csp(SpectacularSwaggerSplitView.as_view(url_name="api:schema")),
        name="docs",
    ),
    path(
        "redoc/",
        redoc_csp(SpectacularRedocView.as_view(url_name="api:schema")),
        name="redoc",
    ),
]

urlpatterns = [
    path("", include("scoring.urls")),
    path("", include("pitchclub.pwa")),
    # The phone's own sentences, per language (static/js/pwa.js loads them).
    path("", include("pitchclub.phone_words")),
    path("accounts/", include("pitchclub.accounts.urls")),
    path("", include("pitchclub.clubs.urls")),
    path("", include("tournaments.urls")),
    path("api/v1/", include((api_v1, "api"))),
    path("api-auth/", include("rest_framework.urls")),
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    # set_language at /i18n/setlang/ (the chooser in every page's header and footer),
    # Django's, saving a signed-in person's choice on their account too.
    path("i18n/setlang/", set_language, name="set_language"),
]

handler400 = "pitchclub.views.bad_request"
handler403 = "pitchclub.views.permission_denied"
handler404 = "pitchclub.views.not_found"
handler500 = "pitchclub.views.server_error"
