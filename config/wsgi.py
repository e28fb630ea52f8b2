import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
application = get_wsgi_application()

# gunicorn and runserver both load this module: neither serves a database older than the code
# (between `git pull` and `manage.py migrate` it would answer errors). `migrate` and the tests
# never load it.
from core.schema import refuse_unapplied_migrations  # noqa: E402

refuse_unapplied_migrations()
