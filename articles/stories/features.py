"""An article's grouping features (``engine.grouping.featurize``) as placement, consolidation,
splits, merges and storylines read them, each computed once per process for the same text.

``featurize`` reads only the headline, body, publish time and people's names it is given, so
features made for those four are the features of any article holding them: an import's
placement makes them, and a later import of the same worker that merges into that story, or
links a storyline from it, takes them again instead of featurizing the article anew. Kept for
the last ``FEATURES_KEPT`` texts (about 15 KB each, the text included).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from articles.engine.grouping import ArticleFeatures, featurize
from articles.engine.weights import DocumentFrequencies
from articles.models import Article, ArticlePerson

# Texts whose features are kept, oldest dropped first: a few worker jobs' articles, which
# are the stories the next jobs merge into (placement's window is days, not months).
FEATURES_KEPT = 1_000

_kept: dict[tuple, ArticleFeatures] = {}
_kept_lock = threading.Lock()  # a worker's or server's threads share the kept features


def article_features(
    article: Article, df: DocumentFrequencies | None = None, *, names: list[str] | None = None
) -> ArticleFeatures:
    """``names``: the article's people in row order, when the caller has them at hand."""
    if names is None:
        names = [p.speaker.name for p in article.people.select_related("speaker")]
    # An article without a publish date has no known date: the time it was imported says
    # nothing about when its event happened (an archive imported today would be "today" and
    # fall outside every story's window), so it is matched on its text alone.
    if df is not None:  # (its keys are the frequencies' of the moment: not kept)
        return featurize(
            headline=article.headline,
            body=article.body,
            published_at=article.published_at,
            names=names,
            df=df,
        )
    key = (article.headline, article.body, article.published_at, tuple(names))
    found = _kept.get(key)
    if found is None:
        found = featurize(
            headline=article.headline,
            body=article.body,
            published_at=article.published_at,
            names=names,
        )
        with _kept_lock:  # (two threads dropping the same oldest text: one KeyError)
            if len(_kept) >= FEATURES_KEPT:
                del _kept[next(iter(_kept))]
            _kept[key] = found
    return found


def articles_features(articles: Iterable[Article]) -> dict[int, ArticleFeatures]:
    """``article_features`` of each of ``articles`` by id, their people read in one query
    (not one each: only the set of their names counts)."""
    articles = list(articles)
    names: dict[int, list[str]] = {a.pk: [] for a in articles}
    people = ArticlePerson.objects.filter(article_id__in=list(names))
    for article_id, name in people.values_list("article_id", "speaker__name"):
        names[article_id].append(name)
    return {a.pk: article_features(a, names=names[a.pk]) for a in articles}
