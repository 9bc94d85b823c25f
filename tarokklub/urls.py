from django.contrib import admin
from django.urls import include, path

from scoring.views.auth import LoginView, LogoutView
from scoring.health import health
from scoring.views.language import choose_language

urlpatterns = [
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", LogoutView.as_view(), name="logout"),
    path("i18n/setlang/", choose_language, name="set_language"),
    path("", include("scoring.urls")),
]
