"""The boards pages' addresses, added to ``drives.urls``."""

from django.urls import path

from drives.boards import views

urlpatterns = [
    path("drives/<int:pk>/boards/", views.boards_page, name="boards"),
    path("drives/<int:pk>/boards/standings/", views.compass_standings, name="compass_standings"),
    path("drives/<int:pk>/boards/<slug:kind>.pdf", views.board_sheet, name="board_sheet"),
    path("drives/<int:pk>/boards.pbn", views.boards_pbn, name="boards_pbn"),
]
