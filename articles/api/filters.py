"""Filters for the story, quote and article lists: one FilterSet per model.

Every FilterSet is applied to a queryset that already enforces visibility (the viewset's
``get_queryset``). A well-formed value that matches nothing is an empty page, whether it names
nothing or something the caller may not see (a draft story), so filters reveal nothing; a value
that is malformed (not a slug, not a date, not a language tag) is a 400 with a message. The
schema states each parameter's pattern, so a client knows in advance which values are valid.
"""

from __future__ import annotations

from datetime import UTC

import django_filters
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator, validate_slug
from django.db.models import Exists, OuterRef, Q
from drf_spectacular.utils import extend_schema_field
from rest_framework.exceptions import NotAuthenticated, PermissionDenied

from articles.core.search import matching
from articles.models import (
    Article,
    ArticlePerson,
    Quote,
    QuoteAppearance,
    Story,
    may_preview,
)
from sources.models import Outlet, OutletAlias, Speaker, SpeakerAlias

# --- Fields that turn bad input into a message, never a database error ----------------------


SLUG_PATTERN = r"^[-a-zA-Z0-9_]+$"


class SlugField(forms.CharField):
    """A slug, refused before it reaches the database when it is not one (a NUL byte in a
    query would be a server error on PostgreSQL)."""

    default_validators = [validate_slug]


@extend_schema_field({"type": "string", "pattern": SLUG_PATTERN, "maxLength": 255})
class SlugFilter(django_filters.CharFilter):
    """Rows linked to the object with this slug. A well-formed slug that names nothing the
    caller may see matches nothing (an empty page, as for any filter), so a draft story and a
    story that does not exist answer alike; a value that is not a slug is a 400."""

    field_class = SlugField

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", 255)
        super().__init__(*args, **kwargs)


class SafeDateTimeField(forms.DateTimeField):
    """A date or date-time that the database can store, sent to it in UTC: out-of-range years
    are a validation error, not an overflow in the driver, and an offset Python accepts but
    PostgreSQL does not (beyond ±15:59, such as +16:35) is converted rather than refused."""

    def to_python(self, value):
        result = super().to_python(value)
        if result is None:
            return None
        try:
            return result.astimezone(UTC)
        except (OverflowError, ValueError):
            raise ValidationError("Enter a date and time within years 1 to 9999.") from None


LANGUAGE_PATTERN = r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$"


@extend_schema_field({"type": "string", "pattern": LANGUAGE_PATTERN, "maxLength": 16})
class LanguageFilter(django_filters.CharFilter):
    """A BCP 47 language tag (``en``, ``pt-BR``); anything else is a 400 with a message."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", 16)
        kwargs.setdefault(
            "validators",
            [RegexValidator(LANGUAGE_PATTERN, "Enter a language tag such as en or pt-BR.")],
        )
        super().__init__(*args, **kwargs)


COUNTRY_PATTERN = r"^[A-Za-z]{2}$"


@extend_schema_field({"type": "string", "pattern": COUNTRY_PATTERN})
class CountryFilter(django_filters.CharFilter):
    """A two-letter country code; anything else is a 400 with a message."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", 2)
        code = RegexValidator(COUNTRY_PATTERN, "Enter a two-letter code such as GB.")
        kwargs.setdefault("validators", [code])
        super().__init__(*args, **kwargs)


class DateTimeFilter(django_filters.DateTimeFilter):
    field_class = SafeDateTimeField


def _published_range(prefix: str = ""):
    return (
        DateTimeFilter(
            field_name=f"{prefix}published_at",
            lookup_expr="gte",
            help_text="Published at or after this date or date-time (ISO 8601).",
        ),
        DateTimeFilter(
            field_name=f"{prefix}published_at",
            lookup_expr="lte",
            help_text="Published at or before this date or date-time (ISO 8601).",
        ),
    )


# --- Stories --------------------------------------------------------------------------------


class StoryFilter(django_filters.FilterSet):
    outlet = SlugFilter(
        method="filter_outlet", help_text="Slug of an outlet that covered the story."
    )
    speaker = SlugFilter(
        method="filter_speaker",
        help_text="Slug of a person or organisation quoted or named in the story.",
    )
    topic = SlugFilter(method="filter_topic", help_text="Slug of a topic.")
    status = django_filters.ChoiceFilter(
        choices=Story.Status.choices, help_text="Workflow status (staff only)."
    )
    published_after, published_before = _published_range()
    q = django_filters.CharFilter(
        method="search", max_length=200, help_text="Words in the headline, dek or key points."
    )

    class Meta:
        model = Story
        fields = [
            "outlet",
            "speaker",
            "topic",
            "status",
            "published_after",
            "published_before",
            "q",
        ]

    def is_valid(self):
        user = getattr(self.request, "user", None)
        if self.data.get("status") not in (None, "") and not may_preview(user):
            if user is None or not user.is_authenticated:
                raise NotAuthenticated("The status filter is for staff: send a staff token.")
            raise PermissionDenied("The status filter is for staff.")
        return super().is_valid()

    def filter_outlet(self, queryset, name, value: str):
        covered = Article.objects.filter(story=OuterRef("pk"), outlet__slug=value)
        return queryset.filter(Exists(covered))

    def filter_speaker(self, queryset, name, value: str):
        quoted = Quote.objects.filter(story=OuterRef("pk"), speaker__slug=value)
        named = ArticlePerson.objects.filter(article__story=OuterRef("pk"), speaker__slug=value)
        return queryset.filter(Exists(quoted) | Exists(named))

    def filter_topic(self, queryset, name, value: str):
        tagged = Story.topics.through.objects.filter(story=OuterRef("pk"), topic__slug=value)
        return queryset.filter(Exists(tagged))

    def search(self, queryset, name, value: str):
        return matching(queryset, value, key="story", related=[("keypoint", "story_id")])


# --- Quotes ---------------------------------------------------------------------------------


class QuoteFilter(django_filters.FilterSet):
    speaker = SlugFilter(
        field_name="speaker__slug", help_text="Slug of the person or organisation quoted."
    )
    outlet = SlugFilter(
        method="filter_outlet", help_text="Slug of an outlet that carried the quote."
    )
    story = SlugFilter(field_name="story__slug", help_text="Slug of the story.")
    # Both bounds apply to the same appearance (one article's publication date), so they are
    # applied together in filter_queryset.
    published_after = DateTimeFilter(
        method="_bounds", help_text="Carried by an article published at or after this date."
    )
    published_before = DateTimeFilter(
        method="_bounds", help_text="Carried by an article published at or before this date."
    )
    q = django_filters.CharFilter(
        method="search",
        max_length=200,
        help_text="Words in any wording of the quote, or its speaker's name or alias.",
    )

    class Meta:
        model = Quote
        fields = ["speaker", "outlet", "story", "published_after", "published_before", "q"]

    def _bounds(self, queryset, name, value):
        return queryset

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        after = self.form.cleaned_data.get("published_after")
        before = self.form.cleaned_data.get("published_before")
        if after is None and before is None:
            return queryset
        bounds = {}
        if after is not None:
            bounds["article__published_at__gte"] = after
        if before is not None:
            bounds["article__published_at__lte"] = before
        return queryset.filter(
            Exists(QuoteAppearance.objects.filter(quote=OuterRef("pk"), **bounds))
        )

    def filter_outlet(self, queryset, name, value: str):
        carried = QuoteAppearance.objects.filter(quote=OuterRef("pk"), article__outlet__slug=value)
        return queryset.filter(Exists(carried))

    def search(self, queryset, name, value: str):
        # By its words and by its speaker's name or alias, as the reader's search finds it.
        return matching(
            queryset,
            value,
            key="quote",
            related=[("wording", "quote_id")],
            via=[("speaker", "speaker_id", "id"), ("speakeralias", "speaker_id", "speaker_id")],
        )


# --- Articles -------------------------------------------------------------------------------


class ArticleFilter(django_filters.FilterSet):
    outlet = SlugFilter(field_name="outlet__slug", help_text="Slug of the outlet.")
    story = SlugFilter(field_name="story__slug", help_text="Slug of the story.")
    published_after, published_before = _published_range()
    language = LanguageFilter(
        field_name="language", lookup_expr="iexact", help_text="Language tag (BCP 47), e.g. en."
    )
    q = django_filters.CharFilter(
        method="search",
        max_length=200,
        help_text=('Words in the headline or body (web-search syntax: "a phrase", or, -word).'),
    )

    class Meta:
        model = Article
        fields = ["outlet", "story", "published_after", "published_before", "language", "q"]

    def search(self, queryset, name, value: str):
        return matching(queryset, value, key="article")


class OutletFilter(django_filters.FilterSet):
    kind = django_filters.ChoiceFilter(choices=Outlet.Kind.choices)
    country = CountryFilter(
        field_name="country", lookup_expr="iexact", help_text="ISO 3166-1 alpha-2 code, e.g. GB."
    )
    q = django_filters.CharFilter(
        method="search", max_length=200, help_text="Part of the name or of an alias."
    )

    class Meta:
        model = Outlet
        fields = ["kind", "country", "q"]

    def search(self, queryset, name, value):
        alias = OutletAlias.objects.filter(outlet=OuterRef("pk"), alias__icontains=value)
        return queryset.filter(Q(name__icontains=value) | Exists(alias))


class SpeakerFilter(django_filters.FilterSet):
    kind = django_filters.ChoiceFilter(choices=Speaker.Kind.choices)
    q = django_filters.CharFilter(
        method="search", max_length=200, help_text="Part of the name or of an alias."
    )

    class Meta:
        model = Speaker
        fields = ["kind", "q"]

    def search(self, queryset, name, value):
        alias = SpeakerAlias.objects.filter(speaker=OuterRef("pk"), alias__icontains=value)
        return queryset.filter(Q(name__icontains=value) | Exists(alias))
