from django.apps import AppConfig


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = "Tarokklub"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        # At login the session gets the user's language: his own choice, else his club's default.
        user_logged_in.connect(_on_login, dispatch_uid="scoring.language.on_login")

        # django-tables2 asks each cell's functions for their signature: asked once per function.
        # Kept (issue 32) for make bench's standings_page_ms and tournament_standings_7_rounds_ms:
        # without it they took 32 -> 56 ms and 95 -> 137 ms (docs/performance.md).
        from scoring import tables_speed

        tables_speed.install()


def _on_login(sender, request, user, **kwargs):
    from scoring import language

    language.on_login(request, user)
