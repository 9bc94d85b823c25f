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

# The error pages of our own, in the visitor's language with the header and a way back; the 500 page
# reads nothing from the database (scoring/views/errors.py).
handler400 = "scoring.views.errors.bad_request"
handler403 = "scoring.views.errors.permission_denied"
handler404 = "scoring.views.errors.page_not_found"
handler500 = "scoring.views.errors.server_error"
