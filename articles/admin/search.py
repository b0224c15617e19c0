"""Admin searches answered from the full-text index (``articles.core.search``).

Article, quote and wording lists grow with every import; Django's default search (a
case-insensitive substring test on every listed field) reads the whole table. These lists
look words up in the index instead: all the words, in any form, web-search syntax. Short
fields that name something exactly (an article's web address, its outlet) are still matched
as the editor typed them, through indexed columns.
"""

from __future__ import annotations

from django.db.models import Q

from articles.core.search import matching
from articles.models import Article
from sources.models import Outlet


class IndexedSearchMixin:
    """``get_search_results`` from the index of ``search_document``, with ``search_related``
    and ``search_via`` as for :func:`articles.core.search.matching`."""

    search_document: str = ""
    search_related: tuple = ()
    search_via: tuple = ()

    def get_search_results(self, request, queryset, search_term):
        term = search_term.strip()
        if not term:
            return queryset, False
        found = matching(
            queryset,
            term,
            key=self.search_document,
            related=self.search_related,
            via=self.search_via,
        )
        extra = self.exact_matches(term)
        if extra is not None:
            # One list of ids from both, each answered from its own index (an OR of the two
            # conditions would have the database test every row's words).
            named = queryset.filter(extra).order_by().values("pk")
            found = queryset.filter(pk__in=found.order_by().values("pk").union(named))
        return found, False

    def exact_matches(self, term: str) -> Q | None:
        """Rows the editor named exactly rather than by their words (none by default)."""
        return None


class ArticleSearchMixin(IndexedSearchMixin):
    search_document = "article"

    def exact_matches(self, term: str) -> Q | None:
        """Articles at that web address, or of the outlet of that name; ``None`` when there are
        none (most searches are words): the list's queries then test the words alone, which
        the database answers from the index, where an ``OR`` would have it test every row."""
        outlets = list(
            Outlet.objects.filter(Q(name__iexact=term) | Q(slug=term)).values_list("pk", flat=True)
        )
        named = Q(outlet__in=outlets) if outlets else Q()
        if Article.objects.filter(url=term).exists():
            named |= Q(url=term)
        return named or None
