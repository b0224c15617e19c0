from django.contrib import admin
from django.db.models import Count
from django.forms.models import BaseInlineFormSet

from sources.models import Outlet, OutletAlias, OutletRating, Speaker, SpeakerAlias
from sources.versioning import VersionedAdminMixin


class LabelledInlineFormSet(BaseInlineFormSet):
    """Inline rows whose inputs carry their own accessible name ("Text, row 2"): a tabular
    inline shows the labels as column headings only, which screen readers do not tie to the
    inputs. Used by every inline of the project's admin."""

    def add_fields(self, form, index):
        super().add_fields(form, index)
        row = f", row {index + 1}" if index is not None else ", new row"
        for name, field in form.fields.items():
            label = "Delete" if name == "DELETE" else (field.label or name)
            field.widget.attrs.setdefault("aria-label", f"{label}{row}")


class SystemRecordAdminMixin:
    """Rows only the system writes (the audit log, background jobs): anyone allowed to see
    them reads them; nobody adds, changes or deletes one in the admin."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class NamedBlankValuesFilter(admin.AllValuesFieldListFilter):
    """A filter over a field's values where the blank value reads "(none)" instead of an
    empty, nameless link."""

    def choices(self, changelist):
        for choice in super().choices(changelist):
            if choice["display"] == "":
                choice = {**choice, "display": "(none)"}
            yield choice


class OutletAliasInline(admin.TabularInline):
    formset = LabelledInlineFormSet
    model = OutletAlias
    extra = 1


class OutletRatingInline(admin.TabularInline):
    formset = LabelledInlineFormSet
    model = OutletRating
    extra = 0
    fields = ["aspect", "value", "source", "source_url", "rated_on"]


@admin.register(Outlet)
class OutletAdmin(VersionedAdminMixin, admin.ModelAdmin):
    list_display = ["name", "kind", "country", "owner", "homepage", "article_count"]
    list_filter = ["kind", ("country", NamedBlankValuesFilter)]
    search_fields = ["name", "aliases__alias", "homepage", "owner"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [OutletAliasInline, OutletRatingInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_articles=Count("articles"))

    @admin.display(description="articles", ordering="_articles")
    def article_count(self, obj):
        return obj._articles


class SpeakerAliasInline(admin.TabularInline):
    formset = LabelledInlineFormSet
    model = SpeakerAlias
    extra = 1
    fields = ["alias", "outlet"]
    autocomplete_fields = ["outlet"]


@admin.register(Speaker)
class SpeakerAdmin(VersionedAdminMixin, admin.ModelAdmin):
    list_display = ["name", "kind", "role", "role_checked", "alias_list", "quote_count"]
    ordering = ["name", "id"]
    list_filter = ["kind", "role_checked"]
    search_fields = ["name", "role", "aliases__alias"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [SpeakerAliasInline]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(_quotes=Count("quotes", distinct=True))
            .prefetch_related("aliases")
        )

    def save_model(self, request, obj, form, change):
        if "role" in form.changed_data and obj.role:
            obj.role_checked = True  # an editor wrote it
        super().save_model(request, obj, form, change)

    @admin.display(description="aliases")
    def alias_list(self, obj):
        return ", ".join(a.alias for a in obj.aliases.all())

    @admin.display(description="quotes", ordering="_quotes")
    def quote_count(self, obj):
        return obj._quotes


@admin.register(OutletAlias)
class OutletAliasAdmin(admin.ModelAdmin):
    list_display = ["alias", "outlet"]
    search_fields = ["alias", "outlet__name"]
    autocomplete_fields = ["outlet"]


@admin.register(SpeakerAlias)
class SpeakerAliasAdmin(admin.ModelAdmin):
    list_display = ["alias", "speaker", "outlet"]
    list_filter = [("outlet", admin.EmptyFieldListFilter)]
    search_fields = ["alias", "speaker__name", "outlet__name"]
    autocomplete_fields = ["speaker", "outlet"]
