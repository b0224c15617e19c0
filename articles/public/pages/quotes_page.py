"""The story's quotes page: every quote of a story readers may see, by speaker, paged."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from django.core.paginator import Page, Paginator

from articles.models import Article
from articles.public.pages.quote_index import SpeakerIndex, quote_index
from articles.public.pages.quotes import SpeakerQuotes, speaker_groups

# The story's quotes page: every quote readers may see, by speaker, this many a page.
QUOTES_PER_PAGE = 25


@dataclass
class StoryQuotes:
    groups: list[SpeakerQuotes]  # this page's quotes, by speaker
    page_obj: Page
    speaker: SpeakerIndex | None  # when the page lists one speaker's quotes
    unidentified: bool  # when it lists the quotes of speakers not identified
    count: int  # quotes in the list, every page

    @property
    def is_paginated(self) -> bool:
        return self.page_obj.has_other_pages()


def story_quotes(
    story_id: int,
    articles: dict[int, Article],
    *,
    speaker: str = "",
    unidentified: bool = False,
    page: str | int | None = 1,
) -> StoryQuotes | None:
    """Every quote of a story, or one speaker's (by slug), or those of speakers not
    identified, in the story page's order, ``QUOTES_PER_PAGE`` a page; ``None`` when the
    story quotes no such speaker."""
    index = quote_index(story_id, articles)
    chosen = None
    if speaker:
        index = [g for g in index if g.speaker_id is not None and g.slug == speaker]
        if not index:
            return None
        chosen = index[0]
    elif unidentified:
        index = [g for g in index if g.speaker_id is None]
        if not index:
            return None
    rows = [(entry, pk) for entry in index for pk in entry.quote_ids]
    page_obj = Paginator(rows, QUOTES_PER_PAGE).get_page(page)
    entries = [
        (entry, [pk for _, pk in run])
        for entry, run in groupby(page_obj.object_list, key=itemgetter(0))
    ]
    return StoryQuotes(speaker_groups(entries, articles), page_obj, chosen, unidentified, len(rows))
