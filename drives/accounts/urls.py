"""/accounts/…: one's account and clubs, and invitations (allauth's pages sit beside)."""

from django.urls import path

from drives.accounts import views

app_name = "accounts"

urlpatterns = [
    path("", views.account, name="account"),
    path("clubs/", views.my_clubs, name="my_clubs"),
    path("clubs/new/", views.club_new, name="club_new"),
    path("delete/", views.account_delete, name="account_delete"),
    path("invitations/<str:token>/", views.invitation, name="invitation"),
]
