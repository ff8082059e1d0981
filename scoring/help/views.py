"""The pages of how to score: one per variant, and the list of them."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.help.summary import VARIANTS, variant_help


def how_to_score_index(request: HttpRequest) -> HttpResponse:
    """Every variant's help page."""
    return render(
        request, "scoring/help/index.html", {"variants": list(VARIANTS.values())}
    )


def how_to_score(request: HttpRequest, slug: str) -> HttpResponse:
    """How to score one variant: its points (an anchor each), bids, set-back and
    winning, with the engine's numbers."""
    variant = variant_help(slug)
    if variant is None:
        raise Http404("No such variant")
    others = [other for other in VARIANTS.values() if other.slug != slug]
    return render(request, variant.template, {"variant": variant, "others": others})
