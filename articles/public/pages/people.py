"""People in a story: who is named, their roles and how many of their quotes it carries."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from articles.models import (
    Article,
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
    outlets: list[Outlet]

    @property
    def checked_role(self) -> str:
        """The role an editor checked, shown as a fact."""
        return self.speaker.role if self.speaker.role_checked else ""


def people_of(articles: Iterable[Article], speaker_quotes: Iterable[SpeakerQuotes]):
    """Everyone named in the story's articles or quoted in it, with the roles outlets give."""
    people: dict[int, PersonView] = {}
    for article in articles:
        for mention in article.people.all():
            person = people.setdefault(mention.speaker_id, PersonView(mention.speaker, [], 0, []))
            if mention.role and all(d.role != mention.role for d in person.roles):
                person.roles.append(
                    Described(mention.role, article.outlet, bool(article.is_translation))
                )
            if article.outlet not in person.outlets:
                person.outlets.append(article.outlet)
    for group in speaker_quotes:
        if group.speaker is None:
            continue
        person = people.setdefault(group.speaker.pk, PersonView(group.speaker, [], 0, []))
        person.quote_count = len(group.quotes)
        for view in group.quotes:
            person.outlets.extend(o for o in view.outlets if o not in person.outlets)
    return sorted(people.values(), key=lambda p: (-p.quote_count, p.speaker.name))
