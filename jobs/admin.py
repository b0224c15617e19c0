"""Background work in the admin: jobs with their progress and each item's outcome (the
headlines imported, linked to their stories), and subscribed feeds, tried before saving."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from articles.admin.imports import editor_error
from articles.models import Article, Story
from jobs.models import Feed, Job
from jobs.services import feed_try
from sources.admin import SystemRecordAdminMixin


@admin.register(Job)
class JobAdmin(SystemRecordAdminMixin, admin.ModelAdmin):
    list_display = ["__str__", "kind", "state", "progress", "created_by", "created_at"]
    list_filter = ["state", "kind"]
    list_select_related = ["created_by"]
    search_fields = ["label"]
    date_hierarchy = "created_at"

    @admin.display(description="Progress")
    def progress(self, job: Job):
        return format_html(
            '<progress max="100" value="{}" aria-label="{}">{}%</progress> {}/{}',
            job.percent,
            f"Job {job.pk}: {job.percent}% done",
            job.percent,
            job.done,
            job.total,
        )

    def change_view(self, request, object_id, form_url="", extra_context=None):
        job = self.get_object(request, object_id)
        if job is None or not self.has_view_permission(request, job):
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        items = list(job.items.all())
        articles = Article.objects.only("id", "headline").in_bulk(
            [i.article_id for i in items if i.article_id]
        )
        stories = Story.objects.only("id", "headline", "status").in_bulk(
            [i.story_id for i in items if i.story_id]
        )
        rows = [
            (i, editor_error(i.error), articles.get(i.article_id), stories.get(i.story_id))
            for i in items
        ]
        waiting = (
            job.state == Job.State.QUEUED
            and job.created_at < timezone.now() - timezone.timedelta(seconds=15)
        )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": str(job),
            "job": job,
            "rows": rows,
            "counts": job.counts(),
            "waiting_for_worker": waiting,
            "has_view_permission": True,
            "original": job,
        }
        return TemplateResponse(request, "admin/jobs/job/detail.html", context)


class FeedForm(forms.ModelForm):
    class Meta:
        model = Feed
        fields = ["url", "name", "outlet", "interval", "active"]

    request = None  # set by FeedAdmin.get_form

    def clean_interval(self):
        interval = self.cleaned_data["interval"]
        if interval < timezone.timedelta(minutes=1):
            raise forms.ValidationError("Poll it at most once a minute (00:01:00 or more).")
        return interval


@admin.register(Feed)
class FeedAdmin(admin.ModelAdmin):
    form = FeedForm
    change_form_template = "admin/jobs/feed/change_form.html"
    list_display = [
        "__str__",
        "outlet",
        "interval",
        "active",
        "last_polled_at",
        "last_status",
        "last_error",
        "next_poll_at",
    ]
    list_filter = ["active", "outlet"]
    search_fields = ["name", "url"]
    autocomplete_fields = ["outlet"]
    readonly_fields = ["last_polled_at", "last_status", "last_error", "next_poll_at", "jobs"]
    actions = ["poll_now"]

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        form.request = request
        return form

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        if request.method == "POST" and "_try" in request.POST:
            return self._try(request, object_id, form_url, extra_context)
        return super().changeform_view(request, object_id, form_url, extra_context)

    def _try(self, request, object_id, form_url, extra_context):
        """Fetch the feed the form gives and say what polling it would import, saving nothing;
        the form comes back as typed (an error only for what is wrong in it)."""
        obj = self.get_object(request, unquote(object_id)) if object_id else None
        if object_id and obj is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        if not (
            self.has_change_permission(request, obj) if obj else self.has_add_permission(request)
        ):
            raise PermissionDenied
        form = self.get_form(request, obj, change=obj is not None)(request.POST, instance=obj)
        if form.is_valid():
            url = form.cleaned_data["url"]
            trial = feed_try(url)
            if trial.ok:
                found = "; ".join(trial.headlines)
                unread = f" {len(trial.errors)} item(s) could not be read." if trial.errors else ""
                self.message_user(
                    request,
                    f"Tried {url}: {trial.items} article(s) found, e.g. {found}.{unread} Not "
                    "saved yet: that was a try. Save to subscribe.",
                    messages.INFO,
                )
            else:
                self.message_user(
                    request, f"Tried {url}: {trial.error}. Not saved.", messages.ERROR
                )
        fieldsets = list(self.get_fieldsets(request, obj))
        admin_form = helpers.AdminForm(
            form,
            fieldsets,
            self.get_prepopulated_fields(request, obj),
            self.get_readonly_fields(request, obj),
            model_admin=self,
        )
        context = {
            **self.admin_site.each_context(request),
            "title": f"Change {self.opts.verbose_name}" if obj else f"Add {self.opts.verbose_name}",
            "subtitle": str(obj) if obj else None,
            "adminform": admin_form,
            "object_id": object_id,
            "original": obj,
            "is_popup": False,
            "to_field": None,
            "media": self.media + admin_form.media,
            "inline_admin_formsets": [],
            "errors": helpers.AdminErrorList(form, []),
            "preserved_filters": self.get_preserved_filters(request),
            **(extra_context or {}),
        }
        return self.render_change_form(
            request, context, add=obj is None, change=obj is not None, obj=obj, form_url=form_url
        )

    def get_fields(self, request, obj=None):
        fields = ["url", "name", "outlet", "interval", "active"]
        return fields + (self.readonly_fields if obj else [])

    @admin.display(description="Recent imports")
    def jobs(self, feed: Feed):
        recent = list(feed.jobs.order_by("-created_at")[:5])
        if not recent:
            return "None yet."
        return format_html(
            "<ul>{}</ul>",
            format_html_join(
                "",
                '<li><a href="{}">{}</a> ({})</li>',
                ((job.get_absolute_url(), str(job), job.get_state_display()) for job in recent),
            ),
        )

    @admin.action(description="Poll selected feeds now", permissions=["change"])
    def poll_now(self, request, queryset):
        from jobs.tasks import poll_feed

        ids = list(queryset.filter(active=True).values_list("pk", flat=True))
        queryset.filter(pk__in=ids).update(next_poll_at=timezone.now())
        for pk in ids:
            transaction.on_commit(lambda pk=pk: poll_feed.enqueue(pk))
        self.message_user(
            request,
            f"{len(ids)} feed(s) will be polled by the worker; their status shows here.",
            messages.SUCCESS,
        )
