"""Snippets of search results: a short passage of each shown row around the words that
matched, as safe HTML with those words in ``<mark>`` (``articles.core.search`` finds the rows)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.contrib.postgres.search import SearchHeadline, SearchQuery
from django.db import connections
from django.db.models import F
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from articles.core.search import DOCUMENTS, SEARCH_CONFIG, clean_query, fts5_query

# Marks around matching words in snippets: private-use characters, escaped text in between.
_OPEN, _CLOSE = "\ue000", "\ue001"
_MARKED = re.compile(f"{_OPEN}([^{_OPEN}{_CLOSE}]*){_CLOSE}")


def _marked_html(raw: str) -> SafeString:
    """Escaped text with the marked words in ``<mark>``; stray marks are dropped."""
    html = _MARKED.sub(r"<mark>\1</mark>", escape(raw))
    return mark_safe(html.replace(_OPEN, "").replace(_CLOSE, ""))  # noqa: S308 (escaped above)


def snippets(
    model, pks: Iterable[int], value: str, *, key: str, field: str, words: int = 30
) -> dict[int, SafeString]:
    """For each row, a passage of ``field`` around the words matching ``value``, as HTML with
    those words in ``<mark>``. Rows with nothing to show are left out."""
    pks = list(pks)
    value = clean_query(value)
    doc = DOCUMENTS[key]
    if not pks or not value:
        return {}
    manager = model._default_manager
    kind = connections[manager.db].vendor
    if kind == "postgresql":
        query = SearchQuery(value, search_type="websearch", config=SEARCH_CONFIG)
        rows = manager.filter(pk__in=pks).annotate(
            _snippet=SearchHeadline(
                F(field),
                query,
                config=SEARCH_CONFIG,
                start_sel=_OPEN,
                stop_sel=_CLOSE,
                fragment_delimiter=" … ",
                max_fragments=2,
                max_words=words,
                min_words=max(words // 2, 5),
            )
        )
        return {pk: _marked_html(s) for pk, s in rows.values_list("pk", "_snippet") if s}
    if kind == "sqlite":
        expr = fts5_query(value, names=doc.names)
        if expr is None:
            return {}
        fts = doc.fts_table
        column = doc.fields.index(field)
        marks = ", ".join(["%s"] * len(pks))
        sql = (
            f"SELECT rowid, snippet({fts}, {column}, %s, %s, '…', %s) FROM {fts} "
            f"WHERE {fts} MATCH %s AND rowid IN ({marks})"
        )
        with connections[manager.db].cursor() as cursor:
            cursor.execute(sql, [_OPEN, _CLOSE, min(words, 64), expr, *pks])
            return {pk: _marked_html(s) for pk, s in cursor.fetchall() if s}
    return {}
