"""The newsroom's roles, as groups of permissions.

- Reporter: gathers and prepares. Adds and changes articles, stories (only while they are
  drafts: the admin enforces that), quotes and their appearances, key points, paragraphs,
  attributions, outlets and speakers; submits stories for review. Cannot publish.
- Editor: everything a reporter does, plus review and publish (``publish_story``), vouch for
  key points without evidence (``override_evidence``), merge and split (``merge_story``),
  corrections, history and restore, storylines (name them, link stories, check the machine's
  links), outlets' third-party ratings, and the audit log (read only).
- Everyone sees the background jobs (imports) and the subscribed feeds; editors subscribe to
  feeds and change them.
- Administrator: every permission of the newsroom's apps, plus user and group management
  (sign-in lock-outs included).

The data migration ``articles/migrations/0003_roles.py`` creates the groups; ``manage.py
sync_roles`` brings them up to date after new models arrive. Both call ``roles_sync`` with
whatever model classes they have (historical ones in the migration).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.password_validation import validate_password
from django.db import transaction
from django.db.models import Q

REPORTER = "Reporter"
EDITOR = "Editor"
ADMINISTRATOR = "Administrator"

_VIEW_ALL = [
    ("articles", "view_*"),
    ("sources", "view_*"),
    ("jobs", "view_*"),
]

ROLE_PERMISSIONS: dict[str, list[tuple[str, str]]] = {
    REPORTER: [
        *_VIEW_ALL,
        ("articles", "add_article"),
        ("articles", "change_article"),
        ("articles", "add_story"),
        ("articles", "change_story"),
        ("articles", "add_topic"),
        ("articles", "add_quote"),
        ("articles", "change_quote"),
        ("articles", "add_quoteappearance"),
        ("articles", "change_quoteappearance"),
        ("articles", "add_keypoint"),
        ("articles", "change_keypoint"),
        ("articles", "delete_keypoint"),
        ("articles", "add_summaryparagraph"),
        ("articles", "change_summaryparagraph"),
        ("articles", "delete_summaryparagraph"),
        ("articles", "add_attribution"),
        ("articles", "change_attribution"),
        ("articles", "delete_attribution"),
        ("articles", "add_articleperson"),
        ("articles", "change_articleperson"),
        ("articles", "add_figure"),
        ("articles", "change_figure"),
        ("articles", "add_storyspeakeralias"),
        ("articles", "change_storyspeakeralias"),
        ("articles", "delete_storyspeakeralias"),
        ("sources", "add_outlet"),
        ("sources", "change_outlet"),
        ("sources", "add_outletalias"),
        ("sources", "change_outletalias"),
        ("sources", "delete_outletalias"),
        ("sources", "add_speaker"),
        ("sources", "change_speaker"),
        ("sources", "add_speakeralias"),
        ("sources", "change_speakeralias"),
        ("sources", "delete_speakeralias"),
    ],
    ADMINISTRATOR: [
        ("articles", "*"),
        ("sources", "*"),
        ("jobs", "*"),
        ("auth", "*"),
        ("authtoken", "*"),
        ("axes", "*"),  # sign-in lock-outs: see and unlock
        ("admin", "view_logentry"),
    ],
}
ROLE_PERMISSIONS[EDITOR] = [
    *ROLE_PERMISSIONS[REPORTER],
    ("articles", "view_auditentry"),
    ("articles", "publish_story"),
    ("articles", "review_quoteappearance"),
    ("articles", "override_evidence"),
    ("articles", "merge_story"),
    ("articles", "change_topic"),
    ("articles", "add_storyline"),
    ("articles", "change_storyline"),
    ("articles", "delete_storyline"),
    ("sources", "add_outletrating"),
    ("sources", "change_outletrating"),
    ("sources", "delete_outletrating"),
    ("articles", "add_correction"),
    ("articles", "change_correction"),
    ("articles", "delete_quoteappearance"),
    ("articles", "delete_articleperson"),
    ("articles", "delete_figure"),
    ("jobs", "add_feed"),
    ("jobs", "change_feed"),
    ("jobs", "delete_feed"),
]

# Never granted, even by a wildcard: the audit log, the history tables and the jobs' records
# are written by the system only, and reporters do not read the audit log.
EXCLUDED_CODENAMES = r"^(add|change|delete)_(historical.*|auditentry|job|jobitem)$"
ROLE_EXCLUSIONS: dict[str, list[str]] = {REPORTER: ["view_auditentry"]}


def role_permissions(permission_model: Any, role: str):
    """The permission rows of ``role``; ``app.view_*`` and ``app.*`` are wildcards."""
    query = Q(pk__in=[])
    for app_label, codename in ROLE_PERMISSIONS[role]:
        scope = Q(content_type__app_label=app_label)
        if codename == "*":
            query |= scope
        elif codename.endswith("*"):
            query |= scope & Q(codename__startswith=codename[:-1])
        else:
            query |= scope & Q(codename=codename)
    return (
        permission_model.objects.filter(query)
        .exclude(codename__regex=EXCLUDED_CODENAMES)
        .exclude(codename__in=ROLE_EXCLUSIONS.get(role, []))
    )


def roles_sync(*, group_model: Any, permission_model: Any) -> dict[str, int]:
    """Create the role groups and give each exactly its permissions. Idempotent."""
    counts = {}
    for role in ROLE_PERMISSIONS:
        group, _ = group_model.objects.get_or_create(name=role)
        permissions = list(role_permissions(permission_model, role))
        group.permissions.set(permissions)
        counts[role] = len(permissions)
    return counts


def staff_account(
    *,
    user_model: Any,
    group_model: Any,
    username: str,
    role: str,
    password: str | None,
    email: str = "",
):
    """Create a staff account in ``role``, or move an existing one into it (its other role
    groups are left); returns ``(user, created)``. The password is checked by the site's
    validators; ``None`` keeps an existing account's password and is refused for a new one."""
    if role not in ROLE_PERMISSIONS:
        raise ValueError(f"unknown role {role!r}: choose one of {', '.join(ROLE_PERMISSIONS)}")
    group = group_model.objects.filter(name=role).first()
    if group is None:
        raise ValueError(f"the {role} group does not exist yet: run manage.py sync_roles")
    with transaction.atomic():
        user = user_model.objects.filter(username=username).first()
        created = user is None
        if created:
            if not password:
                raise ValueError("a new account needs a password")
            user = user_model(username=username, email=email)
        if password:
            validate_password(password, user)
            user.set_password(password)
        user.is_staff = True
        if email:
            user.email = email
        user.save()
        user.groups.add(group)
    return user, created
