"""What is published and said: stories, articles, quotes and where each appears, key points
and summary paragraphs with their attributions, figures, corrections and the audit log.

Editorial work is never removed by a cascade: foreign keys into editorial rows are PROTECT
(or SET_NULL where the row stands on its own), and stories are archived, not deleted.
"""

from __future__ import annotations

import hashlib
import unicodedata

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone
from simple_history.models import HistoricalRecords

from articles.engine.citations import same_claim
from articles.engine.types import Figure as EngineFigure
from sources.addresses import cached_reverse
from sources.models import Outlet, Speaker, unique_slug
from sources.versioning import Versioned


def published_q(now=None, prefix: str = "") -> Q:
    """The one rule for what the public may see: published, its time come, no embargo left.

    ``prefix`` lets other models filter through a relation (``prefix="story__"``).
    """
    now = now or timezone.now()
    p = prefix
    return (
        Q(**{f"{p}status": Story.Status.PUBLISHED})
        & Q(**{f"{p}published_at__isnull": False, f"{p}published_at__lte": now})
        & (Q(**{f"{p}embargo_until__isnull": True}) | Q(**{f"{p}embargo_until__lte": now}))
    )


class ReviewState(models.TextChoices):
    SUGGESTED = "suggested", "Suggested"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"


def reader_review_states() -> tuple[str, ...]:
    """The one review policy: machine findings reach readers once an editor approved them.

    A site may set ``NEWSROOM_SHOW_UNCHECKED`` to show suggestions earlier; every surface then
    labels them "found by machine, not yet checked". Rejected findings never show."""
    if getattr(settings, "NEWSROOM_SHOW_UNCHECKED", False):
        return (ReviewState.APPROVED, ReviewState.SUGGESTED)
    return (ReviewState.APPROVED,)


def may_preview(user) -> bool:
    """The one rule for staff preview: active staff see drafts, scheduled and embargoed work."""
    return bool(user is not None and user.is_active and user.is_staff)


class Topic(models.Model):
    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=80, unique=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        if not self.slug:
            self.slug = unique_slug(Topic, self.name)
        super().save(*args, **kwargs)


class StoryQuerySet(models.QuerySet):
    def published(self, now=None):
        return self.filter(published_q(now))

    def not_published(self, now=None):
        return self.exclude(published_q(now))

    def drafts(self):
        return self.filter(status=Story.Status.DRAFT)

    def in_review(self):
        return self.filter(status=Story.Status.REVIEW)

    def visible_to(self, user, now=None):
        """Staff preview everything but deleted work; everyone else sees published stories."""
        return self.all() if may_preview(user) else self.published(now)

    def by_outlet(self, outlet):
        return self.filter(articles__outlet=outlet).distinct()


class Storyline(models.Model):
    """The events of one ongoing story, each a story of its own: a pier collapses, then
    reopens; a bill passes, then is signed. Readers see it as a timeline."""

    name = models.CharField(max_length=300)
    slug = models.SlugField(max_length=100, unique=True)
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        if not self.slug:
            self.slug = unique_slug(Storyline, self.name, max_length=100)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return cached_reverse("articles:storyline-detail", kwargs={"slug": self.slug})


class Story(models.Model):
    """One event, told from many outlets' articles."""

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        REVIEW = "review", "In review"
        PUBLISHED = "published", "Published"
        ARCHIVED = "archived", "Archived"

    headline = models.CharField(max_length=300)
    slug = models.SlugField(max_length=100, unique=True)
    dek = models.CharField(
        max_length=500, blank=True, help_text="The standfirst under the headline."
    )
    status = models.CharField(max_length=20, choices=Status, default=Status.DRAFT, db_index=True)
    published_at = models.DateTimeField(null=True, blank=True, db_index=True)
    embargo_until = models.DateTimeField(
        null=True, blank=True, help_text="Hidden from every public page and feed until then."
    )
    topics = models.ManyToManyField(Topic, blank=True, related_name="stories")
    storyline = models.ForeignKey(
        Storyline,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="stories",
        help_text="The ongoing story this event is part of.",
    )
    image = models.ForeignKey(
        "ArticleImage",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The story's image, chosen from its articles' images (otherwise the first "
        "ready one is shown).",
    )
    storyline_state = models.CharField(
        "storyline link",
        max_length=20,
        choices=ReviewState,
        default=ReviewState.APPROVED,
        help_text="Suggested: found by the machine; readers see the link once an editor "
        "approves it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(default=timezone.now, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Optimistic locking: every save bumps it; a save based on an older version is refused.
    version = models.PositiveIntegerField(default=1)

    objects = StoryQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        verbose_name_plural = "stories"
        ordering = ["-published_at", "-id"]
        indexes = [
            models.Index(fields=["status", "published_at"]),
            # The next and the latest embargo lift, for cached pages' lifetimes.
            models.Index(fields=["status", "embargo_until"], name="story_status_embargo"),
        ]
        permissions = [
            ("publish_story", "Can publish and unpublish stories"),
            ("override_evidence", "Can publish key points without evidence"),
            ("merge_story", "Can merge and split stories"),
        ]

    def __str__(self) -> str:
        return self.headline

    def save(self, *args, **kwargs):
        if not self.slug:
            self.slug = unique_slug(Story, self.headline, max_length=100)
        super().save(*args, **kwargs)
        old = getattr(self, "_stored_slug", None)
        if old and old != self.slug:
            # The old address keeps working: a permanent redirect to the new one.
            StoryRedirect.objects.update_or_create(old_slug=old, defaults={"story": self})
        self._stored_slug = self.slug

    def get_absolute_url(self) -> str:
        return cached_reverse("articles:story-detail", kwargs={"slug": self.slug})

    @classmethod
    def from_db(cls, db, field_names, values, **kwargs):
        story = super().from_db(db, field_names, values, **kwargs)
        story._stored_slug = story.__dict__.get("slug")  # to notice a change of address
        return story

    @property
    def is_public(self) -> bool:
        """``published_q()`` on a loaded row, without a query; a test keeps the two in step."""
        now = timezone.now()
        return (
            self.status == Story.Status.PUBLISHED
            and self.published_at is not None
            and self.published_at <= now
            and (self.embargo_until is None or self.embargo_until <= now)
        )


class StoryRedirect(models.Model):
    """An address a story had: merged into another, or renamed. It answers with a permanent
    redirect to the story it leads to now."""

    old_slug = models.SlugField(max_length=100, unique=True)
    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="redirects")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.old_slug} -> {self.story.slug}"


class ArticleQuerySet(models.QuerySet):
    def public(self, now=None):
        """Articles readers may see: accepted into a published story (an article the machine
        placed in a story already live waits for an editor to accept it)."""
        return self.filter(published_q(now, prefix="story__"), review_state=ReviewState.APPROVED)

    def pending(self):
        """Placed by the machine in a published story, waiting for an editor to accept them."""
        return self.filter(review_state=ReviewState.SUGGESTED, story__isnull=False)

    def visible_to(self, user, now=None):
        return self.all() if may_preview(user) else self.public(now)

    def unplaced(self):
        return self.filter(story__isnull=True)


def normalise_for_hash(body: str) -> str:
    # Runs of whitespace as one space, none at the ends: what ``re.sub(r"\s+", " ", text)
    # .strip()`` gives (``\s`` and ``str.split`` know the same characters), in half the time.
    return " ".join(unicodedata.normalize("NFKC", body).casefold().split())


def content_hash(outlet_name: str, body: str) -> str:
    """Hash of the outlet and the body, normalised: the same text from the same outlet is one
    article however its whitespace or Unicode forms differ."""
    payload = f"{outlet_name.casefold().strip()}\n{normalise_for_hash(body)}"
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class Article(Versioned):
    """One outlet's report."""

    story = models.ForeignKey(
        Story, null=True, blank=True, on_delete=models.SET_NULL, related_name="articles"
    )
    outlet = models.ForeignKey(Outlet, on_delete=models.PROTECT, related_name="articles")
    headline = models.CharField(max_length=500)
    url = models.URLField(max_length=1000, null=True, blank=True, unique=True)
    byline = models.CharField(max_length=300, blank=True)
    published_at = models.DateTimeField(null=True, blank=True, db_index=True)
    language = models.CharField(max_length=16, default="en")
    is_translation = models.BooleanField(
        default=False, help_text="The text is a (machine) translation of the original report."
    )
    original_language = models.CharField(max_length=16, blank=True)
    body = models.TextField()
    content_hash = models.CharField(max_length=64, unique=True, editable=False)
    source = models.CharField(
        max_length=1000, blank=True, help_text="Where the text was imported from."
    )
    review_state = models.CharField(
        "in its story",
        max_length=20,
        choices=ReviewState,
        default=ReviewState.APPROVED,
        db_index=True,
        help_text="Suggested: the machine placed it in a published story; readers see it once "
        "an editor accepts it.",
    )
    read_at = models.DateTimeField(
        null=True, blank=True, help_text="When the reading engine last read this article."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    objects = ArticleQuerySet.as_manager()
    history = HistoricalRecords(excluded_fields=["body"])

    class Meta:
        ordering = ["-published_at", "-id"]
        indexes = [models.Index(fields=["story", "published_at"])]

    def __str__(self) -> str:
        return f"{self.outlet}: {self.headline}"

    def save(self, *args, **kwargs):
        if self.url == "":
            self.url = None
        self.content_hash = content_hash(self.outlet.name, self.body)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        if self.url:
            return self.url
        return cached_reverse("articles:article-detail", kwargs={"pk": self.pk})


class ArticleImage(models.Model):
    """An article's lead image: found in its page or feed, fetched in the background through
    the safe fetcher, checked and re-encoded, and served from Newsroom's own storage."""

    class State(models.TextChoices):
        PENDING = "pending", "Waiting to be fetched"
        READY = "ready", "Ready"
        FAILED = "failed", "Could not be fetched"

    article = models.OneToOneField(Article, on_delete=models.CASCADE, related_name="image")
    source_url = models.URLField(max_length=1000, help_text="Where the outlet published it.")
    file = models.FileField(upload_to="images/", blank=True)
    width = models.PositiveIntegerField(null=True, blank=True)
    height = models.PositiveIntegerField(null=True, blank=True)
    alt = models.CharField(
        "alt text",
        max_length=500,
        blank=True,
        help_text="What the image shows, for readers "
        "who cannot see it. Leave empty only if it adds nothing to the text.",
    )
    credit = models.CharField(max_length=300, blank=True, help_text="Photographer or agency.")
    state = models.CharField(max_length=20, choices=State, default=State.PENDING)
    error = models.CharField(max_length=500, blank=True)
    fetched_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Image of {self.article}"


class ArticlePerson(models.Model):
    """A person or organisation named in an article, with the role that article gives them."""

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="people")
    speaker = models.ForeignKey(Speaker, on_delete=models.PROTECT, related_name="article_mentions")
    role = models.CharField(max_length=300, blank=True)
    mentions = models.JSONField(default=list, blank=True)
    # Found by the engine: suggested until an editor approves the person and role.
    review_state = models.CharField(
        max_length=20, choices=ReviewState, default=ReviewState.APPROVED, db_index=True
    )

    class Meta:
        verbose_name = "person named in an article"
        verbose_name_plural = "people named in articles"
        constraints = [
            models.UniqueConstraint(fields=["article", "speaker"], name="unique_article_person"),
        ]

    def __str__(self) -> str:
        return f"{self.speaker.name} in {self.article_id}"


class QuoteQuerySet(models.QuerySet):
    def public(self, now=None):
        """Quotes of published stories with at least one wording readers may see."""
        wordings = QuoteAppearance.objects.filter(
            quote=models.OuterRef("pk"),
            review_state__in=reader_review_states(),
            article__review_state=ReviewState.APPROVED,
        )
        return self.filter(published_q(now, prefix="story__")).filter(models.Exists(wordings))

    def visible_to(self, user, now=None):
        return self.all() if may_preview(user) else self.public(now)


class Quote(Versioned):
    """One statement by one speaker within a story, however many outlets carried it."""

    story = models.ForeignKey(
        Story, null=True, blank=True, on_delete=models.PROTECT, related_name="quotes"
    )
    speaker = models.ForeignKey(
        Speaker,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="quotes",
        help_text="Empty when the speaker could not be told with confidence.",
    )
    text = models.TextField(help_text="The representative wording.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = QuoteQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["story", "speaker"])]

    def __str__(self) -> str:
        who = self.speaker.name if self.speaker_id else "Unknown speaker"
        short = self.text if len(self.text) <= 80 else self.text[:77] + "…"
        return f"{who}: “{short}”"


class QuoteAppearance(Versioned):
    """Where a quote appears: the exact words one article printed, and where."""

    class Match(models.TextChoices):
        ORIGINAL = "original", "First wording"
        VERBATIM = "verbatim", "Verbatim"
        VARIANT = "variant", "Variant wording"
        PARAPHRASE = "paraphrase", "Paraphrase"

    quote = models.ForeignKey(Quote, on_delete=models.PROTECT, related_name="appearances")
    article = models.ForeignKey(Article, on_delete=models.PROTECT, related_name="appearances")
    text = models.TextField(help_text="The words exactly as printed, without quotation marks.")
    start = models.PositiveIntegerField(help_text="Character offset of the words in the body.")
    end = models.PositiveIntegerField()
    cue = models.CharField(max_length=100, blank=True)
    speaker_mention = models.CharField(max_length=300, blank=True)
    continues = models.BooleanField(
        default=False, help_text="Carries on the previous quote of the same speaker."
    )
    match = models.CharField(max_length=20, choices=Match, default=Match.ORIGINAL)
    match_score = models.FloatField(null=True, blank=True)
    review_state = models.CharField(
        max_length=20, choices=ReviewState, default=ReviewState.SUGGESTED, db_index=True
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["article_id", "start"]
        permissions = [("review_quoteappearance", "Can approve and reject quotes")]
        constraints = [
            models.UniqueConstraint(
                fields=["article", "start", "end"], name="unique_appearance_span"
            ),
            models.CheckConstraint(condition=Q(end__gt=models.F("start")), name="appearance_span"),
        ]

    def __str__(self) -> str:
        return f"“{self.text[:60]}” in {self.article}"

    @property
    def speaker_as_written(self) -> str:
        """``speaker_words(self.speaker_mention)``."""
        return speaker_words(self.speaker_mention)


# A pronoun alone tells a reader nothing about a speaker not identified.
_BARE_PRONOUNS = frozenset({"he", "she", "they", "it", "we", "i", "you"})


def speaker_words(mention: str | None) -> str:
    """An outlet's own words for a quote's speaker ("the crowd", "a spokeswoman for the
    port", "one official"), shown beside a quote whose speaker is not identified; "" for none,
    or a pronoun alone."""
    words = " ".join((mention or "").split())
    if words.lower() in _BARE_PRONOUNS:
        return ""
    return words if len(words) <= 80 else words[:79].rstrip() + "…"


class Figure(models.Model):
    """A number an article gives, with what it counts."""

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="figures")
    text = models.CharField(max_length=500)
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    value = models.FloatField()
    unit = models.CharField(max_length=100, blank=True)
    per = models.CharField(max_length=50, blank=True)
    period = models.CharField(max_length=100, blank=True)
    qualifier = models.CharField(max_length=50, blank=True)
    kind = models.CharField(max_length=30, blank=True)
    # The calendar year the sentence ties it to ("in 2025"), the lower end of a range written
    # out ("between 40 and 50"), and what happened to what it counts ("injured", "rescued"):
    # figures of different years or outcomes are different quantities, not a disagreement.
    year = models.CharField(max_length=4, blank=True)
    low = models.FloatField(null=True, blank=True)
    event = models.CharField(max_length=30, blank=True)
    # Found by the engine: suggested until an editor approves it.
    review_state = models.CharField(
        max_length=20, choices=ReviewState, default=ReviewState.APPROVED, db_index=True
    )

    class Meta:
        ordering = ["article_id", "start"]
        constraints = [
            models.UniqueConstraint(fields=["article", "start", "end"], name="unique_figure_span"),
        ]

    def __str__(self) -> str:
        return self.text


class EvidenceCheckedClaim(Versioned):
    """A key point or summary paragraph, whose evidence was checked for its wording: saved
    with other words (``_reworded``), that evidence waits for an editor again."""

    _loaded_text: str | None = None

    class Meta:
        abstract = True

    @classmethod
    def from_db(cls, db, field_names, values, *args, **kwargs):
        instance = super().from_db(db, field_names, values, *args, **kwargs)
        if "text" in field_names:
            instance._loaded_text = values[list(field_names).index("text")]
        return instance

    def save(self, *args, **kwargs) -> None:
        before = self._loaded_text
        if before is not None and before != self.text:
            with transaction.atomic():
                if self._reworded(before):
                    update_fields = kwargs.get("update_fields")
                    if update_fields is not None:
                        kwargs["update_fields"] = {*update_fields, "evidence_override"}
                super().save(*args, **kwargs)
        else:
            super().save(*args, **kwargs)
        self._loaded_text = self.text

    def _reworded(self, before: str) -> bool:
        """This claim, about to be saved, now says something other than ``before``: what was
        checked for the old words no longer vouches for the new. The engine's evidence goes
        (found again for the new words, as suggestions), an editor's own citations wait for
        an editor again, and so does an editor's vouching. Returns whether it did (nothing
        changes for ``same_claim`` edits: a typo fixed, a typed "according to")."""
        if self.pk is None or same_claim(before, self.text):
            return False
        field = "key_point" if isinstance(self, KeyPoint) else "paragraph"
        rows = Attribution.objects.filter(**{field: self.pk})
        for row in rows.filter(origin=Attribution.Origin.ENGINE):
            row.delete()  # one by one: the signals keep pages and feeds fresh
        for row in rows.exclude(review_state__in=[ReviewState.SUGGESTED, ReviewState.REJECTED]):
            row.review_state = ReviewState.SUGGESTED
            row.save(update_fields=["review_state"])
        self.evidence_override = False
        return True


class KeyPoint(EvidenceCheckedClaim):
    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="key_points")
    position = models.PositiveIntegerField(default=0)
    text = models.TextField()
    evidence_override = models.BooleanField(
        default=False, help_text="An editor vouches for this point without linked evidence."
    )
    override_note = models.CharField(max_length=300, blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["story_id", "position", "id"]

    def __str__(self) -> str:
        return self.text


class SummaryParagraph(EvidenceCheckedClaim):
    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="paragraphs")
    position = models.PositiveIntegerField(default=0)
    text = models.TextField()
    evidence_override = models.BooleanField(default=False)

    history = HistoricalRecords()

    class Meta:
        ordering = ["story_id", "position", "id"]

    def __str__(self) -> str:
        return self.text[:80]


# The fields of a stored figure the engine's comparison reads, besides its text and value.
ENGINE_FIGURE_FIELDS = ("unit", "per", "period", "qualifier", "kind", "year", "low", "event")


def engine_figure(figure: Figure | dict) -> EngineFigure:
    """A stored figure (a ``Figure``, or a plain row of its fields) as the engine compares
    it, every field the comparison reads (year, range and outcome included)."""
    if not isinstance(figure, dict):
        names = ("text", "start", "end", "value", *ENGINE_FIGURE_FIELDS)
        figure = {name: getattr(figure, name) for name in names}
    return EngineFigure(
        text=figure["text"],
        start=figure.get("start", 0),
        end=figure.get("end", 0),
        value=figure["value"],
        **{name: figure[name] for name in ENGINE_FIGURE_FIELDS},
    )


class Attribution(models.Model):
    """Links a key point or a summary paragraph to the outlet, and where known the article and
    passage, that supports it. The "according to ..." line is generated from these rows."""

    class Origin(models.TextChoices):
        EDITOR = "editor", "Cited by an editor"
        ENGINE = "engine", "Found by the engine"

    key_point = models.ForeignKey(
        KeyPoint, null=True, blank=True, on_delete=models.CASCADE, related_name="attributions"
    )
    paragraph = models.ForeignKey(
        SummaryParagraph,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="attributions",
    )
    outlet = models.ForeignKey(Outlet, on_delete=models.PROTECT, related_name="attributions")
    article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.SET_NULL, related_name="attributions"
    )
    passage = models.TextField(blank=True)
    start = models.PositiveIntegerField(null=True, blank=True)
    end = models.PositiveIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    origin = models.CharField(max_length=10, choices=Origin, default=Origin.EDITOR)
    review_state = models.CharField(
        max_length=20, choices=ReviewState, default=ReviewState.APPROVED
    )
    position = models.PositiveIntegerField(default=0)

    # Kept so restoring a story version brings back the evidence of its key points too.
    history = HistoricalRecords()

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(key_point__isnull=False, paragraph__isnull=True)
                    | Q(key_point__isnull=True, paragraph__isnull=False)
                ),
                name="attribution_one_target",
            ),
        ]

    def __str__(self) -> str:
        return f"according to {self.outlet}"


class Correction(Versioned):
    class Kind(models.TextChoices):
        CORRECTION = "correction", "Correction"
        CLARIFICATION = "clarification", "Clarification"
        UPDATE = "update", "Update"

    story = models.ForeignKey(Story, on_delete=models.PROTECT, related_name="corrections")
    kind = models.CharField(max_length=20, choices=Kind, default=Kind.CORRECTION)
    text = models.TextField()
    published_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["-published_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.published_at:%Y-%m-%d})"


class AuditEntry(models.Model):
    """Who published, unpublished, merged, split or restored what, and when."""

    class Action(models.TextChoices):
        PUBLISH = "publish", "Published"
        UNPUBLISH = "unpublish", "Unpublished"
        SUBMIT = "submit", "Submitted for review"
        ARCHIVE = "archive", "Archived"
        MERGE = "merge", "Merged"
        SPLIT = "split", "Split"
        MOVE = "move", "Moved articles"
        RESTORE = "restore", "Restored a version"
        CORRECT = "correct", "Corrected"
        RETURN = "return", "Returned to draft"

    action = models.CharField(max_length=20, choices=Action)
    story = models.ForeignKey(
        Story, null=True, blank=True, on_delete=models.SET_NULL, related_name="audit_entries"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    at = models.DateTimeField(default=timezone.now, db_index=True)
    detail = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name_plural = "audit entries"
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.story_id} by {self.user_id} at {self.at}"


class StorySpeakerAlias(models.Model):
    """An alias that holds only in one story's articles: a description an editor resolved for
    this story ("the ministry" is the Department of Homeland Security here, and nowhere else).
    """

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="speaker_aliases")
    speaker = models.ForeignKey(Speaker, on_delete=models.CASCADE, related_name="story_aliases")
    alias = models.CharField(max_length=200)

    class Meta:
        verbose_name = "speaker alias in this story"
        verbose_name_plural = "speaker aliases in this story"
        constraints = [
            models.UniqueConstraint(
                "story", "speaker", Lower("alias"), name="unique_story_speaker_alias_ci"
            ),
        ]
        ordering = ["alias"]

    def __str__(self) -> str:
        return f"{self.alias} → {self.speaker.name} (in “{self.story}”)"


class StoryIndexProfile(models.Model):
    """The grouping engine's running summary of a story (derived data, rebuilt on demand)."""

    story = models.OneToOneField(
        Story, on_delete=models.CASCADE, primary_key=True, related_name="index_profile"
    )
    profile = models.JSONField(default=dict)
    first_day = models.IntegerField(null=True, blank=True)
    last_day = models.IntegerField(null=True, blank=True, db_index=True)

    class Meta:
        verbose_name = "story index profile"

    def __str__(self) -> str:
        return f"Index profile of {self.story_id}"


class StoryIndexKey(models.Model):
    """Posting list entry: a rare term, name or number shared by a story's articles.

    Placing an article looks up only the stories that share its keys and were active near its
    publish date, through the (key, last_day) index: never every stored article."""

    key = models.CharField(max_length=200)
    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="index_keys")
    # The story's first and last day (its profile's), so that choosing candidates reads the
    # key rows alone.
    first_day = models.IntegerField(null=True, blank=True)
    last_day = models.IntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "story"], name="unique_index_key_story"),
        ]
        # Covering the candidate query (``articles.stories.candidates``): its rows are read
        # from the index alone, not each looked up in the table (thousands for a storyline).
        indexes = [
            models.Index(
                fields=["key", "last_day", "story", "first_day"], name="storyindexkey_window"
            )
        ]

    def __str__(self) -> str:
        return self.key


class TermFrequency(models.Model):
    """Document frequency of one term across every placed article (for IDF)."""

    DOCUMENT_COUNT = "#documents#"

    term = models.CharField(max_length=200, unique=True)
    df = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name_plural = "term frequencies"

    def __str__(self) -> str:
        return f"{self.term}: {self.df}"
