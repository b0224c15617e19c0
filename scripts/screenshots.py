"""Screenshots of every kind of public page at 1366 and 390 px, for review by eye.

Usage:
    python scripts/screenshots.py [--base http://127.0.0.1:8000]
        [--out artifacts/screenshots/public]

Run it against a running site (``make run`` serves the demo story). It opens the index pages
(home, archive, topics, people, outlets, corrections, search) and the first story, follows the
first link of each kind it finds there (a story, an article, a topic, a person, an outlet, a
storyline) and saves a
full-page PNG of each at both widths, named by page and width. Headless Chromium from Debian's
``chromium`` package, driven by Playwright.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from urllib.parse import urljoin, urlsplit

CHROMIUM = "/usr/bin/chromium"
WIDTHS = (1366, 390)
INDEXES = ["/", "/stories/", "/topics/", "/people/", "/outlets/", "/corrections/", "/search/"]
KINDS = {
    "story": r"^/stories/[\w-]+/$",
    "article": r"^/articles/\d+/$",
    "topic": r"^/topics/[\w-]+/$",
    "person": r"^/people/[\w-]+/$",
    "outlet": r"^/outlets/[\w-]+/$",
    "storyline": r"^/storylines/[\w-]+/$",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--out", default="artifacts/screenshots/public")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print("skipped: Debian's chromium is not installed (apt-get install chromium)")
        return 0
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pages: dict[str, str] = {
        f"index{p.strip('/').replace('/', '-') or '-home'}": p for p in INDEXES
    }
    pages["search-results"] = "/search/?q=the"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": WIDTHS[0], "height": 900})
        visit = list(INDEXES)
        while visit:
            path = visit.pop(0)
            page.goto(urljoin(args.base, path))
            links = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
            for href in links:
                local = urlsplit(href).path
                for kind, pattern in KINDS.items():
                    if kind not in pages and re.match(pattern, local):
                        pages[kind] = local
                        if kind in ("story", "storyline"):
                            visit.append(local)  # its articles, topics, storyline
        for name, path in pages.items():
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": 900})
                response = page.goto(urljoin(args.base, path))
                target = out / f"{name}-{width}.png"
                page.screenshot(path=str(target), full_page=True)
                print(f"{response.status if response else '---'} {path} -> {target}")
        browser.close()
    missing = sorted(set(KINDS) - set(pages))
    if missing:
        print(f"no page of these kinds was linked from the indexes: {', '.join(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
