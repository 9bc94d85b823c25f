"""Login with throttling (issue 5): after too many failed attempts for one username or from one
address within a window, further attempts are refused for the rest of the window."""
from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _

from .models import LoginAttempt

MAX_FAILURES = 5
WINDOW = timedelta(minutes=15)


def _address(request) -> str:
    return request.META.get("REMOTE_ADDR", "")[:45]


def throttled(username: str, address: str) -> bool:
    since = timezone.now() - WINDOW
    recent = LoginAttempt.objects.filter(at__gte=since)
    return (recent.filter(username=username.lower()[:150]).count() >= MAX_FAILURES
            or recent.filter(address=address).count() >= MAX_FAILURES * 4)


@method_decorator(login_not_required, name="dispatch")
class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        if throttled(username, _address(request)):
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, _("For mange mislykkede forsøg. Vent et kvarter, og prøv igen."))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        LoginAttempt.objects.create(username=self.request.POST.get("username", "").lower()[:150],
                                    address=_address(self.request))
        return super().form_invalid(form)

    def form_valid(self, form):
        LoginAttempt.objects.filter(username=form.get_user().get_username().lower()).delete()
        return super().form_valid(form)
