"""The import reads the speakers of an article's names by a query compiled once for each
number of names (``articles.ingest.speakers._speakers_named``): the same speakers as the
queryset it is built from, whatever names are put in."""

from __future__ import annotations

import pytest

from articles.ingest.speakers import SpeakerResolver, _speakers_named
from sources.models import Speaker
from sources.services import speakers_named
from tests.factories import make_speaker

pytestmark = pytest.mark.django_db


def _ids(speakers) -> list[int]:
    return sorted(s.pk for s in speakers)


def test_the_compiled_query_finds_what_the_queryset_finds_for_new_names_each_time():
    roe = make_speaker("Jane Roe")
    doe = make_speaker("John Doe")
    make_speaker("jane roe")
    for names in (["Jane Roe", "John Doe"], ["JOHN DOE", "Mayor Nobody"], ["Jane Roe", "Zed"]):
        lowered = sorted({n.lower() for n in names})
        got = _speakers_named(names, lowered)
        assert _ids(got) == _ids(speakers_named(names, lowered)) != []
        assert all(
            isinstance(s, Speaker) and s.name == Speaker.objects.get(pk=s.pk).name for s in got
        )
    assert {s.pk for s in _speakers_named(["John Doe"], ["john doe"])} == {doe.pk}
    assert roe.pk in {s.pk for s in _speakers_named(["JANE ROE"], ["jane roe"])}


def test_a_resolver_finds_stored_speakers_and_creates_the_others_once():
    roe = make_speaker("Jane Roe")
    resolver = SpeakerResolver()
    found = resolver.resolve([("jane roe", "person", ""), ("Councillor Ada Vale", "person", "")])
    assert found["jane roe"].pk == roe.pk
    assert Speaker.objects.filter(name="Councillor Ada Vale").count() == 1
    other = SpeakerResolver().resolve([("COUNCILLOR ADA VALE", "person", "")])
    assert other["councillor ada vale"].pk == found["councillor ada vale"].pk
    assert Speaker.objects.filter(name__iexact="Councillor Ada Vale").count() == 1
