"""People in a story: who is named, their roles and how many of their quotes it carries."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from articles.models import (
    Article,
    ArticlePerson,
)
from articles.public.pages.quotes import SpeakerQuotes
from sources.models import Outlet, Speaker


@dataclass(frozen=True)
class Described:
    """What one outlet called a person: its words, not Newsroom's."""

    role: str
    outlet: Outlet
    translated: bool = False


@dataclass
class PersonView:
    speaker: Speaker
    roles: list[Described]
    quote_count: int

    @property
    def checked_role(self) -> str:
        """The role an editor checked, shown as a fact."""
        return self.speaker.role if self.speaker.role_checked else ""


# Where the story page's prefetch puts each article's people readers may see (``to_attr``).
PEOPLE = "reader_people"


def people_named(article: Article) -> list[ArticlePerson]:
    """The people an article names, as prefetched: the story page's list, or its related
    manager's."""
    rows = getattr(article, PEOPLE, None)
    return rows if rows is not None else list(article.people.all())


def people_of(articles: Iterable[Article], speaker_quotes: Iterable[SpeakerQuotes]):
    """Everyone named in the story's articles or quoted in it, with the roles outlets give."""
    people: dict[int, PersonView] = {}
    for article in articles:
        for mention in people_named(article):
            # A view made only for a person not seen yet (``setdefault`` made one for every
            # mention: 100 on a story of 50 articles, about a fifth of this function).
            person = people.get(mention.speaker_id)
            if person is None:
                person = people[mention.speaker_id] = PersonView(mention.speaker, [], 0)
            if mention.role and all(d.role != mention.role for d in person.roles):
                person.roles.append(
                    Described(mention.role, article.outlet, bool(article.is_translation))
                )
    for group in speaker_quotes:
        if group.speaker is None:
            continue
        person = people.setdefault(group.speaker.pk, PersonView(group.speaker, [], 0))
        person.quote_count = group.count
    return sorted(people.values(), key=lambda p: (-p.quote_count, p.speaker.name))
