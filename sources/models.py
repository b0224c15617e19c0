"""Who publishes and who speaks: outlets, people and organisations, and their aliases."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.text import slugify

from sources.addresses import cached_reverse
from sources.versioning import Versioned


def unique_slug(model: type[models.Model], value: str, *, max_length: int = 80) -> str:
    """Return a slug for ``value`` that no row of ``model`` uses yet."""
    base = slugify(value)[:max_length].strip("-") or "item"
    slug, n = base, 2
    while model._default_manager.filter(slug=slug).exists():
        suffix = f"-{n}"
        slug = f"{base[: max_length - len(suffix)]}{suffix}"
        n += 1
    return slug


class Outlet(Versioned):
    class Kind(models.TextChoices):
        NEWSPAPER = "newspaper", "Newspaper"
        BROADCASTER = "broadcaster", "Broadcaster"
        WIRE = "wire", "News agency (wire)"
        MAGAZINE = "magazine", "Magazine"
        DIGITAL = "digital", "Digital outlet"
        AGGREGATOR = "aggregator", "Aggregator"
        GOVERNMENT = "government", "Government"
        OTHER = "other", "Other"
        # An outlet an import named: what kind it is waits for an editor.
        UNKNOWN = "unknown", "Not recorded"

    name = models.CharField(max_length=200, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    homepage = models.URLField(blank=True)
    country = models.CharField(
        max_length=2, blank=True, help_text="ISO 3166-1 alpha-2 code, e.g. US, GB, IN."
    )
    kind = models.CharField(max_length=20, choices=Kind, default=Kind.UNKNOWN)
    owner = models.CharField(
        max_length=200, blank=True, help_text="Who owns it, as an editor checked it."
    )
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        if not self.slug:
            self.slug = unique_slug(Outlet, self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return cached_reverse("articles:outlet-detail", kwargs={"slug": self.slug})


class OutletRating(models.Model):
    """What a named third party says of an outlet (its bias, its factual record), as of a
    date. Newsroom never rates outlets itself: every rating names its source."""

    outlet = models.ForeignKey(Outlet, on_delete=models.CASCADE, related_name="ratings")
    source = models.CharField(
        max_length=200, help_text="Who gives the rating, e.g. a media-bias research group."
    )
    source_url = models.URLField(blank=True, help_text="Where the source publishes it.")
    aspect = models.CharField(
        max_length=100, default="bias", help_text="What is rated: bias, factual reporting, ..."
    )
    value = models.CharField(max_length=100, help_text="The rating as the source words it.")
    rated_on = models.DateField(help_text="When the source gave or last checked it.")

    class Meta:
        ordering = ["aspect", "source", "-rated_on"]

    def __str__(self) -> str:
        return f"{self.outlet}: {self.aspect} {self.value} ({self.source}, {self.rated_on})"


class OutletAlias(models.Model):
    """Another name an outlet goes by ("NYT", "the Times", "Reuters News Agency")."""

    outlet = models.ForeignKey(Outlet, on_delete=models.CASCADE, related_name="aliases")
    alias = models.CharField(max_length=200)

    class Meta:
        verbose_name_plural = "outlet aliases"
        constraints = [
            models.UniqueConstraint(Lower("alias"), name="unique_outlet_alias_ci"),
        ]
        ordering = ["alias"]

    def __str__(self) -> str:
        return f"{self.alias} → {self.outlet}"


class SpeakerQuerySet(models.QuerySet):
    def people(self):
        return self.filter(kind=Speaker.Kind.PERSON)

    def organizations(self):
        return self.filter(kind=Speaker.Kind.ORGANIZATION)


class Speaker(Versioned):
    """A person or an organisation that is named, and perhaps quoted, in articles."""

    class Kind(models.TextChoices):
        PERSON = "person", "Person"
        ORGANIZATION = "organization", "Organisation"

    name = models.CharField("full name", max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    kind = models.CharField(max_length=20, choices=Kind, default=Kind.PERSON)
    role = models.CharField("role or title", max_length=300, blank=True)
    role_checked = models.BooleanField(
        "role checked",
        default=False,
        help_text="An editor checked the role: readers see it as a fact. Until then they see "
        "only what each outlet called this person (a translation's wording included).",
    )
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = SpeakerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        indexes = [
            models.Index(fields=["name"]),
            # Ingestion looks speakers up by lower-cased name among the text's name candidates.
            models.Index(Lower("name"), name="speaker_name_lower"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.role})" if self.role else self.name

    def save(self, *args, **kwargs):
        if not self.slug:
            self.slug = unique_slug(Speaker, self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return cached_reverse("articles:speaker-detail", kwargs={"slug": self.slug})


# Words that open a description rather than a name: "the ministry", "its spokesman".
_DESCRIPTION_OPENERS = frozenset("the a an this that its his her their our one".split())


def is_description(alias: str) -> bool:
    """A description ("the ministry", "the company") names someone only in one context; a
    name form ("Homan", "ICE", "Ice") names them anywhere."""
    words = alias.split()
    return bool(words) and words[0].casefold() in _DESCRIPTION_OPENERS


class SpeakerAlias(models.Model):
    """Another name for a speaker: a surname ("Homan"), an acronym ("ICE"), a spelling the
    machine translation produced ("Ice"), or a description ("the ministry").

    Without an outlet the alias holds in every article. A description never does: it is
    scoped to one outlet's articles here, or to one story's (``articles.StorySpeakerAlias``).
    """

    speaker = models.ForeignKey(Speaker, on_delete=models.CASCADE, related_name="aliases")
    alias = models.CharField(max_length=200)
    outlet = models.ForeignKey(
        Outlet,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="speaker_aliases",
        help_text="Only in this outlet's articles. Required for a description such as "
        "“the ministry”.",
    )

    class Meta:
        verbose_name_plural = "speaker aliases"
        constraints = [
            models.UniqueConstraint(
                "speaker",
                Lower("alias"),
                condition=models.Q(outlet__isnull=True),
                name="unique_speaker_alias_ci",
                violation_error_message="This speaker already has this alias (in any case).",
            ),
            models.UniqueConstraint(
                "speaker",
                "outlet",
                Lower("alias"),
                condition=models.Q(outlet__isnull=False),
                name="unique_speaker_outlet_alias_ci",
                violation_error_message="This speaker already has this alias in this outlet "
                "(in any case).",
            ),
        ]
        indexes = [models.Index(Lower("alias"), name="speaker_alias_lower")]
        ordering = ["alias"]

    def __str__(self) -> str:
        where = f" (in {self.outlet.name})" if self.outlet_id else ""
        return f"{self.alias} → {self.speaker.name}{where}"

    def clean(self) -> None:
        if self.outlet_id is None and is_description(self.alias):
            raise ValidationError(
                {
                    "outlet": f"“{self.alias}” is a description: it names "
                    f"{self.speaker.name if self.speaker_id else 'someone'} only within one "
                    "outlet's or one story's articles. Choose the outlet, or add the alias on "
                    "the story instead."
                }
            )
        alias = (self.alias or "").strip()
        other = (
            Speaker.objects.annotate(lname=Lower("name"))
            .filter(lname=alias.lower())
            .exclude(pk=self.speaker_id)
            .first()
            if alias
            else None
        )
        if other is not None:
            # It would take over the other's quotes in every article read from now on.
            raise ValidationError(
                {
                    "alias": f"“{alias}” is the name of another speaker, {other.name}. Merge "
                    "the two speakers if they are one person, or choose another alias."
                }
            )
