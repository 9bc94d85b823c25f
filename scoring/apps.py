from django.apps import AppConfig


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = "Tarokklub"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        # At login the session gets the user's language: his own choice, else his club's default.
        user_logged_in.connect(_on_login, dispatch_uid="scoring.language.on_login")


def _on_login(sender, request, user, **kwargs):
    from scoring import language

    language.on_login(request, user)
