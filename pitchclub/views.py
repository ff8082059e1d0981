"""Site-wide error answers: under /api/ JSON as DRF's own errors are (`detail`, and
a `code` for scripts), so an API client never gets an HTML page; elsewhere the
site's pages. Django calls them for what no view answered itself."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework.exceptions import NotFound, PermissionDenied


def _api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _api(request):
        return JsonResponse(
            {"detail": _("The request could not be read."), "code": "bad_request"},
            status=400,
        )
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _api(request):
        return JsonResponse(
            {
                "detail": str(PermissionDenied.default_detail),
                "code": "permission_denied",
            },
            status=403,
        )
    return defaults.permission_denied(request, exception)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The API answers as DRF does for its own 404s; pages in HTML."""
    if _api(request):
        return JsonResponse({"detail": str(NotFound.default_detail)}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """A bug: nothing of it in the answer (it is in the log)."""
    if _api(request):
        return JsonResponse(
            {
                "detail": _(
                    "The server had a problem with this request: try again in a moment."
                ),
                "code": "server_error",
            },
            status=500,
        )
    return defaults.server_error(request)
