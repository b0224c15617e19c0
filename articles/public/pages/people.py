"""People in a story: who is named, their roles and how many of their quotes it carries."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from articles.models import (
    Article,
)
from articles.public.pages.quotes import SpeakerQuotes
from sources.models import Outlet, Speaker


@dataclass
class PersonView:
    speaker: Speaker
    roles: list[str]
    quote_count: int
    outlets: list[Outlet]


def people_of(articles: Iterable[Article], speaker_quotes: Iterable[SpeakerQuotes]):
    """Everyone named in the story's articles or quoted in it, with the roles outlets give."""
    people: dict[int, PersonView] = {}
    for article in articles:
        for mention in article.people.all():
            person = people.setdefault(mention.speaker_id, PersonView(mention.speaker, [], 0, []))
            if mention.role and mention.role not in person.roles:
                person.roles.append(mention.role)
            if article.outlet not in person.outlets:
                person.outlets.append(article.outlet)
    for group in speaker_quotes:
        if group.speaker is None:
            continue
        person = people.setdefault(group.speaker.pk, PersonView(group.speaker, [], 0, []))
        person.quote_count = len(group.quotes)
        for view in group.quotes:
            person.outlets.extend(o for o in view.outlets if o not in person.outlets)
    for person in people.values():
        if not person.roles and person.speaker.role:
            person.roles.append(person.speaker.role)
    return sorted(people.values(), key=lambda p: (-p.quote_count, p.speaker.name))
