"""Speaker aliases in the admin, as an editor: an alias that is another speaker's name, or a
speaker's alias again in other letters, is refused with words an editor understands. All
names are fictional."""

from __future__ import annotations

import pytest

from sources.models import SpeakerAlias
from tests.editorial.conftest import client_for
from tests.factories import make_speaker

pytestmark = pytest.mark.django_db


def _add(client, **fields):
    return client.post("/admin/sources/speakeralias/add/", fields)


def test_an_alias_that_is_another_speakers_name_is_refused(editor):
    make_speaker("Jane Roe")
    major = make_speaker("Mary Major")
    response = _add(client_for(editor), speaker=major.pk, alias="jane roe", outlet="")
    assert response.status_code == 200
    assert "is the name of another speaker, Jane Roe" in response.content.decode()
    assert not SpeakerAlias.objects.exists()


def test_the_same_alias_again_in_other_letters_is_refused_in_plain_words(editor):
    roe = make_speaker("Jane Roe")
    client = client_for(editor)
    assert _add(client, speaker=roe.pk, alias="Mayor Roe", outlet="").status_code == 302
    response = _add(client, speaker=roe.pk, alias="mayor roe", outlet="")
    page = response.content.decode()
    assert "This speaker already has this alias (in any case)." in page
    assert "unique_speaker_alias_ci" not in page
    assert SpeakerAlias.objects.count() == 1
