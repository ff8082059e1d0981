"""The phone's own sentences in each language (issue 24): the catalogue the scripts of
static/js/ speak from, served per language at /phone-words/<language>.json and kept
by the service worker (static/js/sw.js), so that a phone offline still speaks the
language of its pages. static/js/pwa.js loads the catalogue of the page's
<html lang> and gives the scripts gettext, ngettext and pgettext over it.

Two kinds of sentences, two sources, one set of catalogues (locale/):
- the rules' refusals the phone repeats (offline/check.js, refusals.js) are the
  server's own templates (scoring/engine/messages.py, scoring/refusals.py), put on
  the table page through gettext by scoring/table/offline.py and filled like
  scoring.engine.render fills them: the phone's refusal is the server's sentence in
  every language by construction, with nothing to keep in step;
- the phone's own sentences (a hand waiting to be sent, a note about another phone,
  the share button, the sheet's scroll button) are written in the scripts, in
  English, through gettext(): Django's JavaScript domain (djangojs, collected by
  `make messages`), so a translator meets them in locale/*/LC_MESSAGES/djangojs.po
  beside the pages' own.

The answer is Django's JavaScript catalogue as JSON, with the language's plural rule
as a table (`plural[n]` is the form for n; from 200 on, `plural[100 + n % 100]`): the
site's Content-Security-Policy runs no code it did not ship, so the phone can't
evaluate the catalogue's Plural-Forms expression."""

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import path
from django.utils import translation
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

app_name = "phone_words"

DOMAIN = "djangojs"
# The plural rule said for 0 to 199: enough for every rule of the site's languages
# (they look at n % 100 at most; 100 to 199 stands for every larger number).
PLURAL_TABLE = 200
# A phone online asks again after this long; offline, its worker's copy answers.
MAX_AGE = 300


class Catalogue(JavaScriptCatalog):
    """One language's djangojs catalogue: our locale/ only (not the admin's)."""

    domain = DOMAIN
    packages = ["pitchclub"]

    def plural_table(self) -> list[int]:
        rule = self.translation.plural
        return [int(rule(n)) for n in range(PLURAL_TABLE)]

    def render_to_response(self, context, **response_kwargs) -> HttpResponse:
        response = JsonResponse(
            {
                "language": translation.get_language(),
                "catalog": context["catalog"],
                "plural": self.plural_table(),
            },
            json_dumps_params={"ensure_ascii": False, "sort_keys": True},
        )
        response["Cache-Control"] = f"max-age={MAX_AGE}"
        return response


catalogue = Catalogue.as_view()


@require_safe
def phone_words(request: HttpRequest, language: str) -> HttpResponse:
    # "de-de" (an <html lang> with a region) is German's catalogue too.
    try:
        language = translation.get_supported_language_variant(language)
    except LookupError:
        raise Http404 from None
    with translation.override(language):
        return catalogue(request)


urlpatterns = [
    path("phone-words/<str:language>.json", phone_words, name="catalogue"),
]
