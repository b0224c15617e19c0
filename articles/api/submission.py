"""Writing through the API: article submissions and the ingestion report."""

from __future__ import annotations

from datetime import UTC

from django.conf import settings
from django.core.validators import RegexValidator, URLValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from articles.engine.text import clean_text

MAX_BATCH = 100  # articles in one POST


class StrictStringMixin:
    """JSON strings only: a number or a list where text belongs is an error, not coerced.
    Strings are cleaned as all text coming in is (``clean_text``) before they are checked."""

    multiline = False

    def __init__(self, *args, multiline: bool | None = None, **kwargs):
        if multiline is not None:
            self.multiline = multiline
        super().__init__(*args, **kwargs)

    def run_validation(self, data=serializers.empty):
        if isinstance(data, str):
            data = clean_text(data, multiline=self.multiline)
        return super().run_validation(data)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise serializers.ValidationError("Enter a string.", code="invalid")
        return super().to_internal_value(data)


# One character that survives cleaning and trimming: not a control character, not white space,
# not a lone surrogate. A required text must hold one; the schema states it as a pattern.
VISIBLE_TEXT = RegexValidator(
    "[!-~\u00a1-\u167f\u1681-\u1fff\u200b-\u2027\u202a-\u202e\u2030-\u205e"
    "\u2060-\u2fff\u3001-\ud7ff\ue000-\ufffd]",
    "This field may not be blank.",
)


class StrictCharField(StrictStringMixin, serializers.CharField):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.allow_blank:
            self.validators.append(VISIBLE_TEXT)


@extend_schema_field({"type": "string", "format": "iri"})
class StrictURLField(StrictStringMixin, serializers.URLField):
    """A web address, internationalised ones included (``https://bücher.example/``): an IRI,
    so the schema says ``iri`` rather than ``uri``."""

    def run_validators(self, value):
        try:
            super().run_validators(value)
        except serializers.ValidationError as exc:
            # DRF's own URL check and the stricter one given say the same thing: say it once.
            raise serializers.ValidationError(list(dict.fromkeys(exc.detail))) from None


class StrictRegexField(StrictStringMixin, serializers.RegexField):
    pass


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data):
        if not isinstance(data, bool):
            raise serializers.ValidationError("Enter true or false.", code="invalid")
        return data


# The web addresses an article may have, stated so that the schema can carry them as a
# pattern: http or https; a host name of dot-separated labels that fits in the 253 characters
# DNS allows (up to three labels of up to 63 characters, or up to eight of up to 30) and no
# user name or IP address; an optional port; then any path.
_CHAR = "A-Za-z0-9\u00a1-\ud7ff\ue000-\ufffd"  # no surrogate, no noncharacter


def _labels(longest: int, most: int) -> str:
    label = f"[{_CHAR}](?:[-{_CHAR}]{{0,{longest - 2}}}[{_CHAR}])?"
    return f"(?:{label}\\.){{1,{most - 1}}}"


WEB_ADDRESS = RegexValidator(
    f"^[Hh][Tt][Tt][Pp][Ss]?://(?:{_labels(63, 3)}|{_labels(30, 8)})"
    "[A-Za-z\u00a1-\ud7ff\ue000-\ufffd]{2,24}(?::[0-9]{1,5})?(?:[/?#]\\S*)?$",
    "Enter an http or https address with a host name such as news.example.com.",
)


class ArticleSubmissionSerializer(serializers.Serializer):
    """One article sent for ingestion: the same shape ``manage.py ingest`` reads from JSON."""

    outlet = StrictCharField(max_length=200, help_text="The outlet's name or alias.")
    headline = StrictCharField(
        max_length=500,
        required=False,
        allow_blank=True,
        help_text="Taken from the text when missing.",
    )
    url = StrictURLField(
        max_length=1000,
        required=False,
        allow_blank=True,
        allow_null=True,
        validators=[URLValidator(schemes=["http", "https"]), WEB_ADDRESS],
        help_text="The article's address (http or https, a host name of at most 253 "
        "characters); the same URL is imported once.",
    )
    published_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="When the outlet published it; at most a day ahead of the server's clock "
        "(an article from the future is refused).",
    )
    byline = StrictCharField(max_length=300, required=False, allow_blank=True)
    language = StrictRegexField(
        r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$",
        max_length=16,
        required=False,
        help_text="Language tag (BCP 47), e.g. en.",
    )
    is_translation = StrictBooleanField(
        required=False, help_text="The text is a (machine) translation of the original."
    )
    original_language = StrictRegexField(
        r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$", max_length=16, required=False
    )
    body = StrictCharField(
        max_length=settings.NEWSROOM_MAX_IMPORT_BYTES,
        multiline=True,
        help_text="The article's plain text.",
    )

    def validate_published_at(self, value):
        if value is not None:
            try:
                value.astimezone(UTC)
            except (OverflowError, ValueError):
                raise serializers.ValidationError("Enter a date within years 1 to 9999.") from None
        return value

    @staticmethod
    def as_payload(validated: dict) -> dict:
        """A validated article as the ingestion service expects it (JSON-compatible)."""
        data = dict(validated)
        if data.get("published_at") is not None:
            data["published_at"] = data["published_at"].isoformat()
        return {k: v for k, v in data.items() if v not in (None, "")}


class IngestItemSerializer(serializers.Serializer):
    source = serializers.CharField()
    status = serializers.ChoiceField(choices=["created", "duplicate", "error"])
    article = serializers.IntegerField(allow_null=True)
    story = serializers.IntegerField(allow_null=True)
    quotes = serializers.IntegerField(allow_null=True, help_text="How many quotes were found.")
    error = serializers.CharField(allow_null=True)


class IngestReportSerializer(serializers.Serializer):
    """The ingestion report, as ``manage.py ingest --report json`` prints it."""

    items = IngestItemSerializer(many=True)
    created = serializers.IntegerField()
    duplicates = serializers.IntegerField()
    errors = serializers.IntegerField()
