"""Static files in production: whitenoise's compressed, content-hashed names
(forever cacheable), with the ES modules of our scripts (static/js/offline.js and
static/js/offline/*.js) importing each other by their hashed names too. Otherwise a
deployed offline.js would import ./offline/queue.js, a name the service worker did
not keep (it keeps the hashed ones), and the table page would not start offline."""

from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
    # Django's import/export patterns, for our own scripts only: the apps' scripts
    # (htmx's extensions, the API docs' bundles) mention imports of files that are
    # not there, and collectstatic would stop at them.
    _js_module_import_aggregation_patterns = (
        "js/*.js",
        ManifestStaticFilesStorage._js_module_import_aggregation_patterns[1],
    )
