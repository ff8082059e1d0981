"""The site's messages ("Saved.", "Welcome, ann: your account is ready.") on the
first page that follows the action, whichever page that is.

A page shows its messages where it chooses (``{% include "_messages.html" %}``, under
its heading). ``base.html`` wraps every page's content in ``{% messages_first %}``:
once the content is rendered, messages it did not show go on top of it. Without it a
message added before a redirect to a page that shows none (the invite page a new
account comes back to, the new-game page) waited for a later page.
"""

from django import template
from django.template.base import Node, NodeList, Parser, Token
from django.template.context import Context
from django.template.loader import render_to_string

register = template.Library()


class MessagesFirstNode(Node):
    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: Context) -> str:
        content = self.nodelist.render(context)
        messages = context.get("messages")
        # Iterating a message storage marks it used: the page has shown them.
        if not messages or getattr(messages, "used", True):
            return content
        shown = render_to_string("_messages.html", {"messages": messages})
        return shown + content


@register.tag
def messages_first(parser: Parser, token: Token) -> MessagesFirstNode:
    """``{% messages_first %}…{% endmessages_first %}``: the content, with the
    messages it did not show above it."""
    nodelist = parser.parse(("endmessages_first",))
    parser.delete_first_token()
    return MessagesFirstNode(nodelist)
