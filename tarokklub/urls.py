from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scoring.auth_views import LoginView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("scoring.urls")),
]
