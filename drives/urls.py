from django.urls import path

from drives import views

app_name = "drives"

urlpatterns = [
    path("", views.home, name="home"),
    path("clubs/<slug:slug>/", views.club, name="club"),
    path("drives/<int:pk>/", views.drive, name="drive"),
]
