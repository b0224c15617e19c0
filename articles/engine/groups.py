"""People a text names only as a group: "the crowd chanted", "some protesters shouted",
"hundreds of pro-Fenwick demonstrators marched, chanting". A careful reader gives such a
quote to the group as the text calls it (protesters, the crowd, Roe supporters), never to
the person the sentence is about ("As Roe spoke, the attendees chanted" is not Roe's), and
never to a person of that name.

Only groups of the public, whose members nobody speaks for: "officials said", "aides say",
"sources told" are anonymous people, or people speaking for a body, and are left to the
rules for those.
"""

from __future__ import annotations

import re

from articles.engine import lexicon as lx

# Plural nouns written with a capital wherever they stand: kept as written ("Democrats").
_PROPER_PLURALS = frozenset(
    """democrats republicans independents conservatives liberals progressives""".split()
)

# Plural nouns for members of the public gathered or counted together, and nouns for a
# gathering. (Not officials, sources, aides, experts, lawyers, staff, members: anonymous
# people or a body's people, whom other rules read.)
GROUP_HEADS = (
    frozenset(
        """protesters protestors demonstrators counter-protesters counterprotesters marchers
    supporters opponents critics detractors fans voters delegates activists campaigners
    students residents locals villagers neighbours neighbors parents onlookers bystanders
    spectators attendees attendants participants mourners worshippers parishioners
    passengers commuters shoppers customers workers strikers picketers hecklers chanters
    rallygoers rally-goers concertgoers concert-goers moviegoers viewers listeners
    crowd crowds audience audiences throng throngs mob mobs""".split()
    )
    | _PROPER_PLURALS
)

# Words before the group's own words that only count or point at its members.
_COUNTING = frozenset(
    """the some many several most other others a an about around roughly nearly almost
    more than over under up to of hundreds thousands dozens scores tens millions
    dozen hundred thousand group groups crowd crowds number handful couple few percent
    half third quarter majority minority share average least at each every all
    one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty
    forty fifty sixty seventy eighty ninety""".split()
)

# Words opening a sentence ahead of its subject.
_OPENING = frozenset(
    """later then meanwhile earlier still again soon now afterwards afterward and but so yet
    outside inside nearby there here instead""".split()
)

# Words for how a group looks or sounds, not who it is.
_MOOD = frozenset(
    """angry furious frustrated excited enthusiastic jubilant cheering jeering chanting
    raucous boisterous rowdy noisy loud large small big huge massive sizable sizeable
    gathered assembled assorted""".split()
)

# Words that end the group's description: what follows says where or when, not who.
_TAIL = re.compile(r"\s+(?:who|which|that|at|in|on|outside|inside|near|from|gathered|waiting)\b.*$")

# A possessive ("Roe's supporters", "Obama's questioners") or a pronoun owner ("his
# supporters", "their fans") ties the group to someone; left to the rules for people.
_OWNED = re.compile(r"[’']s?\b|\b(?:his|her|their|its|our|my|your)\b", re.IGNORECASE)


def unnamed_group(mention: str) -> str | None:
    """The group ``mention`` names, as a careful reader would write it ("about 200
    protesters" -> "protesters", "The crowd" -> "crowd", "Hundreds of pro-Roe
    demonstrators" -> "pro-Roe demonstrators", "Roe supporters" -> "Roe supporters"), or
    None when it names no group of the public."""
    words = mention.replace(",", " ").split()
    if GROUP_HEADS.isdisjoint(w.lower().rstrip(".") for w in words):
        return None  # (most mentions: no such noun at all)
    m = _TAIL.sub("", " ".join(words).rstrip("."))
    if _OWNED.search(m):
        return None
    words = m.split()
    if not words or words[-1].lower() not in GROUP_HEADS:
        return None
    k = 0
    while k < len(words) - 1 and (words[k].lower() in _OPENING or words[k].endswith("ly")):
        k += 1  # "Later the crowd chanted", "Outside, protesters shouted"
    while k < len(words) - 1 and (
        words[k].lower() in _COUNTING or words[k].replace(",", "").isdigit()
    ):
        k += 1
    own = words[k:]
    if len(own) > 3:
        own = own[-1:]  # "a crowd of angry local residents": too much description for a name
    while len(own) > 1 and own[0].lower() in _MOOD:
        # "the angry protesters": protesters; what tells who they are stays ("registered
        # voters", "pro-Roe demonstrators", "Roe supporters").
        own = own[1:]
    if len(own) > 1 and any(w.lower() in lx.ORG_WORDS for w in own[:-1]):
        return None  # "Union members", "the company's workers": the body's people
    first = own[0]
    if len(own) == 1 and first[:1].isupper() and first.lower() not in _PROPER_PLURALS:
        first = first.lower()  # "Protesters chanted": capitalised only to open the sentence
    return " ".join([first, *own[1:]])
