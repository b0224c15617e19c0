"""The ingestion tests' stand-in engine, for the article services and review tests."""

from tests.ingest.conftest import fake_engine  # noqa: F401
