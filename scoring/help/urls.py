"""The help pages' addresses, under /how-to-score/ (scoring/urls.py includes them in
the `scoring` namespace). A variant's page has an anchor per point, named as the API
names the point: /how-to-score/auction/#low, /how-to-score/thirteen/#off_three."""

from django.urls import path

from scoring.help import views

# `slug` is the variant ("auction", "thirteen").
urlpatterns = [
    path("", views.how_to_score_index, name="how_to_score_index"),
    path("<slug:slug>/", views.how_to_score, name="how_to_score"),
]
