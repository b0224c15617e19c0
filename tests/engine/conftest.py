"""Shared fixtures for the engine tests: the seed documents shipped in the repository, and
their hand annotations, which live here beside the tests that measure the engine (the product
never reads them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parents[2] / "articles" / "fixtures" / "seeds"
ANNOTATIONS = Path(__file__).resolve().parent / "seeds" / "annotations.json"


@pytest.fixture(scope="session")
def seed_annotations() -> dict:
    return json.loads(ANNOTATIONS.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def seed_text():
    def load(name: str) -> str:
        return (SEEDS / name).read_text(encoding="utf-8")

    return load
