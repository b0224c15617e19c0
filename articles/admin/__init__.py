"""The editors' admin for stories, articles, quotes and their editorial rows.

Django autodiscovers this package; importing its modules registers their ModelAdmins.
"""

from articles.admin import articles, content, imports, quotes, review, stories, workflow  # noqa: F401
