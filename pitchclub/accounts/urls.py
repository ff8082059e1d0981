"""Accounts: Django's own auth views with our templates, plus sign-up, the profile
and API tokens. Templates live under pitchclub/accounts/ rather than registration/
so the admin's own password pages keep theirs."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from pitchclub.accounts import views

app_name = "accounts"

T = "pitchclub/accounts/"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path(
        "login/",
        auth_views.LoginView.as_view(template_name=f"{T}login.html"),
        name="login",
    ),
    # POST only (Django 5): a GET answers 405, so a link or prefetch cannot sign out.
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password/change/",
        views.PasswordChangeView.as_view(
            template_name=f"{T}password_change.html",
            success_url=reverse_lazy("accounts:password_change_done"),
        ),
        name="password_change",
    ),
    path(
        "password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(
            template_name=f"{T}password_change_done.html"
        ),
        name="password_change_done",
    ),
    # The reset pages answer the same whether or not the address has an account.
    path(
        "password/reset/",
        views.PasswordResetView.as_view(
            template_name=f"{T}password_reset.html",
            email_template_name=f"{T}password_reset_email.txt",
            subject_template_name=f"{T}password_reset_subject.txt",
            success_url=reverse_lazy("accounts:password_reset_done"),
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(
            template_name=f"{T}password_reset_done.html"
        ),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(
            template_name=f"{T}password_reset_confirm.html",
            success_url=reverse_lazy("accounts:password_reset_complete"),
        ),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name=f"{T}password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
    path("profile/", views.profile, name="profile"),
    path("profile/email/", views.email_change, name="email_change"),
    path("token/create/", views.token_create, name="token_create"),
    path("token/revoke/", views.token_revoke, name="token_revoke"),
]
