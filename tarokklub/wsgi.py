import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokklub.settings")
application = get_wsgi_application()

if not settings.DEBUG and not os.environ.get("SECRET_KEY"):  # settings leave the key empty then
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off (DEBUG=1 is for local use only)")
