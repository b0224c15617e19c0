"""The layout holds: dependencies run one way, no import cycles, modules stay small.

Tiers, lowest first: the ORM-free engine; ``sources``; the ``articles`` models and core;
``stories``; ``ingest``; ``editorial`` (with the admin and the management commands); the
public pages and the API (with the template tags); ``newsroom`` (settings and root URLs).
``ops`` (operations) imports no project module, so it sits at the bottom with the engine. A
module may import its own tier and those below it, never one above; within a tier, modules
may use each other without cycles. Nothing outside ``newsroom`` imports from ``newsroom``.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("articles", "sources", "ops", "newsroom")
MAX_LINES = 400

# (module prefix, tier); the longest matching prefix wins.
TIERS = [
    ("articles.engine", 0),
    ("ops", 0),  # operations (logins, health, logs, backups): imports no project module
    ("sources", 1),
    ("articles", 2),  # models, core, signals, apps, migrations
    ("articles.core", 2),
    ("articles.stories", 3),
    ("articles.ingest", 4),
    ("articles.editorial", 5),
    ("articles.admin", 5),
    ("articles.management", 5),
    ("articles.public", 6),
    ("articles.api", 6),
    ("articles.templatetags", 6),
    ("newsroom", 7),
]


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" not in path.parts:
                found[_module_name(path)] = path
    return found


def tier(module: str) -> int:
    best = max((p for p, _ in TIERS if module == p or module.startswith(p + ".")), key=len)
    return dict(TIERS)[best]


@cache
def imports_of(module: str) -> frozenset[str]:
    """Project modules imported anywhere in ``module`` (function-level imports too)."""
    path = modules()[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in modules())
    found.discard(module)
    return frozenset(found)


def test_dependencies_run_one_way():
    upward = [
        f"{module} (tier {tier(module)}) imports {target} (tier {tier(target)})"
        for module in sorted(modules())
        for target in sorted(imports_of(module))
        if tier(target) > tier(module)
    ]
    assert not upward, "\n".join(upward)


def test_only_newsroom_imports_newsroom():
    offenders = [
        f"{module} imports {target}"
        for module in sorted(modules())
        if not module.startswith("newsroom")
        for target in imports_of(module)
        if target.startswith("newsroom")
    ]
    assert not offenders, "\n".join(offenders)


def test_sources_imports_nothing_from_articles_but_the_engine():
    offenders = [
        f"{module} imports {target}"
        for module in sorted(modules())
        if module.startswith("sources")
        for target in imports_of(module)
        if target.startswith("articles") and tier(target) > 0
    ]
    assert not offenders, "\n".join(offenders)


def test_no_import_cycles():
    """Package ``__init__`` modules that only import their own submodules (the admin's
    registration) are left out: importing a package always runs its ``__init__``."""
    graph = {
        m: {t for t in imports_of(m) if not (m.startswith(t + ".") and t in _registrars())}
        for m in modules()
        if m not in _registrars()
    }
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(" -> ".join([*stack[stack.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    assert not cycles, "\n".join(cycles)


@cache
def _registrars() -> frozenset[str]:
    return frozenset(
        m
        for m, path in modules().items()
        if path.name == "__init__.py"
        and all(t.startswith(m + ".") for t in imports_of(m))
        and imports_of(m)
    )


def _limited() -> list[Path]:
    return sorted(
        path
        for module, path in modules().items()
        if not module.startswith("articles.engine") and path.name != "models.py"
    )


@pytest.mark.parametrize("path", _limited(), ids=lambda p: str(p.relative_to(ROOT)))
def test_module_is_at_most_400_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines"


def test_the_checks_see_the_whole_tree():
    """A guard against a walk that finds nothing and so passes everything."""
    assert {"articles.models", "articles.engine.quotes", "sources.models", "newsroom.urls"} <= set(
        modules()
    )
    assert "articles.models" in imports_of("articles.stories.placement")


def test_story_versions_and_the_audit_trail_are_written_by_the_core_helpers_only():
    """``articles.core.story_state`` bumps story versions, ``sources.versioning`` those of the
    other editable rows, and ``articles.core.audit`` writes audit entries; nothing else does it
    by hand."""
    writers = {
        "version": {"articles.core.story_state", "sources.versioning"},
        "audit": {"articles.core.audit"},
    }
    found: dict[str, set[str]] = {"version": set(), "audit": set()}
    for module, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.AugAssign | ast.Assign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Attribute) and t.attr == "version" for t in targets):
                    found["version"].add(module)
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "create"
                and ast.unparse(node.func.value) == "AuditEntry.objects"
            ):
                found["audit"].add(module)
    assert found == writers
