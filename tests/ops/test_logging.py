"""Request ids, the request context on log records, the JSON-lines formatter, import lines."""

import io
import json
import logging
import logging.config
import re

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.test import RequestFactory

from ops.logs import JsonFormatter, RequestContextFilter, log_import_summary, logging_config
from ops.middleware import HEADER, RequestIdMiddleware

_touched: list[tuple[logging.Logger, list, int, bool]] = []


@pytest.fixture(autouse=True)
def _restore_logging():
    yield
    while _touched:
        logger, handlers, level, propagate = _touched.pop()
        logger.handlers[:], logger.level, logger.propagate = handlers, level, propagate
    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)


def _capture(fmt: str, logger_name: str = "ops.test") -> tuple[logging.Logger, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RequestContextFilter())
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter(fmt))
    logger = logging.getLogger(logger_name)
    _touched.append((logger, list(logger.handlers), logger.level, logger.propagate))
    logger.handlers[:] = [handler]
    logger.setLevel(logging.INFO)
    logger.propagate = False
    return logger, stream


def _lines(stream: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_a_request_gets_an_id_on_its_response_and_in_its_log_records():
    logger, stream = _capture("json")

    def view(request):
        logger.info("story page served")
        return HttpResponse("ok")

    response = RequestIdMiddleware(view)(RequestFactory().get("/"))
    request_id = response[HEADER]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)
    [line] = _lines(stream)
    assert line["request_id"] == request_id
    assert line["message"] == "story page served"


def test_an_id_from_the_proxy_is_kept_and_a_forged_one_replaced():
    middleware = RequestIdMiddleware(lambda request: HttpResponse("ok"))
    kept = middleware(RequestFactory().get("/", HTTP_X_REQUEST_ID="lb-4f1c2a:77"))
    assert kept[HEADER] == "lb-4f1c2a:77"
    forged = middleware(RequestFactory().get("/", HTTP_X_REQUEST_ID="x\n[ERROR] forged"))
    assert re.fullmatch(r"[0-9a-f]{32}", forged[HEADER])


def test_two_requests_get_different_ids_and_records_outside_a_request_say_dash():
    logger, stream = _capture("json")
    middleware = RequestIdMiddleware(lambda request: HttpResponse("ok"))
    first = middleware(RequestFactory().get("/"))[HEADER]
    second = middleware(RequestFactory().get("/"))[HEADER]
    assert first != second
    logger.warning("scheduler round")
    assert _lines(stream)[0]["request_id"] == "-"


@pytest.mark.django_db
def test_the_signed_in_user_is_named_in_log_records():
    logger, stream = _capture("json")
    user = get_user_model().objects.create_user("jroe")

    def view(request):
        request.user = user  # as the authentication middleware or DRF leaves it
        logger.info("draft saved")
        return HttpResponse("ok")

    RequestIdMiddleware(view)(RequestFactory().get("/admin/"))
    assert _lines(stream)[0]["user"] == "jroe"


def test_the_json_formatter_writes_one_object_a_line_with_the_traceback():
    logger, stream = _capture("json")
    try:
        raise ValueError('feed said "no"\nat line 2')
    except ValueError:
        logger.exception("import failed for %s", "gazette.example")
    logger.info("next", extra={"job": 42})
    first, second = _lines(stream)
    assert first["level"] == "ERROR"
    assert first["logger"] == "ops.test"
    assert first["message"] == "import failed for gazette.example"
    assert first["exception"].startswith("Traceback (most recent call last)")
    assert 'ValueError: feed said "no"' in first["exception"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", first["time"])
    assert second["job"] == 42 and "exception" not in second


def test_the_text_format_carries_the_request_id_and_user():
    config = logging_config(fmt="text", level="INFO")
    logger, stream = _capture(config["formatters"]["default"]["format"])
    RequestIdMiddleware(lambda r: logger.info("hello") or HttpResponse())(
        RequestFactory().get("/", HTTP_X_REQUEST_ID="abc-123")
    )
    assert "INFO ops.test [abc-123 -] hello" in stream.getvalue()


def test_logging_config_is_valid_for_both_formats_and_refuses_others():
    for fmt in ("text", "json"):
        logging.config.dictConfig(logging_config(fmt=fmt, level="INFO"))
    logging.config.dictConfig(logging_config(fmt="text", level="WARNING"))
    with pytest.raises(ValueError, match="NEWSROOM_LOG_FORMAT"):
        logging_config(fmt="xml")


def test_an_import_summary_is_one_info_line_with_its_counts():
    from articles.ingest.report import IngestItem, IngestReport

    logger, stream = _capture("json", "newsroom.imports")
    report = IngestReport(
        items=[
            IngestItem(source="feed.xml#1", status="created"),
            IngestItem(source="feed.xml#2", status="duplicate"),
            IngestItem(source="feed.xml#3", status="error", error="body: missing"),
            IngestItem(source="other.txt", status="created"),
        ]
    )
    log_import_summary(report)
    [line] = _lines(stream)
    assert line["level"] == "INFO"
    assert line["message"] == (
        "import finished: feed.xml and 1 more: 4 items, 2 created, 1 duplicates, "
        "1 errors, 0 skipped"
    )
    assert line["import_summary"]["created"] == 2


@pytest.mark.django_db
def test_the_ingest_service_logs_one_summary_per_run_and_none_for_a_dry_run(caplog):
    from articles.ingest.service import ingest_payloads

    payload = {
        "outlet": "The Example Gazette",
        "body": "Bridge opens\n\nThe Northfield bridge opened on Monday, the council said.",
    }
    with caplog.at_level(logging.INFO, logger="newsroom.imports"):
        ingest_payloads([payload], source="api", dry_run=True)
        assert not [r for r in caplog.records if r.name == "newsroom.imports"]
        ingest_payloads([payload, payload], source="api")
    [record] = [r for r in caplog.records if r.name == "newsroom.imports"]
    assert record.levelno == logging.INFO
    assert record.getMessage() == (
        "import finished: api: 2 items, 1 created, 1 duplicates, 0 errors, 0 skipped"
    )
