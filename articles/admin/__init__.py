"""The editors' admin for stories, articles, quotes and their editorial rows.

Django autodiscovers this package; importing its modules registers their ModelAdmins.
"""

from articles.admin import (  # noqa: F401
    articles,
    content,
    imports,
    quotes,
    review,
    stories,
    storylines,
    workflow,
)
