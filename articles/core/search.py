"""Full-text search over stories, key points, articles, quotes and speakers, on both databases.

One index per searchable text, defined once below (``DOCUMENTS``):

- **PostgreSQL**: GIN indexes over ``to_tsvector('english', ...)`` of each document's fields
  (migrations ``articles/0008`` and ``0013``), queried with ``websearch_to_tsquery`` (quoted
  phrases, ``or``, ``-word``), ranked with ``ts_rank`` and shown with ``ts_headline``; names are
  matched by trigram word similarity (``pg_trgm``), so "Roe" finds "Mayor Jane Roe" and a
  misspelt "Jane Rowe" still does.
- **SQLite**: FTS5 tables with external content, kept in step by triggers on the tables they
  index, so every write (a save, a bulk insert, a delete, a raw update) updates the index in
  the same transaction; ranked by ``bm25`` and shown with ``snippet``. Names use FTS5's
  trigram tokenizer (substring matching). ``ensure_index`` creates what is missing and rebuilds
  an index whose triggers went away (SQLite drops them when a migration remakes a table); it
  runs after every ``migrate``.

Searches go through :func:`matching` (a queryset narrowed to the rows matching a query) and
:func:`ranked` (the same, best first, ranking the newest ``NEWSROOM_SEARCH_RANKED`` matches);
``search_snippets.snippets`` gives each shown row a short passage with the matching words
marked, as safe HTML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector
from django.db import connections
from django.db.models import BooleanField, F, FloatField, Q, QuerySet, Value
from django.db.models.expressions import RawSQL

from articles.core.search_plans import estimated_rows, from_index, ids_from_index

SEARCH_CONFIG = "english"
MAX_QUERY_LENGTH = 200


@dataclass(frozen=True)
class Document:
    """A searchable text: a table's fields, indexed together."""

    key: str
    table: str
    fields: tuple[str, ...]
    weights: tuple[float, ...] = ()  # bm25 weights per field on SQLite (headline above body)
    names: bool = False  # a name: trigram matching rather than words
    # On PostgreSQL, a stored ``tsvector`` column of the fields (a large text: ranking many
    # matches must not parse every body again), the first field's words weighted A and the
    # rest D, GIN-indexed; else an expression index.
    pg_vector: str = ""

    @property
    def fts_table(self) -> str:
        return f"search_{self.key}"


DOCUMENTS = {
    d.key: d
    for d in (
        Document("story", "articles_story", ("headline", "dek"), (4.0, 2.0)),
        Document("keypoint", "articles_keypoint", ("text",)),
        Document(
            "article",
            "articles_article",
            ("headline", "body"),
            (4.0, 1.0),
            pg_vector="search_vector",
        ),
        Document("quote", "articles_quote", ("text",)),
        Document("wording", "articles_quoteappearance", ("text",)),
        Document("speaker", "sources_speaker", ("name",), names=True),
        Document("speakeralias", "sources_speakeralias", ("alias",), names=True),
    )
}


def vendor(queryset: QuerySet) -> str:
    return connections[queryset.db].vendor


# --- Queries ---------------------------------------------------------------------------------

_TERM = re.compile(r'(-?)"([^"]*)"?|(\S+)')


def fts5_query(value: str, *, names: bool = False) -> str | None:
    """Web-search syntax as an FTS5 query: words all present, ``"a phrase"``, ``or`` between
    alternatives, ``-word`` to exclude. Every term is quoted, so nothing the reader types is
    read as FTS5 syntax. ``None`` when nothing is left to look for.

    For names (trigram tables) a term shorter than three characters cannot be looked up and
    is dropped."""
    groups: list[tuple[list[str], list[str]]] = [([], [])]
    for m in _TERM.finditer(value):
        negate, phrase, word = m.group(1), m.group(2), m.group(3)
        if word is not None and word.lower() == "or":
            groups.append(([], []))
            continue
        if word is not None:
            negate = "-" if word.startswith("-") and len(word) > 1 else ""
            phrase = word[1:] if negate else word
        phrase = " ".join(phrase.split())
        if not phrase or (names and len(phrase) < 3):
            continue
        literal = '"' + phrase.replace('"', '""') + '"'
        groups[-1][1 if negate else 0].append(literal)
    parts = []
    for include, exclude in groups:
        if not include:
            continue  # "-word" alone excludes from nothing
        expr = " AND ".join(include)
        if exclude:
            expr = f"({expr}) NOT ({' OR '.join(exclude)})"
        parts.append(f"({expr})")
    return " OR ".join(parts) or None


def clean_query(value: str | None) -> str:
    """A query as searched: single-line, at most ``MAX_QUERY_LENGTH`` characters, no NUL."""
    value = " ".join((value or "").replace("\x00", " ").split())
    return value[:MAX_QUERY_LENGTH]


# --- Matching --------------------------------------------------------------------------------


_PG_QUERY = "websearch_to_tsquery(%s::regconfig, %s)"


def matching_ids(key: str, value: str, *, using: str) -> QuerySet | RawSQL | None:
    """The ids of ``key``'s rows matching ``value``, for ``pk__in`` (``None``: none match)."""
    doc = DOCUMENTS[key]
    if connections[using].vendor == "postgresql":
        model = _model(doc)
        if doc.names:
            # word_similarity(query, name) >= pg_trgm.word_similarity_threshold, from the index.
            field = doc.fields[0]
            return RawSQL(f'SELECT id FROM {doc.table} WHERE %s <%% "{field}"', [value])
        if doc.pg_vector:
            return RawSQL(_vector_matches(doc), [SEARCH_CONFIG, value])
        query = SearchQuery(value, search_type="websearch", config=SEARCH_CONFIG)
        return (
            model._default_manager.using(using)
            .annotate(_fts=SearchVector(*doc.fields, config=SEARCH_CONFIG))
            .filter(_fts=query)
            .values("pk")
        )
    if connections[using].vendor == "sqlite":
        expr = fts5_query(value, names=doc.names)
        if expr is None:
            return None
        return RawSQL(f"SELECT rowid FROM {doc.fts_table} WHERE {doc.fts_table} MATCH %s", [expr])
    return None


def _vector_matches(doc: Document) -> str:
    """The ids of the rows whose stored vector matches (``SEARCH_CONFIG``, the query)."""
    return f"SELECT id FROM {doc.table} WHERE {doc.pg_vector} @@ {_PG_QUERY}"


def _vector_match(doc: Document, value: str, *, using: str) -> Q:
    """PostgreSQL: the rows whose stored vector matches. For a word the planner expects in
    few rows, the rows the index gives. For one it expects in many (which it would test row
    after row, fetching every vector), the matching ids are read once, from the index, and
    every query of the request (a list, its count, an admin's date menus) tests its rows
    against that array (hashed: one look-up a row)."""
    params = [SEARCH_CONFIG, value]
    if not _common(doc, value, using=using):
        return Q(pk__in=RawSQL(_vector_matches(doc), params))
    ids = ids_from_index(_vector_matches(doc), params, using=using)
    return Q(RawSQL(f'"{doc.table}"."id" = ANY(%s)', [ids], output_field=BooleanField()))


def _common(doc: Document, value: str, *, using: str) -> bool:
    """Whether PostgreSQL's planner expects more rows to match than ``ranked_limit()``: it
    would then test row after row, fetching each stored vector (``search_plans``)."""
    params = [SEARCH_CONFIG, value]
    return estimated_rows(_vector_matches(doc), params, using=using) > ranked_limit()


def matching(
    queryset: QuerySet,
    value: str,
    *,
    key: str,
    related: Sequence[tuple[str, str]] = (),
    via: Sequence[tuple[str, str, str]] = (),
) -> QuerySet:
    """``queryset``'s rows whose own document ``key`` matches ``value``, or one of whose related
    rows does: ``related`` holds ``(document key, link column)``, the link pointing at the outer
    row ("keypoint", "story_id"); ``via`` holds ``(document key, field, column)``: the outer
    row's ``field`` holds the ``column`` of a matching row ("speaker", "speaker_id", "id": the
    quotes of a speaker whose name matches). Each document is answered from its index."""
    value = clean_query(value)
    using = queryset.db
    if not value:
        return queryset.none()
    doc = DOCUMENTS[key]
    if doc.pg_vector and connections[using].vendor == "postgresql":
        condition = _vector_match(doc, value, using=using)
    else:
        own = matching_ids(key, value, using=using)
        if own is None and connections[using].vendor not in ("postgresql", "sqlite"):
            return _substring(queryset, value, key=key, related=related)
        condition = Q(pk__in=[]) if own is None else Q(pk__in=own)
    for rel_key, link in related:
        ids = matching_ids(rel_key, value, using=using)
        if ids is None:
            continue
        rel_model = _model(DOCUMENTS[rel_key])
        linked = rel_model._default_manager.using(using).filter(pk__in=ids).values(link)
        condition |= Q(pk__in=linked)
    for via_key, outer_field, column in via:
        ids = matching_ids(via_key, value, using=using)
        if ids is None:
            continue
        via_model = _model(DOCUMENTS[via_key])
        pointed = via_model._default_manager.using(using).filter(pk__in=ids).values(column)
        condition |= Q(**{f"{outer_field}__in": pointed})
    return queryset.filter(condition)


def _substring(queryset, value, *, key, related):
    """A database with neither index: case-insensitive substring matching."""
    condition = Q()
    for field in DOCUMENTS[key].fields:
        condition |= Q(**{f"{field}__icontains": value})
    for rel_key, link in related:
        rel = DOCUMENTS[rel_key]
        model = _model(rel)
        rows = Q()
        for field in rel.fields:
            rows |= Q(**{f"{field}__icontains": value})
        condition |= Q(pk__in=model._default_manager.filter(rows).values(link))
    return queryset.filter(condition)


def ranked_limit() -> int:
    """How many of a search's matches are ranked: the newest ones (``NEWSROOM_SEARCH_RANKED``)."""
    return max(1, settings.NEWSROOM_SEARCH_RANKED)


def _newest_ids(rows: QuerySet) -> list[int]:
    """The ids of the newest ``ranked_limit()`` matches, and one more if there are more."""
    return list(rows.order_by("-pk").values_list("pk", flat=True)[: ranked_limit() + 1])


def _newest(rows: QuerySet, ranked_rows: QuerySet) -> QuerySet:
    """``ranked_rows`` (``rows``, the matches, with their ranks) kept to the newest
    ``ranked_limit()`` of the matches: which those are is read now, in one query. Ranking
    every match of a word that most articles hold reads every one of them (on PostgreSQL,
    fetches each article's whole search vector): seconds at 100,000 articles for a list that
    shows 20. With no more matches than that, ``ranked_rows`` as they are: every match is
    ranked, and no list of ids is sent with each query."""
    ids = _newest_ids(rows)
    limit = ranked_limit()
    return ranked_rows if len(ids) <= limit else ranked_rows.filter(pk__in=ids[:limit])


def ranked(
    queryset: QuerySet,
    value: str,
    *,
    key: str,
    related: Sequence[tuple[str, str]] = (),
    via: Sequence[tuple[str, str, str]] = (),
) -> QuerySet:
    """The newest ``ranked_limit()`` rows of ``queryset`` matching document ``key`` (or, with
    ``related``, one of their related rows: see :func:`matching`), best first, with
    ``search_rank``: a row matched only through a related row ranks after those matched by
    their own text. Ties, and names, fall back to the newest row first. Fewer than
    ``ranked_limit()`` rows: these are all the matches. Which are the newest is read when
    this is called, except for an article word PostgreSQL's planner expects in few rows,
    where it is a subquery of the ranking query (a common one is read from the index:
    ``search_plans.from_index``)."""
    value = clean_query(value)
    doc = DOCUMENTS[key]
    kind = vendor(queryset)
    if not value:
        return queryset.none()
    if related or via:
        rows = matching(queryset, value, key=key, related=related, via=via)
        best = rows.annotate(search_rank=_own_rank(doc, value, kind)).order_by(
            F("search_rank").desc(nulls_last=True), "-pk"
        )
        return _newest(rows, best)
    if kind == "postgresql" and doc.pg_vector:
        column = f'"{doc.table}"."{doc.pg_vector}"'
        rows = queryset.extra(where=[f"{column} @@ {_PG_QUERY}"], params=[SEARCH_CONFIG, value])
        if _common(doc, value, using=queryset.db):
            # The newest matches' ids read now, from the index, and the matches taken by that
            # array: a query testing the vectors again would be planned to test every row.
            with from_index(queryset.db):
                where, params = (
                    f'"{doc.table}"."id" = ANY(%s)',
                    [_newest_ids(rows)[: ranked_limit()]],
                )
        else:
            # A word the planner expects in few articles: it reads them from the index itself,
            # so the newest matches are a subquery of the one query that ranks them.
            newest = rows.order_by("-pk").values("pk")[: ranked_limit()]
            sql, newest_params = newest.query.sql_with_params()
            where, params = f'"{doc.table}"."id" IN ({sql})', list(newest_params)
        # Headline words weigh more: the stored vector gives them weight A, the body's D
        # (migration 0023), so the vector alone ranks them; no text is parsed again.
        return queryset.extra(
            where=[where],
            params=params,
            select={"search_rank": f"ts_rank({column}, {_PG_QUERY})"},
            select_params=[SEARCH_CONFIG, value],
        ).order_by("-search_rank", "-pk")
    if kind == "postgresql" and not doc.names:
        query = SearchQuery(value, search_type="websearch", config=SEARCH_CONFIG)
        vector = SearchVector(*doc.fields, config=SEARCH_CONFIG)
        rows = queryset.annotate(_fts=vector).filter(_fts=query)
        best = rows.annotate(search_rank=SearchRank(vector, query)).order_by("-search_rank", "-pk")
        return _newest(rows, best)
    if kind == "sqlite" and not doc.names:
        expr = fts5_query(value)
        if expr is None:
            return queryset.none()
        fts = doc.fts_table
        weights = ", ".join(str(w) for w in doc.weights)
        rank = f"-bm25({fts}{', ' + weights if weights else ''})"
        # A join on the FTS table: SQLite starts from the index and reads rows by id. Django
        # has no expression for a virtual table's MATCH, hence ``extra``.
        rows = queryset.extra(
            tables=[fts],
            where=[f'{fts}.rowid = "{doc.table}"."id"', f"{fts} MATCH %s"],
            params=[expr],
        )
        best = rows.extra(select={"search_rank": rank}).order_by("-search_rank", "-pk")
        return _newest(rows, best)
    rows = matching(queryset, value, key=key)
    best = rows.annotate(search_rank=Value(0.0, output_field=FloatField())).order_by("-pk")
    return _newest(rows, best)


def _own_rank(doc: Document, value: str, kind: str):
    """A row's rank for its own text, ``NULL`` when only a related row matched."""
    if kind == "postgresql" and doc.pg_vector:
        column = f'"{doc.table}"."{doc.pg_vector}"'
        return RawSQL(
            f"ts_rank({column}, {_PG_QUERY})", [SEARCH_CONFIG, value], output_field=FloatField()
        )
    if kind == "postgresql" and not doc.names:
        query = SearchQuery(value, search_type="websearch", config=SEARCH_CONFIG)
        return SearchRank(SearchVector(*doc.fields, config=SEARCH_CONFIG), query)
    expr = fts5_query(value, names=doc.names) if kind == "sqlite" and not doc.names else None
    if expr is None:
        return Value(None, output_field=FloatField())
    fts = doc.fts_table
    return RawSQL(
        f'SELECT -bm25({fts}) FROM {fts} WHERE {fts} MATCH %s AND {fts}.rowid = "{doc.table}"."id"',
        [expr],
        output_field=FloatField(),
    )


def _model(doc: Document):
    """The model whose table the document indexes (a dictionary look-up, once per table)."""
    from django.apps import apps

    if doc.table not in _MODELS:
        _MODELS.update({m._meta.db_table: m for m in apps.get_models()})
    return _MODELS[doc.table]


_MODELS: dict[str, type] = {}
