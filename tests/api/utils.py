"""Helpers for reading API answers in tests."""


def results(response) -> list:
    assert response.status_code == 200, response.content
    return response.json()["results"]


def slugs(response) -> list[str]:
    return [item["slug"] for item in results(response)]
