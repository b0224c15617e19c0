"""Write ``given_names.tsv`` and ``surnames_in_s.txt`` from the US Census Bureau's 1990 name
lists.

The lists (``dist.female.first``, ``dist.male.first``, ``dist.all.last``: name, share of
people in percent, cumulative share, rank) are public-domain US government data, distributed
among others in the MIT-licensed ``names`` package on PyPI (0.3.0). Usage, from the folder
holding the three lists:

    python articles/engine/data/make_given_names.py LISTS_FOLDER

``surnames_in_s.txt``: surnames ending in a single "s" borne by at least 0.002% of people
("Williams", "Adams"), so that a given name before a plural ("Warner Brothers", "Dallas
Texans") is not read as a person.

Kept: names borne by at least 0.002% of people, longer than two letters, that are not already
in the engine's own list (``lexicon.FIRST_NAMES``), not an ordinary English word by the
background document frequencies, not a title, role, place, month, weekday or organisation
word, not a US state or a saint's place prefix ("Carolina", "Santa") and not a weekday's
abbreviation ("Thu"). Gender: m or f when one sex bears the name at least ten times as often
as the other, u otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from articles.engine import lexicon as lx  # noqa: E402
from articles.engine.entities import common_word  # noqa: E402

MIN_SHARE = 0.002
PLACES = frozenset(
    """santa san sierra carolina georgia virginia dakota montana nevada florida indiana
    louisiana alabama arizona kansas tennessee washington vermont""".split()
)
DAYS = frozenset("mon tue tues wed thu thur thurs fri sat sun".split())


def read(path: Path) -> dict[str, float]:
    shares = {}
    for line in Path(path).read_text(encoding="ascii").splitlines():
        name, share, _cumulative, _rank = line.split()
        shares[name.lower()] = float(share)
    return shares


def main(folder: str) -> None:
    lists = Path(folder)
    here = Path(__file__).resolve().parent
    female, male = read(lists / "dist.female.first"), read(lists / "dist.male.first")
    last = read(lists / "dist.all.last")
    skip = (
        set(lx.TITLES)
        | set(lx.ROLE_NOUNS)
        | set(lx.PLACE_WORDS)
        | set(lx.MONTHS)
        | set(lx.WEEKDAYS)
        | set(lx.ORG_WORDS)
        | set(lx.STOP_CAPS)
        | PLACES
        | DAYS
        | lx.FIRST_NAMES
    )
    rows = []
    for name in sorted(set(female) | set(male)):
        f, m = female.get(name, 0.0), male.get(name, 0.0)
        if max(f, m) < MIN_SHARE or len(name) <= 2 or name in skip or common_word(name):
            continue
        gender = "f" if f >= 10 * m else "m" if m >= 10 * f else "u"
        rows.append(f"{name}\t{gender}\n")
    (here / "given_names.tsv").write_text("".join(rows), encoding="utf-8")
    in_s = sorted(
        n
        for n, share in last.items()
        if share >= MIN_SHARE and n.endswith("s") and not n.endswith("ss") and n != "brothers"
    )
    (here / "surnames_in_s.txt").write_text("".join(f"{n}\n" for n in in_s), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
