"""Django's makemessages, also collecting the engine's plural templates.

The engine (``scoring/engine/messages.py``) marks a refusal with a plural form with
``ngettext_noop(singular, plural, count)``: xgettext collects both forms only when
told the keyword, so the catalogues hold the plural entry ``ngettext`` looks up.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=ngettext_noop:1,2",
    ]
