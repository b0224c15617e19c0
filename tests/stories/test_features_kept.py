"""Grouping features kept per process (``articles.stories.features``): an article holding the
same headline, body, publish time and people gets the features ``featurize`` gives them, made
once; any change to one of the four makes them anew."""

from __future__ import annotations

import sys
import threading
from datetime import timedelta

import pytest

from articles.engine.grouping import featurize
from articles.models import Article, ArticlePerson
from articles.stories import features as kept
from articles.stories.features import article_features, articles_features
from tests.factories import make_article, make_speaker

pytestmark = pytest.mark.django_db


def _fresh(article, names=()):
    return featurize(
        headline=article.headline,
        body=article.body,
        published_at=article.published_at,
        names=list(names),
    )


def test_the_same_text_is_featurized_once_and_gives_what_featurize_gives(monkeypatch):
    article = make_article(headline="Valmora ferry runs aground off the harbour")
    calls = []
    real = kept.featurize
    monkeypatch.setattr(kept, "featurize", lambda **kw: calls.append(kw) or real(**kw))
    first = article_features(article)
    again = articles_features([article])[article.pk]
    assert first is again
    assert len(calls) == 1  # (the factory's body is numbered: no other test's text)
    assert first == _fresh(article)


def test_a_changed_headline_body_date_or_person_is_featurized_anew():
    article = make_article(headline="Valmora harbour reopens after the storm")
    before = article_features(article)
    article.body += "\n\nThe Example Gazette counted forty boats back at sea."
    article.save()
    assert article_features(article) == _fresh(article) != before
    article.published_at -= timedelta(days=3)
    article.save()
    assert article_features(article) == _fresh(article)
    ArticlePerson.objects.create(article=article, speaker=make_speaker("Jane Roe"))
    assert articles_features([article])[article.pk] == _fresh(article, ["Jane Roe"])
    assert article_features(article, names=[]) == _fresh(article)


def test_only_the_newest_texts_are_kept(monkeypatch):
    monkeypatch.setattr(kept, "FEATURES_KEPT", 3)
    monkeypatch.setattr(kept, "_kept", {})
    articles = [make_article() for _ in range(5)]
    for article in articles:
        article_features(article)
    assert len(kept._kept) == 3
    assert [key[0] for key in kept._kept] == [a.headline for a in articles[2:]]


def test_threads_sharing_the_kept_features_never_trip_over_each_other(monkeypatch):
    # A worker's or a threaded server's threads place articles at once: dropping the oldest
    # text while another thread drops it too, or adds one, must not raise.
    monkeypatch.setattr(kept, "FEATURES_KEPT", 2)
    monkeypatch.setattr(kept, "_kept", {})
    monkeypatch.setattr(kept, "featurize", lambda **kw: kw["headline"])
    sys.setswitchinterval(1e-6)
    errors = []

    def place(n):
        try:
            for i in range(1_000):
                article = Article(headline=f"Ferry {n}-{i}", body="", published_at=None)
                assert article_features(article, names=[]) == article.headline
        except Exception as error:  # (any error at all fails the test below)
            errors.append(error)

    threads = [threading.Thread(target=place, args=(n,)) for n in range(8)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(0.005)
    assert errors == []
    assert len(kept._kept) <= 2
