from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.views.i18n import set_language
from django.urls import include, path

from scoring.views.auth import LoginView
from scoring.health import health

urlpatterns = [
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/setlang/", login_not_required(set_language), name="set_language"),
    path("", include("scoring.urls")),
]
