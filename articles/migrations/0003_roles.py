"""Create the newsroom's role groups (Reporter, Editor, Administrator) with their permissions.

Permissions are normally created after all migrations ran; they are created here first so the
groups can be filled on a fresh database. The role definitions live in ``articles.roles``.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

from articles.editorial.roles import ROLE_PERMISSIONS, roles_sync


def create_roles(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, verbosity=0, apps=apps)
        app_config.models_module = None
    roles_sync(
        group_model=apps.get_model("auth", "Group"),
        permission_model=apps.get_model("auth", "Permission"),
    )


def remove_roles(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=list(ROLE_PERMISSIONS)).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("articles", "0002_attribution_history_audit_return"),
        ("sources", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("admin", "0003_logentry_add_action_flag_choices"),
        ("authtoken", "0004_alter_tokenproxy_options"),
    ]

    operations = [migrations.RunPython(create_roles, remove_roles)]
