# ruff: noqa: E501  (article text is data; its lines are wrapped by hand)
"""Generate ``grouping_long.jsonl``: fictional events covered by several outlets at real lengths.

Every event, outlet, person and place here is invented. Each event has its own facts written
twice (formal and plain wording), per-outlet headlines and ledes, quotes, and background
paragraphs shared with the other events of its *family* (the vote and the signing of one
bill, the arrest, charge and hearing of one suspect, ...), so that same-topic, different-event
articles share a lot of vocabulary. Five house styles render the material: a wire agency, a
broadsheet, a local paper, a broadcaster's web copy and the English edition of a foreign paper
(translated, stilted wording). A few wire *flashes* are deliberately short.

    /work/main/.venv/bin/python tests/engine/data_connect/make_grouping_long.py

Deterministic (fixed seed): re-running rewrites the same file.
"""

from __future__ import annotations

import json
import random
import re
from datetime import datetime, timedelta
from pathlib import Path

OUT = Path(__file__).with_name("grouping_long.jsonl")
YEAR = 2025

WIRE = "Meridian Press Agency"
BROADSHEET = "The Carrowmere Ledger"
BROADCAST = "CBN Carrow Broadcasting"
TRANSLATED = "Nordhafen Tageblatt English Edition"

# Background paragraphs: (formal, plain). Shared by every event of a family.
FAMILY_BACKGROUND = {
    "housing": [
        (
            "Rents across Carrowmere have risen by 38 percent in five years, according to the "
            "state statistics office, while the number of households on social housing waiting "
            "lists has climbed to 61,000. Construction of new homes fell to its lowest level in a "
            "decade last year as borrowing costs rose and developers postponed projects.",
            "Renting in Carrowmere has got a lot more expensive: rents are up 38 percent in five "
            "years and some 61,000 households are stuck on waiting lists for a social home. "
            "Builders, squeezed by higher interest rates, started fewer homes last year than at "
            "any time in the past decade.",
        ),
        (
            "An earlier attempt to impose affordable-housing quotas collapsed in 2023 after "
            "lobbying by developers, who argued that mandatory quotas would make many schemes "
            "unviable and push construction across the state border. Tenant groups have "
            "campaigned since then for a binding requirement and a public fund to stabilise rents.",
            "A similar plan died in 2023 when developers warned that quotas would make building "
            "unprofitable. Tenants' groups never gave up, and have spent two years pushing for "
            "binding quotas and public money to keep rents in check.",
        ),
        (
            "Housing economists are divided on the likely effect of quotas. Some studies of "
            "comparable schemes found modest gains in affordable supply; others found that "
            "developers passed the cost on to buyers of market-rate homes or built smaller "
            "projects to stay below the threshold.",
            "Economists don't agree on whether quotas work. Some research points to more "
            "affordable flats; other studies suggest developers simply charge other buyers more, "
            "or keep schemes just small enough to dodge the rule.",
        ),
    ],
    "warehouse": [
        (
            "The fire at the Gannet Wharf warehouse in Dunmore broke out in the early hours of 2 "
            "October and burned for 14 hours. About 80 firefighters fought the blaze, and "
            "residents of nearby streets were evacuated overnight because of the thick smoke. The "
            "damage has been estimated at 12 million crowns.",
            "The blaze at Gannet Wharf started in the middle of the night on 2 October and took "
            "some 80 firefighters 14 hours to bring under control. Families living nearby had to "
            "leave their homes because of the smoke, and the bill for the damage has been put at "
            "12 million crowns.",
        ),
        (
            "The warehouse was leased by Pelham Logistics, which employed about 200 people at the "
            "site. The company has since moved most of its staff to a depot in Kessing, but union "
            "representatives have said dozens of temporary workers lost their jobs.",
            "Pelham Logistics, which rented the building, had around 200 people working there. "
            "Most have been moved to the firm's depot in Kessing, but the union says dozens of "
            "agency staff were simply let go.",
        ),
        (
            "Fire investigators said within days that the blaze had started in at least two "
            "separate places, and the case was handed to detectives. The Dunmore harbour area "
            "has seen a series of smaller fires at empty buildings over the past two years.",
            "Within days investigators found the fire had started in at least two spots, and "
            "detectives took over. The harbour area has had a run of smaller fires in empty "
            "buildings over the last two years.",
        ),
    ],
    "storm": [
        (
            "The Saltmarsh coast is among the most exposed stretches of the Carrowmere seaboard. "
            "Much of Brackwater lies below the high-tide line and is protected by a sea wall "
            "built in 1962, which engineers have repeatedly warned needs strengthening.",
            "The Saltmarsh coast takes the brunt of autumn storms. Large parts of Brackwater sit "
            "below high tide, shielded only by a sea wall from 1962 that engineers have said for "
            "years is not strong enough.",
        ),
        (
            "Last year Storm Bettany caused damage estimated at 250 million crowns along the same "
            "coast and left 30,000 homes without power for up to four days. A review afterwards "
            "criticised the grid operator, Coastline Power, for slow repairs.",
            "Last year Storm Bettany did about 250 million crowns of damage here and cut power to "
            "30,000 homes, some for four days. A review later blamed Coastline Power for being "
            "slow to fix the lines.",
        ),
        (
            "Climate scientists at the University of Port Ellery say warmer sea temperatures are "
            "making autumn storms in the region wetter and more intense, and that the storm "
            "season is starting earlier than it did two decades ago.",
            "Scientists at the University of Port Ellery say warmer seas are making the region's "
            "autumn storms wetter and fiercer, and that the season now starts earlier than it "
            "did twenty years ago.",
        ),
    ],
    "halvorsen": [
        (
            "Halvorsen Foods, founded in Port Ellery in 1921, makes biscuits, chocolate bars and "
            "chilled dairy desserts sold in 30 countries. It employs about 9,000 people, 3,500 of "
            "them in Carrowmere, and is one of the largest companies listed on the Port Ellery "
            "exchange.",
            "Halvorsen, which started as a Port Ellery bakery in 1921, now sells biscuits, "
            "chocolate and chilled desserts in 30 countries. About 9,000 people work for the "
            "group, 3,500 of them in Carrowmere.",
        ),
        (
            "The company has struggled with soaring cocoa and dairy prices over the past two "
            "years and has issued three profit warnings in 18 months. Its shares have lost about "
            "40 percent of their value since the start of last year.",
            "Soaring cocoa and milk prices have hit the firm hard: it has warned on profits three "
            "times in 18 months and its shares are down about 40 percent since the start of last "
            "year.",
        ),
        (
            "Activist investor Corvane Capital, which holds about 6 percent of Halvorsen, has "
            "pushed for a sale of the dairy business and changes to the board. Analysts have "
            "questioned whether the company can keep raising prices without losing shelf space "
            "to supermarket own brands.",
            "Corvane Capital, an activist fund with roughly 6 percent of the shares, wants the "
            "dairy arm sold and a shake-up of the board. Analysts doubt Halvorsen can keep "
            "putting prices up without losing shoppers to cheaper own-label products.",
        ),
    ],
    "rail": [
        (
            "Carrowmere's railways have been hit by a wave of industrial action since the summer, "
            "as unions seek pay rises to match inflation, which peaked at 9 percent last year. "
            "Train operators say they cannot afford large increases while passenger numbers "
            "remain below pre-pandemic levels.",
            "There has been one rail strike after another in Carrowmere since the summer, with "
            "unions demanding pay that keeps up with inflation, which hit 9 percent last year. "
            "The train companies say they can't afford big rises with fewer passengers than "
            "before the pandemic.",
        ),
        (
            "Transport Minister Oskar Lindqvist has urged both sides to return to talks and has "
            "ruled out direct government intervention in pay disputes at private operators, "
            "although the state subsidises regional services.",
            "Transport Minister Oskar Lindqvist keeps telling both sides to get back round the "
            "table, but says the government will not step into pay rows at private rail firms, "
            "even though it pays subsidies for regional lines.",
        ),
        (
            "Business groups estimate that each day of rail strikes costs the Carrowmere economy "
            "about 40 million crowns in lost output, with hospitality and retail in city centres "
            "hit hardest.",
            "Business groups reckon a day of rail strikes costs the economy around 40 million "
            "crowns, with city-centre shops, bars and restaurants suffering most.",
        ),
    ],
}

EVENTS = [
    {
        "id": "carrowmere-homes-act-vote",
        "family": "housing",
        "day": (10, 7),
        "city": "PORT ELLERY",
        "local": "Port Ellery Courier",
        "styles": ["wire", "broadsheet", "local", "broadcast", "translated"],
        "headlines": {
            "wire": "Carrowmere Assembly passes Affordable Homes Act, 52-41",
            "broadsheet": "Assembly backs housing quotas after marathon debate",
            "local": "Homes Act clears Assembly - what it means for Port Ellery renters",
            "broadcast": "Affordable Homes Act approved by lawmakers in late-night vote",
            "translated": "Parliament of Carrowmere adopts law on affordable dwellings",
        },
        "ledes": {
            "wire": "The Carrowmere Assembly on {wd} passed the Affordable Homes Act by 52 votes "
            "to 41, requiring developers to set aside a fifth of new homes in large projects as "
            "affordable housing.",
            "broadsheet": "After eleven hours of debate and a flurry of last-minute amendments, the "
            "Carrowmere Assembly voted 52-41 late on {wd} to approve the Affordable Homes Act, "
            "the most ambitious attempt in a generation to force developers to build cheaper "
            "homes.",
            "local": "Renters in Port Ellery could see thousands more affordable flats after "
            "state lawmakers voted through the Affordable Homes Act on {wd} night.",
            "broadcast": "Lawmakers have approved the Affordable Homes Act. The vote in the "
            "Carrowmere Assembly on {wd} night was 52 in favour and 41 against.",
            "translated": "The parliament of the state Carrowmere has on {wd} adopted with 52 "
            "against 41 votes the so-called Affordable Homes Act, which obliges construction "
            "firms to a quota of cheap dwellings.",
        },
        "details": [
            (
                "The law requires that 20 percent of homes in any development of more than 40 "
                "units be offered at below-market rents or prices.",
                "Any scheme with more than 40 homes will have to make one in five of them "
                "affordable.",
            ),
            (
                "It also creates a rent stabilisation fund of 310 million crowns to subsidise "
                "tenants in the private sector whose rent exceeds 40 percent of household income.",
                "There is also a 310 million crown pot to help private tenants who spend more than "
                "40 percent of their income on rent.",
            ),
            (
                "The bill was sponsored by Assemblywoman Delia Fenwright of the Labour Alliance and "
                "passed with the support of two independent members.",
                "Delia Fenwright, the Labour Alliance member who wrote the bill, got it over the "
                "line with the help of two independents.",
            ),
            (
                "Opposition leader Harlan Vosk of the Civic Union said the quotas would choke off "
                "construction and promised to repeal them if his party won next year's election.",
                "Harlan Vosk, who leads the Civic Union, says the quotas will kill off building "
                "and has vowed to scrap them if he wins power next year.",
            ),
            (
                "The bill now goes to Governor Miriam Ostrova, who has said she intends to sign it.",
                "Governor Miriam Ostrova is expected to sign it into law within days.",
            ),
        ],
        "quotes": [
            (
                "Delia Fenwright",
                "the bill's sponsor",
                "Tonight this Assembly chose the nurse and "
                "the bus driver over the spreadsheet. Nobody should have to give half their wages to "
                "a landlord.",
            ),
            (
                "Harlan Vosk",
                "the Civic Union leader",
                "This vote will be remembered as the night "
                "Carrowmere stopped building homes. Quotas sound generous and deliver nothing.",
            ),
            (
                "Nadia Quell",
                "a tenant organiser in Port Ellery",
                "We have been waiting two years "
                "for this. People in my building were sleeping on friends' sofas.",
            ),
        ],
    },
    {
        "id": "carrowmere-homes-act-signed",
        "family": "housing",
        "day": (10, 13),
        "city": "PORT ELLERY",
        "local": "Port Ellery Courier",
        "styles": ["wire", "broadsheet", "local", "translated"],
        "headlines": {
            "wire": "Carrowmere governor signs Affordable Homes Act into law",
            "broadsheet": "Ostrova signs housing quotas as builders threaten court fight",
            "local": "It's law: Governor signs Homes Act at Tallow Street site",
            "translated": "Governor Ostrova signs law on affordable dwellings, builders announce "
            "complaint",
        },
        "ledes": {
            "wire": "Carrowmere Governor Miriam Ostrova on {wd} signed the Affordable Homes Act "
            "into law and named a housing commissioner to run its 310 million crown rent fund.",
            "broadsheet": "Governor Miriam Ostrova put her signature to the Affordable Homes Act on "
            "{wd}, standing on a half-built housing site in Port Ellery, as the state's builders "
            "confirmed they would ask the courts to strike down its quotas.",
            "local": "Governor Miriam Ostrova came to the Tallow Street building site on {wd} "
            "morning to sign the Affordable Homes Act, surrounded by tenants, builders in hard "
            "hats and a brass band.",
            "translated": "Governor Miriam Ostrova has on {wd} signed the law on affordable "
            "dwellings adopted by the parliament last week, at a ceremony on a construction site.",
        },
        "details": [
            (
                "The law takes effect on 1 January, and applies to developments that receive "
                "planning permission after that date.",
                "The rules kick in on 1 January and cover any scheme approved from then on.",
            ),
            (
                "Ostrova appointed Bram Ketteridge, a former head of the Port Ellery Housing Trust, "
                "as the state's first housing commissioner, responsible for the rent stabilisation "
                "fund.",
                "She also named Bram Ketteridge, who used to run the Port Ellery Housing Trust, as "
                "housing commissioner in charge of the rent fund.",
            ),
            (
                "The Carrowmere Builders Federation said it would file a constitutional challenge "
                "within weeks, arguing the quotas amount to an unlawful expropriation.",
                "The Carrowmere Builders Federation says it will go to court within weeks, "
                "claiming the quotas are effectively a confiscation of property.",
            ),
            (
                "Federation chief executive Oona Pell said several members had already paused "
                "projects pending the legal challenge.",
                "Its boss, Oona Pell, said some builders had already put projects on hold.",
            ),
            (
                "The signing ceremony was held at the Tallow Street site, where 180 homes are under "
                "construction, 36 of them affordable.",
                "The Tallow Street site is building 180 homes, 36 of them affordable.",
            ),
        ],
        "quotes": [
            (
                "Miriam Ostrova",
                "the governor",
                "A home is not a luxury. From January, every large "
                "development in this state will help the people who keep it running.",
            ),
            (
                "Oona Pell",
                "chief executive of the Builders Federation",
                "We will see the state in court. This law takes private property by the back door.",
            ),
            (
                "Bram Ketteridge",
                "the new housing commissioner",
                "My first job is to get the rent "
                "fund paying out before winter, not in a year's time.",
            ),
        ],
    },
    {
        "id": "gannet-wharf-arrest",
        "family": "warehouse",
        "day": (10, 9),
        "city": "DUNMORE",
        "local": "Dunmore Evening Echo",
        "styles": ["wire", "local", "broadcast", "broadsheet"],
        "headlines": {
            "wire": "Man arrested over Gannet Wharf warehouse fire in Dunmore",
            "local": "Arrest made in Gannet Wharf blaze probe",
            "broadcast": "Police arrest 34-year-old man after Dunmore warehouse fire",
            "broadsheet": "Dunmore arson inquiry: man held as detectives examine CCTV",
        },
        "ledes": {
            "wire": "Police in Dunmore on {wd} arrested a 34-year-old man on suspicion of arson "
            "over the fire that destroyed the Gannet Wharf warehouse a week ago.",
            "local": "Detectives investigating the Gannet Wharf fire swooped on a house in Lisle "
            "Road early on {wd} and arrested a man.",
            "broadcast": "A 34-year-old man has been arrested in connection with last week's huge "
            "fire at the Gannet Wharf warehouse in Dunmore. Officers detained him at a home in "
            "the city on {wd}.",
            "broadsheet": "Detectives in Dunmore arrested a man on {wd} in connection with the fire "
            "that gutted the Gannet Wharf warehouse, a week after investigators concluded the "
            "blaze had been started deliberately.",
        },
        "details": [
            (
                "The man was detained at an address in Lisle Road at about 6 a.m. and taken to "
                "Dunmore Central police station for questioning.",
                "Officers knocked on the door in Lisle Road at around 6 a.m. and took the man to "
                "Dunmore Central for questioning.",
            ),
            (
                "Detective Superintendent Corwin Ashby said the arrest followed the examination of "
                "more than 300 hours of CCTV footage from the harbour area.",
                "Detective Superintendent Corwin Ashby said his team had trawled through more than "
                "300 hours of CCTV before making the arrest.",
            ),
            (
                "Forensic officers searched the property and removed a vehicle and several bags "
                "of items.",
                "Forensic teams spent the morning at the house and towed away a van.",
            ),
            (
                "Police have not named the suspect, who remains in custody and has not been "
                "charged.",
                "The man has not been named and has not been charged, police said.",
            ),
            (
                "Ashby appealed for anyone who was near Gannet Wharf between midnight and 3 a.m. "
                "on 2 October to come forward.",
                "Police still want to hear from anyone who was around Gannet Wharf in the early "
                "hours of 2 October.",
            ),
        ],
        "quotes": [
            (
                "Corwin Ashby",
                "Detective Superintendent",
                "This is a significant step, but our "
                "inquiry is far from over. Someone knows what happened that night.",
            ),
            (
                "Marta Selwyn",
                "who lives opposite the suspect's house",
                "There were police cars "
                "everywhere at six in the morning. You don't expect that on Lisle Road.",
            ),
            (
                "Gil Prentice",
                "a Pelham Logistics forklift driver",
                "People lost their jobs in that fire. We want answers.",
            ),
        ],
    },
    {
        "id": "gannet-wharf-charge",
        "family": "warehouse",
        "day": (10, 12),
        "city": "DUNMORE",
        "local": "Dunmore Evening Echo",
        "styles": ["wire", "local", "translated"],
        "headlines": {
            "wire": "Dunmore man charged with arson and insurance fraud over warehouse blaze",
            "local": "Pieter Calloway charged over Gannet Wharf fire",
            "translated": "After warehouse fire in Dunmore: 34-year-old accused of arson",
        },
        "ledes": {
            "wire": "Prosecutors on {wd} charged Pieter Calloway, 34, with arson with intent to "
            "endanger life and two counts of insurance fraud over the fire that destroyed the "
            "Gannet Wharf warehouse in Dunmore.",
            "local": "The man arrested over the Gannet Wharf fire has been named as Pieter "
            "Calloway, 34, of Lisle Road, after he was charged with arson on {wd}.",
            "translated": "The prosecution authority has on {wd} brought charges against the "
            "34-year-old Pieter Calloway for arson and fraud against insurers in the case of the "
            "burned warehouse at Gannet Wharf.",
        },
        "details": [
            (
                "The Regional Prosecution Service said it had authorised the charges after "
                "reviewing evidence gathered by Dunmore police.",
                "The Regional Prosecution Service gave police the go-ahead to charge him after "
                "looking at the evidence.",
            ),
            (
                "The fraud charges relate to two insurance claims worth a combined 3.4 million "
                "crowns made by a company of which Calloway is a director.",
                "The fraud counts are about two insurance claims totalling 3.4 million crowns, "
                "lodged by a firm Calloway is a director of.",
            ),
            (
                "Calloway was remanded in custody and will appear before Dunmore Magistrates' "
                "Court on Monday.",
                "He was kept in custody and is due before magistrates in Dunmore on Monday.",
            ),
            (
                "Prosecutor Hester Lomax said the case would be sent to the Crown Court because of "
                "the seriousness of the charges.",
                "Hester Lomax, for the prosecution, said the case was too serious for magistrates "
                "and would go to the Crown Court.",
            ),
        ],
        "quotes": [
            (
                "Hester Lomax",
                "of the Regional Prosecution Service",
                "We are satisfied there is "
                "sufficient evidence and that a prosecution is in the public interest.",
            ),
            (
                "Corwin Ashby",
                "Detective Superintendent",
                "I want to thank the community for the "
                "information they have given us since the fire.",
            ),
        ],
    },
    {
        "id": "gannet-wharf-court",
        "family": "warehouse",
        "day": (10, 21),
        "city": "DUNMORE",
        "local": "Dunmore Evening Echo",
        "styles": ["wire", "local", "broadsheet", "broadcast"],
        "headlines": {
            "wire": "Gannet Wharf arson accused pleads not guilty, denied bail",
            "local": "Calloway denies starting Gannet Wharf fire - trial set for March",
            "broadsheet": "Warehouse fire accused denies arson as judge refuses bail",
            "broadcast": "Man accused of Dunmore warehouse arson pleads not guilty",
        },
        "ledes": {
            "wire": "Pieter Calloway pleaded not guilty at Dunmore Crown Court on {wd} to arson "
            "and insurance fraud over the Gannet Wharf warehouse fire, and a judge refused him "
            "bail.",
            "local": "Pieter Calloway stood in the dock at Dunmore Crown Court on {wd} and denied "
            "starting the fire that wrecked Gannet Wharf.",
            "broadsheet": "The man accused of burning down the Gannet Wharf warehouse told a judge "
            "on {wd} that he was not guilty, in a short hearing that set the stage for a trial "
            "next spring.",
            "broadcast": "The man charged over the Gannet Wharf fire has denied all charges. Pieter "
            "Calloway appeared at Dunmore Crown Court on {wd}.",
        },
        "details": [
            (
                "Judge Amara Wendt refused an application for bail, citing the risk that Calloway "
                "would interfere with witnesses.",
                "Judge Amara Wendt turned down his bail request, saying he might try to contact "
                "witnesses.",
            ),
            (
                "A trial was provisionally scheduled for 9 March and is expected to last three "
                "weeks.",
                "His trial is pencilled in for 9 March and should last about three weeks.",
            ),
            (
                "Defence barrister Osric Penhallow told the court his client would contest the "
                "forensic evidence and the timeline put forward by the prosecution.",
                "His barrister, Osric Penhallow, said the defence would challenge the forensic "
                "evidence and the police timeline.",
            ),
            (
                "Calloway, wearing a grey suit, spoke only to confirm his name and to enter pleas "
                "of not guilty to each of the three counts.",
                "Dressed in a grey suit, he only spoke to give his name and say 'not guilty' three "
                "times.",
            ),
        ],
        "quotes": [
            (
                "Amara Wendt",
                "the judge",
                "Given the nature of the allegations and the evidence "
                "about contact with potential witnesses, bail is refused.",
            ),
            (
                "Osric Penhallow",
                "for the defence",
                "My client maintains his innocence and looks "
                "forward to clearing his name before a jury.",
            ),
            (
                "Rosalind Carrick",
                "whose family was evacuated on the night of the fire",
                "We just want the truth to come out at the trial.",
            ),
        ],
    },
    {
        "id": "storm-irelle-landfall",
        "family": "storm",
        "day": (10, 18),
        "city": "BRACKWATER",
        "local": "Saltmarsh Gazette",
        "styles": ["wire", "broadsheet", "local", "broadcast", "translated"],
        "headlines": {
            "wire": "Storm Irelle slams into Saltmarsh coast, two dead",
            "broadsheet": "Irelle's fury: two killed as storm batters Carrowmere coast",
            "local": "Brackwater evacuated as Irelle brings 140km/h winds",
            "broadcast": "Live updates: Storm Irelle makes landfall, 48,000 homes without power",
            "translated": "Storm Irelle reaches coast of Carrowmere: two dead, tens of thousands "
            "without electricity",
        },
        "ledes": {
            "wire": "Storm Irelle made landfall near Saltmarsh Bay on {wd} with gusts of up to 140 "
            "km/h, killing two people and cutting power to 48,000 homes.",
            "broadsheet": "Two people were killed and tens of thousands of homes plunged into "
            "darkness when Storm Irelle came ashore on the Saltmarsh coast on {wd}, the most "
            "violent storm to hit Carrowmere in a decade.",
            "local": "More than 3,500 Brackwater residents spent {wd} night in emergency shelters "
            "as Storm Irelle tore along the Saltmarsh coast.",
            "broadcast": "Storm Irelle has made landfall. Winds of 140 km/h hit Saltmarsh Bay on "
            "{wd} afternoon, and two people have died.",
            "translated": "The storm Irelle has on {wd} reached the coast of Carrowmere near "
            "Saltmarsh Bay with wind speeds of up to 140 kilometres per hour; two persons lost "
            "their lives.",
        },
        "details": [
            (
                "A man in his seventies was killed when a tree fell on his car near Holloway "
                "Cross, and a woman died after being swept off a promenade in Brackwater.",
                "A man in his seventies died when a tree crushed his car near Holloway Cross, and "
                "a woman was swept off the seafront in Brackwater.",
            ),
            (
                "Coastline Power said 48,000 homes had lost electricity at the peak of the storm.",
                "At the height of the storm 48,000 homes had no electricity, Coastline Power said.",
            ),
            (
                "About 3,500 people were evacuated from low-lying parts of Brackwater as the storm "
                "surge pushed water over the sea wall.",
                "Some 3,500 people had to leave the lowest streets of Brackwater when waves came "
                "over the sea wall.",
            ),
            (
                "The coastguard rescued eleven people from a stranded ferry outside Saltmarsh Bay.",
                "Eleven people were lifted off a stuck ferry by the coastguard.",
            ),
            (
                "The weather service kept its red warning in force until midnight and said the "
                "storm would weaken as it moved inland.",
                "A red warning stayed in place until midnight, with the storm expected to lose "
                "strength over land.",
            ),
        ],
        "quotes": [
            (
                "Elspeth Marrow",
                "Brackwater's mayor",
                "The sea came over the wall in minutes. "
                "Please, stay indoors and stay away from the seafront.",
            ),
            (
                "Tobias Grennan",
                "a coastguard commander",
                "The crew of the ferry did everything "
                "right. The conditions out there were extreme.",
            ),
            (
                "Hanne Solberg",
                "who fled her flat on Quay Street",
                "The water was at the front "
                "door when we left. I grabbed the cat and the passports.",
            ),
        ],
    },
    {
        "id": "storm-irelle-cleanup",
        "family": "storm",
        "day": (10, 25),
        "city": "BRACKWATER",
        "local": "Saltmarsh Gazette",
        "styles": ["wire", "broadsheet", "local", "broadcast"],
        "headlines": {
            "wire": "Carrowmere announces 95 mln crown fund as Irelle clean-up continues",
            "broadsheet": "A week after Irelle, Brackwater counts the cost",
            "local": "Soldiers and volunteers clear Brackwater mud, a week on",
            "broadcast": "Storm Irelle: thousands still without power one week later",
        },
        "ledes": {
            "wire": "The Carrowmere government on {wd} announced a 95 million crown recovery fund "
            "for the Saltmarsh coast, a week after Storm Irelle, as 4,200 homes remained without "
            "power.",
            "broadsheet": "Seven days after Storm Irelle tore through the Saltmarsh coast, the mud "
            "has dried on Brackwater's streets, but the bill, and the arguments over who should "
            "pay it, are only beginning.",
            "local": "Soldiers, volunteers and council crews spent {wd} shovelling mud and "
            "hauling ruined furniture out of homes in Brackwater, a week after the storm.",
            "broadcast": "One week after Storm Irelle, 4,200 homes on the Saltmarsh coast are still "
            "without electricity, and the government has promised 95 million crowns to help.",
        },
        "details": [
            (
                "About 400 soldiers have been deployed to help clear debris and shore up a "
                "damaged section of the Brackwater sea wall.",
                "Some 400 soldiers are helping to clear debris and patch up the broken stretch of "
                "sea wall.",
            ),
            (
                "Insurers estimate total losses from the storm at around 400 million crowns, "
                "making it the costliest storm on the coast since records began.",
                "Insurers think the storm will cost them about 400 million crowns, the most ever "
                "on this coast.",
            ),
            (
                "Coastline Power said the remaining 4,200 homes would be reconnected by the end of "
                "next week, drawing criticism from local officials.",
                "Coastline Power says the last 4,200 homes should be back on by the end of next "
                "week, which local leaders say is far too slow.",
            ),
            (
                "Households will be able to claim up to 5,000 crowns in emergency grants from the "
                "fund, Finance Minister Lorcan Abbot said.",
                "Families can claim up to 5,000 crowns each in emergency grants, Finance Minister "
                "Lorcan Abbot said.",
            ),
            (
                "Schools in Brackwater reopened on {wd}, except for two that remain closed for "
                "repairs.",
                "Most Brackwater schools are open again, but two are still shut for repairs.",
            ),
        ],
        "quotes": [
            (
                "Lorcan Abbot",
                "the finance minister",
                "Nobody on this coast should have to choose "
                "between repairing their home and paying their bills this winter.",
            ),
            (
                "Elspeth Marrow",
                "Brackwater's mayor",
                "A week without power is not acceptable in a "
                "modern country. Coastline Power has failed us again.",
            ),
            (
                "Fenna Drost",
                "a volunteer from Kessing",
                "We came with shovels and a van. Everyone here has lost something.",
            ),
        ],
    },
    {
        "id": "halvorsen-q3-results",
        "family": "halvorsen",
        "day": (10, 22),
        "city": "PORT ELLERY",
        "local": "Port Ellery Courier",
        "styles": ["wire", "broadsheet", "broadcast", "translated"],
        "headlines": {
            "wire": "Halvorsen Foods Q3 operating profit falls 27%, cuts outlook",
            "broadsheet": "Halvorsen's bitter quarter: cocoa costs wipe a quarter off profit",
            "broadcast": "Halvorsen shares slump after profit warning",
            "translated": "Food group Halvorsen lowers forecast after weak third quarter",
        },
        "ledes": {
            "wire": "Halvorsen Foods said on {wd} its third-quarter operating profit fell 27 "
            "percent to 184 million crowns and cut its full-year forecast, sending its shares "
            "down 11 percent.",
            "broadsheet": "Halvorsen Foods, the biscuit and dessert maker, reported a 27 percent "
            "slump in quarterly profit on {wd} and lowered its forecast for the year, as the "
            "soaring price of cocoa ate into margins.",
            "broadcast": "Shares in Halvorsen Foods dropped 11 percent on {wd} after the company "
            "said profits had fallen sharply in the third quarter.",
            "translated": "The food concern Halvorsen has on {wd} presented figures for the third "
            "quarter: the operating result sank by 27 percent to 184 million crowns.",
        },
        "details": [
            (
                "Revenue in the three months to September rose 2 percent to 2.1 billion crowns, "
                "helped by price increases, but volumes fell 5 percent.",
                "Sales edged up 2 percent to 2.1 billion crowns thanks to higher prices, but "
                "Halvorsen sold 5 percent less.",
            ),
            (
                "The company now expects full-year operating profit of 700 to 740 million crowns, "
                "down from a previous forecast of 820 million.",
                "It now expects to make 700 to 740 million crowns this year, down from 820 "
                "million.",
            ),
            (
                "Chief executive Annika Brevold blamed cocoa prices, which have more than doubled, "
                "and higher dairy costs in the chilled desserts division.",
                "Boss Annika Brevold pointed to cocoa prices, which have more than doubled, and "
                "dearer milk for its desserts.",
            ),
            (
                "The company said it would cut 350 jobs in administration and close a biscuit line "
                "at its Kessing plant.",
                "About 350 office jobs will go and a biscuit line in Kessing will close.",
            ),
        ],
        "quotes": [
            (
                "Annika Brevold",
                "the chief executive",
                "This was a difficult quarter. We are "
                "taking decisive action on costs while protecting our brands.",
            ),
            (
                "Priya Halloran",
                "an analyst at Westgate Securities",
                "The guidance cut was bigger "
                "than expected, and investors are losing patience with management.",
            ),
        ],
    },
    {
        "id": "halvorsen-ceo-resigns",
        "family": "halvorsen",
        "day": (10, 29),
        "city": "PORT ELLERY",
        "local": "Port Ellery Courier",
        "styles": ["flash", "broadsheet", "local", "translated"],
        "headlines": {
            "flash": "Halvorsen Foods CEO Brevold resigns",
            "broadsheet": "Brevold quits Halvorsen as investor pressure mounts",
            "local": "Halvorsen boss steps down a week after profit slump",
            "translated": "Halvorsen chief Brevold withdraws, finance chief takes over",
        },
        "ledes": {
            "flash": "Halvorsen Foods said on {wd} that chief executive Annika Brevold had resigned "
            "with immediate effect. Finance chief Dagny Rusk will serve as interim CEO. Shares "
            "rose 4 percent.",
            "broadsheet": "Annika Brevold resigned as chief executive of Halvorsen Foods on {wd}, "
            "a week after a profit warning that left the biscuit maker's shares at a six-year "
            "low and emboldened its most vocal investor.",
            "local": "Annika Brevold, the chief executive of Port Ellery's biggest food company, "
            "has quit, the firm announced on {wd}.",
            "translated": "The chief of the food concern Halvorsen, Annika Brevold, has on {wd} "
            "declared her resignation with immediate effect.",
        },
        "details": [
            (
                "Chief financial officer Dagny Rusk will lead the company on an interim basis while "
                "the board searches for a permanent successor.",
                "Finance director Dagny Rusk takes over for now while the board looks for a "
                "replacement.",
            ),
            (
                "Chairman Lucan Tesseray thanked Brevold for five years of service and said the "
                "board had accepted her decision.",
                "Chairman Lucan Tesseray thanked her for her five years in the job.",
            ),
            (
                "Halvorsen's shares rose 4 percent on the news, recovering some of the ground lost "
                "after last week's results.",
                "The share price went up 4 percent after the announcement.",
            ),
            (
                "Corvane Capital, which had called for Brevold's departure in a letter to the "
                "board on Monday, welcomed the change.",
                "Corvane Capital, which wrote to the board on Monday demanding she go, said it was "
                "pleased.",
            ),
        ],
        "quotes": [
            (
                "Annika Brevold",
                "in a statement",
                "It has been a privilege to lead Halvorsen. The "
                "company now needs a fresh start, and I believe stepping aside is right.",
            ),
            (
                "Lucan Tesseray",
                "the chairman",
                "Annika steered the company through an extremely "
                "difficult period. We respect her decision.",
            ),
            (
                "Mads Corvane",
                "founder of Corvane Capital",
                "This is a necessary first step. The "
                "board must now look hard at the dairy business.",
            ),
        ],
    },
    {
        "id": "northline-drivers-strike",
        "family": "rail",
        "day": (11, 3),
        "city": "PORT ELLERY",
        "local": "Port Ellery Courier",
        "styles": ["wire", "broadsheet", "local", "broadcast"],
        "headlines": {
            "wire": "Northline Rail drivers stage 24-hour strike over pay",
            "broadsheet": "Northline strike strands commuters as drivers walk out",
            "local": "No trains from Port Ellery Central as Northline drivers strike",
            "broadcast": "Northline strike: what you need to know",
        },
        "ledes": {
            "wire": "Train drivers at Northline Rail walked out for 24 hours on {wd}, cancelling "
            "about 90 percent of services in a dispute over pay.",
            "broadsheet": "Hundreds of thousands of commuters were left searching for buses and "
            "lifts on {wd} as Northline Rail's drivers staged their first strike in a decade, "
            "rejecting a 3.5 percent pay offer.",
            "local": "Port Ellery Central was eerily quiet on {wd} morning as Northline drivers "
            "went on strike, with only a handful of trains running.",
            "broadcast": "Train drivers at Northline Rail are on strike for 24 hours from {wd}. "
            "Nine in ten Northline trains are cancelled.",
        },
        "details": [
            (
                "The Associated Locomotive Crews union is seeking a 6 percent rise; Northline has "
                "offered 3.5 percent over one year.",
                "The ALC union wants 6 percent. Northline is offering 3.5 percent.",
            ),
            (
                "About 1,100 drivers took part in the walkout, the union said.",
                "Around 1,100 drivers joined the strike, according to the union.",
            ),
            (
                "Northline, which runs commuter and intercity services from Port Ellery to the "
                "north of the state, ran a skeleton timetable on two main lines.",
                "Northline kept a handful of trains going on two main lines out of Port Ellery.",
            ),
            (
                "The union said further strike dates would be announced if no improved offer was "
                "made within two weeks.",
                "More strikes will follow if there is no better offer in two weeks, the union "
                "warned.",
            ),
        ],
        "quotes": [
            (
                "Rhodri Vance",
                "general secretary of the Associated Locomotive Crews",
                "Our members "
                "have taken a real-terms pay cut three years running. Enough is enough.",
            ),
            (
                "Celia Broughton",
                "Northline's managing director",
                "We have made a fair offer "
                "within what we can afford. I apologise to every passenger affected today.",
            ),
            (
                "Ibrahim Stott",
                "a commuter at Port Ellery Central",
                "I've paid for a season ticket and I'm getting a bus that takes two hours.",
            ),
        ],
    },
    {
        "id": "westmoor-signal-strike",
        "family": "rail",
        "day": (11, 7),
        "city": "WESTMOOR",
        "local": "Westmoor Herald",
        "styles": ["wire", "local", "broadcast", "translated"],
        "headlines": {
            "wire": "Westmoor Rail signal workers begin 48-hour strike over safety staffing",
            "local": "Signal staff walk out: Westmoor lines shut for two days",
            "broadcast": "Westmoor Rail signallers strike: routes, dates and refunds",
            "translated": "Signal personnel of Westmoor Rail strikes for 48 hours",
        },
        "ledes": {
            "wire": "Signal and maintenance workers at Westmoor Rail began a 48-hour strike on "
            "{wd} in a dispute over overnight safety staffing, closing most lines in the west of "
            "the state.",
            "local": "Hardly a train moved across Westmoor on {wd} as signallers walked out for two "
            "days in a row over plans to cut night-shift safety teams.",
            "broadcast": "Signal workers at Westmoor Rail are striking for 48 hours from {wd}. "
            "Most routes in the west are closed and passengers can claim refunds.",
            "translated": "The signal and maintenance personnel of the railway company Westmoor "
            "Rail has on {wd} begun a strike of 48 hours because of plans for fewer safety "
            "employees at night.",
        },
        "details": [
            (
                "The Rail Signal and Maintenance Union says Westmoor Rail plans to reduce overnight "
                "track inspection teams from four people to two.",
                "The RSMU union says Westmoor wants to cut night inspection crews from four people "
                "to two.",
            ),
            (
                "About 600 signallers and track workers are taking part, the union said.",
                "Some 600 signallers and track staff are out, according to the union.",
            ),
            (
                "Westmoor Rail said the changes used new remote monitoring equipment and would not "
                "reduce safety.",
                "The company insists new remote sensors mean safety will not suffer.",
            ),
            (
                "Replacement buses are running between Westmoor and Kessing, but the company has "
                "advised passengers not to travel.",
                "There are a few replacement buses between Westmoor and Kessing, but people are "
                "told to stay at home if they can.",
            ),
        ],
        "quotes": [
            (
                "Ines Kaldor",
                "general secretary of the Rail Signal and Maintenance Union",
                "This is "
                "not about money. Two people alone on a dark track is how accidents happen.",
            ),
            (
                "Viktor Ambrose",
                "Westmoor Rail's operations director",
                "The new equipment sees "
                "faults our crews could never spot by torchlight. Safety comes first.",
            ),
        ],
    },
    {
        "id": "port-ellery-mayor-byelection",
        "family": "",
        "day": (10, 12),
        "city": "PORT ELLERY",
        "local": "Port Ellery Courier",
        "styles": ["wire", "local", "broadsheet", "broadcast"],
        "background": [
            "The by-election was called after the previous mayor, Aldous Fairweather, resigned "
            "in August for health reasons after nine years in office. Port Ellery, with 420,000 "
            "residents, is the largest city in Carrowmere.",
            "The campaign was dominated by public transport, the cost of housing and a dispute "
            "over the redevelopment of the old ferry terminal, which the city council approved "
            "last year despite protests.",
            "The mayor of Port Ellery controls a budget of about 2.8 billion crowns and appoints "
            "the boards of the city's bus company and its housing trust, making the post one of "
            "the most powerful in Carrowmere outside the state government.",
        ],
        "headlines": {
            "wire": "Okonkwo-Reyes wins Port Ellery mayoral by-election",
            "local": "Tamsin Okonkwo-Reyes is Port Ellery's new mayor",
            "broadsheet": "Green upstart takes Port Ellery town hall on low turnout",
            "broadcast": "Port Ellery elects Tamsin Okonkwo-Reyes as mayor",
        },
        "ledes": {
            "wire": "Tamsin Okonkwo-Reyes of the Green Coalition won the Port Ellery mayoral "
            "by-election on {wd} with 47 percent of the vote, defeating Gideon Marr of the Civic "
            "Union.",
            "local": "Port Ellery has a new mayor. Tamsin Okonkwo-Reyes, a former bus driver and "
            "councillor for Harbourside, won {wd}'s by-election comfortably.",
            "broadsheet": "Tamsin Okonkwo-Reyes, a 39-year-old councillor little known outside "
            "her own ward six months ago, was elected mayor of Port Ellery on {wd}, inflicting a "
            "heavy defeat on the Civic Union.",
            "broadcast": "Tamsin Okonkwo-Reyes will be the next mayor of Port Ellery after winning "
            "{wd}'s by-election.",
        },
        "details": [
            (
                "Okonkwo-Reyes took 47 percent of first-preference votes against 33 percent for "
                "Marr, and was elected after the second count.",
                "She got 47 percent of first choices to Marr's 33 percent and won after the "
                "second count.",
            ),
            (
                "Turnout was 31 percent, down from 44 percent at the last regular election.",
                "Only 31 percent of voters turned out, compared with 44 percent last time.",
            ),
            (
                "She campaigned on free buses for under-18s and a halt to the sale of the old "
                "ferry terminal site.",
                "Her promises included free buses for under-18s and stopping the sale of the old "
                "ferry terminal.",
            ),
            (
                "The result will be formally certified by the city electoral board on Wednesday.",
                "The city's electoral board will confirm the result on Wednesday.",
            ),
        ],
        "quotes": [
            (
                "Tamsin Okonkwo-Reyes",
                "the mayor-elect",
                "This city voted for buses that run on "
                "time and homes people can afford. Tomorrow we start work.",
            ),
            (
                "Gideon Marr",
                "the Civic Union candidate",
                "I congratulate her. The turnout tells "
                "us that many people feel no party speaks for them.",
            ),
        ],
    },
    {
        "id": "halden-bridge-closed",
        "family": "",
        "day": (10, 14),
        "city": "KESSING",
        "local": "Kessing Valley Times",
        "styles": ["flash", "local", "broadcast", "broadsheet"],
        "background": [
            "The Halden Bridge, a steel truss crossing over the River Tarn built in 1958, carries "
            "about 22,000 vehicles a day and is the main road link between Kessing and the "
            "motorway.",
            "A report by the state audit office last year found that a third of Carrowmere's "
            "road bridges were in poor condition and that the maintenance backlog had reached "
            "1.3 billion crowns.",
            "Kessing's council has been arguing with the state transport department for years "
            "over who should pay for the upkeep of river crossings inside the city boundary, "
            "and a planned replacement crossing was shelved in 2021 because of its cost.",
        ],
        "headlines": {
            "flash": "Kessing's Halden Bridge shut after cracks found",
            "local": "Halden Bridge closed 'indefinitely' - diversions in place",
            "broadcast": "Halden Bridge closure: what drivers need to know",
            "broadsheet": "Cracked Halden Bridge closure exposes Carrowmere's crumbling roads",
        },
        "ledes": {
            "flash": "Kessing city council closed the Halden Bridge to all traffic on {wd} after "
            "inspectors found cracks in its steel supports.",
            "local": "The Halden Bridge has been shut to all traffic after engineers discovered "
            "cracks in two of its main steel girders during a routine inspection on {wd}.",
            "broadcast": "The Halden Bridge in Kessing is closed until further notice. Inspectors "
            "found cracks in the structure on {wd}, and drivers face long diversions.",
            "broadsheet": "The sudden closure on {wd} of the Halden Bridge, a 67-year-old steel "
            "crossing that carries 22,000 vehicles a day, has thrown Kessing into traffic chaos "
            "and reignited a debate about the state of Carrowmere's infrastructure.",
        },
        "details": [
            (
                "City engineer Fergus Oldacre said the cracks were found in two main girders and "
                "that the bridge could not safely carry any load until repairs were made.",
                "City engineer Fergus Oldacre said two of the main girders were cracked and the "
                "bridge could not take any traffic until it is fixed.",
            ),
            (
                "Traffic is being diverted via the Marlow Street crossing, adding up to 40 minutes "
                "to journeys at peak times.",
                "Drivers are being sent over the Marlow Street crossing, which can add 40 minutes "
                "at rush hour.",
            ),
            (
                "Pedestrians and cyclists are also barred from the bridge, and a free shuttle bus "
                "will run between the two banks.",
                "Walkers and cyclists can't use it either; a free shuttle bus will run instead.",
            ),
            (
                "The council said it was too early to estimate the cost or duration of repairs.",
                "Nobody yet knows how long the repairs will take or how much they will cost, the "
                "council said.",
            ),
        ],
        "quotes": [
            (
                "Fergus Oldacre",
                "the city engineer",
                "I will not take risks with people's lives. "
                "The bridge stays closed until we are certain it is safe.",
            ),
            (
                "Brenna Thorne",
                "who runs a bakery beside the bridge",
                "Half my customers come over that bridge. I don't know how long we can last.",
            ),
        ],
    },
    {
        "id": "st-brannocs-ransomware",
        "family": "",
        "day": (10, 16),
        "city": "WESTMOOR",
        "local": "Westmoor Herald",
        "styles": ["wire", "local", "broadcast", "translated", "broadsheet"],
        "background": [
            "St Brannoc's is the largest hospital in western Carrowmere, with 900 beds and an "
            "emergency department that treats about 200 patients a day.",
            "Hospitals in several countries have been targeted by ransomware gangs in the past "
            "two years. The Carrowmere health ministry ordered all hospitals to review their "
            "cyber defences after an attack on a clinic in Port Ellery last spring.",
            "Security researchers say health services are attractive targets because they cannot "
            "afford long outages and often run old software on medical equipment that is hard to "
            "update without interrupting care.",
        ],
        "headlines": {
            "wire": "Cyberattack hits Westmoor hospital, ambulances diverted",
            "local": "St Brannoc's hit by ransomware - operations cancelled",
            "broadcast": "Hospital cyberattack: patients told to stay away unless emergency",
            "translated": "Hacker attack paralyses hospital in Westmoor",
            "broadsheet": "Ransomware attack leaves St Brannoc's running on pen and paper",
        },
        "ledes": {
            "wire": "A ransomware attack on {wd} crippled computer systems at St Brannoc's "
            "Hospital in Westmoor, forcing it to divert ambulances and postpone planned "
            "operations.",
            "local": "Doctors at St Brannoc's were back to pen and paper on {wd} after hackers "
            "locked the hospital's computers and demanded a ransom.",
            "broadcast": "St Brannoc's Hospital in Westmoor has been hit by a cyberattack. "
            "Ambulances are being sent to other hospitals and patients are asked to come only in "
            "an emergency.",
            "translated": "Unknown hackers have on {wd} attacked the information systems of the "
            "hospital St Brannoc in Westmoor with blackmail software; ambulances are redirected.",
            "broadsheet": "For the doctors and nurses of St Brannoc's Hospital, {wd} began with "
            "blank screens and a ransom note, and ended with ambulances turned away and hundreds "
            "of operations cancelled.",
        },
        "details": [
            (
                "The hospital said it had cancelled 240 planned operations and outpatient "
                "appointments and was diverting ambulances to Kessing General.",
                "Some 240 operations and appointments were called off and ambulances are going to "
                "Kessing General instead.",
            ),
            (
                "Chief executive Dr Orla Fenning said there was no evidence so far that patient "
                "data had been stolen.",
                "Hospital boss Dr Orla Fenning said there was no sign yet that patient records "
                "had been taken.",
            ),
            (
                "The National Cyber Security Office said it was working with the hospital and "
                "police to identify the attackers.",
                "The national cyber agency and police are trying to find out who was behind it.",
            ),
            (
                "Staff are recording patient information on paper and test results are being "
                "delivered by hand.",
                "Nurses are writing everything down on paper, and lab results are carried round "
                "by hand.",
            ),
        ],
        "quotes": [
            (
                "Orla Fenning",
                "the hospital's chief executive",
                "Patient safety is our only "
                "priority. We will not pay criminals, and we will restore our systems safely.",
            ),
            (
                "Kasimir Dunne",
                "a nurse on the emergency ward",
                "It's like working in 1985. Everything takes three times as long.",
            ),
        ],
    },
    {
        "id": "carrowmere-cup-final",
        "family": "",
        "day": (10, 25),
        "city": "PORT ELLERY",
        "local": "Port Ellery Courier",
        "styles": ["wire", "local", "broadcast", "broadsheet"],
        "background": [
            "The Carrowmere Cup is the state's oldest football competition, first played in "
            "1889. Port Ellery Athletic last won it in 2011, while Dunmore Rovers had reached the "
            "final for the first time in 30 years.",
            "Both clubs had endured difficult league seasons, with Athletic sitting mid-table and "
            "Rovers fighting relegation, which made the cup run a welcome distraction for their "
            "supporters and a valuable source of income for both clubs.",
            "The final was played in front of a sell-out crowd of 38,000 at Lantern Park, the "
            "first time the stadium had hosted the final since its renovation.",
        ],
        "headlines": {
            "wire": "Port Ellery Athletic beat Dunmore Rovers 3-1 to win Carrowmere Cup",
            "local": "CUP KINGS! Elsby hat-trick ends 14-year wait",
            "broadcast": "Carrowmere Cup final: Athletic 3-1 Rovers",
            "broadsheet": "Elsby's hat-trick sinks brave Rovers in Lantern Park final",
        },
        "ledes": {
            "wire": "Jonah Elsby scored a hat-trick as Port Ellery Athletic beat Dunmore Rovers 3-1 "
            "in the Carrowmere Cup final at Lantern Park on {wd}.",
            "local": "Fourteen years of hurt are over. Jonah Elsby's hat-trick gave Athletic a 3-1 "
            "win over Dunmore Rovers and the Carrowmere Cup on {wd}.",
            "broadcast": "Port Ellery Athletic are Carrowmere Cup champions after a 3-1 win over "
            "Dunmore Rovers. Jonah Elsby scored all three Athletic goals.",
            "broadsheet": "Dunmore Rovers came to Lantern Park on {wd} as romantic outsiders and "
            "left with their reputations enhanced, but it was Jonah Elsby, with a hat-trick of "
            "rare quality, who took the Carrowmere Cup home to Port Ellery.",
        },
        "details": [
            (
                "Rovers led through a header by captain Dario Kell after 12 minutes before Elsby "
                "equalised from the penalty spot just before half-time.",
                "Dario Kell's early header put Rovers ahead, but Elsby levelled with a penalty "
                "before the break.",
            ),
            (
                "Elsby put Athletic ahead with a curling shot in the 61st minute and completed his "
                "hat-trick on the counter-attack in stoppage time.",
                "He curled in the second on 61 minutes and ran clear to make it three in stoppage "
                "time.",
            ),
            (
                "Rovers goalkeeper Anton Vey was sent off in the 78th minute for handling outside "
                "the area.",
                "Rovers keeper Anton Vey saw red in the 78th minute for handball outside his box.",
            ),
        ],
        "quotes": [
            (
                "Jonah Elsby",
                "Athletic's striker",
                "I dreamed about this as a kid in the stands. "
                "Three goals in a final, I still can't believe it.",
            ),
            (
                "Wendell Haig",
                "the Rovers manager",
                "I'm proud of my players. The red card killed us, but we gave them a real game.",
            ),
        ],
    },
    {
        "id": "ferrin-hills-wildfire",
        "family": "",
        "day": (11, 5),
        "city": "FERRIN",
        "local": "Ferrin Hills Chronicle",
        "styles": ["wire", "local", "broadcast", "translated"],
        "background": [
            "The Ferrin Hills, a forested upland east of Kessing, have had almost no rain since "
            "August. Fire services had raised the fire danger rating to its highest level the "
            "previous week.",
            "Wildfires in autumn were once rare in Carrowmere, but the fire service has recorded "
            "more late-season fires in each of the past five years.",
            "The hills are popular with walkers and mountain bikers, and the regional forestry "
            "agency has closed all trails and car parks in the area until further notice. "
            "Smoke from the fire could be seen from Kessing, 30 kilometres away.",
        ],
        "headlines": {
            "wire": "Wildfire forces 2,000 to evacuate in Carrowmere's Ferrin Hills",
            "local": "Fire on the hills: Ferrin villages emptied as flames spread",
            "broadcast": "Ferrin Hills wildfire: evacuation orders for five villages",
            "translated": "Forest fire in Ferrin Hills: 2,000 inhabitants brought to safety",
        },
        "ledes": {
            "wire": "A wildfire fanned by strong winds forced about 2,000 people to evacuate five "
            "villages in the Ferrin Hills on {wd}, after burning 1,800 hectares of forest.",
            "local": "Families in Upper Ferrin, Calder Green and three other villages packed their "
            "cars and fled on {wd} as a wildfire raced across the hills towards their homes.",
            "broadcast": "Evacuation orders are in place for five villages in the Ferrin Hills, "
            "where a wildfire has burned 1,800 hectares.",
            "translated": "A forest fire in the Ferrin Hills has on {wd} forced about 2,000 "
            "inhabitants of five villages to leave their houses; 1,800 hectares are burned.",
        },
        "details": [
            (
                "More than 250 firefighters and four water-bombing aircraft are fighting the "
                "blaze, which started near a logging track on Tuesday evening.",
                "Over 250 firefighters and four water-bombing planes are battling the fire, which "
                "began by a logging track on Tuesday evening.",
            ),
            (
                "Three houses and several barns have been destroyed, but no injuries have been "
                "reported.",
                "Three homes and some barns have burned down, but nobody has been hurt.",
            ),
            (
                "Evacuees are being housed in a sports hall in Kessing and a school in Calder "
                "Green.",
                "People who left are staying in a Kessing sports hall and a school in Calder "
                "Green.",
            ),
            (
                "Fire chief Annelise Strand said the cause was under investigation and did not "
                "rule out arson.",
                "Fire chief Annelise Strand said it was too early to say how it started, and "
                "arson could not be ruled out.",
            ),
        ],
        "quotes": [
            (
                "Annelise Strand",
                "the regional fire chief",
                "The wind is our enemy tonight. If you are told to leave, leave immediately.",
            ),
            (
                "Hollis Varga",
                "a farmer from Upper Ferrin",
                "I saw the glow over the ridge and knew we had maybe an hour.",
            ),
        ],
    },
]

# House styles ---------------------------------------------------------------------------------

WIRE_EDITORS = ["Lena Marsh", "Ottilie Brand", "Samir Keel", "Jorun Aske", "Ned Halloway"]

BROADSHEET_CODA = [
    "For now, the questions outnumber the answers. Officials have promised a fuller account in "
    "the coming weeks, and opposition members have already demanded that the matter be "
    "debated in the Assembly. Whatever the outcome, the episode is likely to be remembered as "
    "a test of how Carrowmere's institutions respond under pressure.",
    "It is, in many ways, a familiar Carrowmere story: warnings given, warnings ignored, and a "
    "scramble when the moment finally arrives. Whether this time is different will depend on "
    "decisions taken well after the headlines have faded.",
]

LOCAL_CODA = [
    "Have you been affected? Get in touch with our newsroom by email or message us on social "
    "media. We want to hear your stories.",
    "We will be following this closely. Pick up tomorrow's paper for full reaction from across "
    "the area, and read our live coverage on our website.",
]

BROADCAST_CODA = [
    "Stay with CBN for the latest. You can watch our bulletins on CBN One at 6pm and 10pm, and "
    "get alerts on the CBN News app.",
    "This is a developing story and will be updated. Follow CBN News on the app for live updates.",
]

# Topic-agnostic paragraphs that real pages carry around the story (analysis boilerplate,
# service notes, reader appeals): they dilute every article's vocabulary the same way.
BROADSHEET_ANALYSIS = [
    "Behind the immediate drama lies a longer argument about money and responsibility. Public "
    "finances in Carrowmere are tighter than at any point since the last recession, and every "
    "new commitment competes with hospitals, schools and roads for a shrinking pot.",
    "Political observers note that the timing is awkward for the governing coalition, which "
    "faces an election next year with its poll ratings at their lowest level since it took "
    "office. Opposition parties have been quick to seize on any sign of disorder.",
    "Those who have followed such episodes closely caution against drawing firm conclusions "
    "too early. First accounts are often incomplete, and the full picture tends to emerge only "
    "after weeks of inquiries, hearings and documents released under freedom of information.",
    "Interviews with more than a dozen people involved, most of whom asked not to be named "
    "because they were not authorised to speak publicly, suggest that concerns had been raised "
    "internally months earlier but were not acted upon.",
]

LOCAL_EXTRA = [
    "The news was the talk of the high street on Thursday, with shopkeepers and regulars at the "
    "market cafe swapping stories and rumours. Several residents said they felt the area had "
    "been overlooked by decision-makers for years.",
    "Local councillors from all parties have called for a public meeting so residents can put "
    "their questions directly to those responsible. A date has not yet been set, but the town "
    "hall has offered to host it.",
    "Community groups, churches and the local food bank have offered help to anyone who needs "
    "it, and a collection has been started at the library on Church Lane.",
]

BROADCAST_NEXT = [
    "What happens next? Officials say they will give another update tomorrow morning. We will "
    "bring you the latest as soon as we have it, and our correspondents are on the ground.",
    "Why does this matter? It affects thousands of people across the region, and the decisions "
    "taken in the coming days could shape what happens for months. Our correspondent explains "
    "the background in a short video on the app.",
]

TRANSLATED_COMMENT = [
    "Observers in Carrowmere see in the events a sign of deeper problems in the state, whose "
    "economy has developed weaker than that of its neighbours in recent years. Our newspaper "
    "reports regularly from the region, which has close trading links with Nordhafen.",
    "For readers in Nordhafen the case is of interest, since numerous enterprises from our "
    "region are active in Carrowmere and several thousand of our fellow citizens live there. "
    "The consulate in Port Ellery has given no travel warning.",
]

TRANSLATION = [
    (r"\bsaid\b", "declared"),
    (r"\bpeople\b", "persons"),
    (r"\bannounced\b", "made known"),
    (r"\bgovernment\b", "state government"),
    (r"\bpolice\b", "police authorities"),
    (r"\bon Monday\b", "on Monday"),
    (r"\bcompany\b", "enterprise"),
    (r"\bhomes\b", "households"),
]


def translate(text: str) -> str:
    for pattern, repl in TRANSLATION:
        text = re.sub(pattern, repl, text)
    return text


def quote_line(quote, style: str) -> str:
    name, role, text = quote
    if style == "wire":
        return f'"{text}" {name}, {role}, said.'
    if style == "broadsheet":
        return f'"{text}" said {name}, {role}.'
    if style == "local":
        return f'{name}, {role}, told us: "{text}"'
    if style == "broadcast":
        return f'{name}, {role}, told CBN: "{text}"'
    return f'"{text}", declared {name} ({role}) opposite our newspaper.'


def render(event: dict, style: str, rng: random.Random, when: datetime) -> tuple[str, str, str]:
    wd = datetime(YEAR, *event["day"]).strftime("%A")
    fill = lambda s: s.replace("{wd}", wd)  # noqa: E731
    background = FAMILY_BACKGROUND.get(event["family"]) or [
        (p, p) for p in event.get("background", [])
    ]
    details = event["details"]
    quotes = event["quotes"]
    headline = event["headlines"][style]
    lede = fill(event["ledes"][style])
    paras: list[str] = []
    if style == "flash":
        outlet = WIRE
        paras = [f"{event['city']}, {when:%b} {when.day} (MPA) - {lede}", "More to follow."]
    elif style == "wire":
        outlet = WIRE
        paras.append(f"{event['city']}, {when:%b} {when.day} (MPA) - {lede}")
        paras += [fill(f) for f, _ in details[:4]]
        paras += [quote_line(q, style) for q in quotes[:2]]
        paras += [f for f, _ in background]
        eds = rng.sample(WIRE_EDITORS, 2)
        paras.append(f"(Reporting by {eds[0]}; Editing by {eds[1]})")
    elif style == "broadsheet":
        outlet = BROADSHEET
        paras.append(lede)
        order = list(details)
        paras += [fill(f) for f, _ in order[:2]]
        paras += [quote_line(quotes[0], style)]
        paras += [f for f, _ in background]
        paras += [fill(f) for f, _ in order[2:]]
        paras += [quote_line(q, style) for q in quotes[1:]]
        paras += rng.sample(BROADSHEET_ANALYSIS, 2)
        paras.append(rng.choice(BROADSHEET_CODA))
    elif style == "local":
        outlet = event["local"]
        paras.append(lede)
        paras += [fill(p) for _, p in details]
        paras += [quote_line(q, style) for q in quotes]
        paras += [p for _, p in background]
        paras += rng.sample(LOCAL_EXTRA, 2)
        paras.append(rng.choice(LOCAL_CODA))
    elif style == "broadcast":
        outlet = BROADCAST
        paras.append(lede)
        paras.append("Here's what we know so far.")
        paras += [fill(p) for _, p in details]
        paras += [quote_line(q, style) for q in quotes[:2]]
        paras += [p for _, p in background]
        paras.append(rng.choice(BROADCAST_NEXT))
        paras.append(rng.choice(BROADCAST_CODA))
    else:  # translated
        outlet = TRANSLATED
        paras.append(lede)
        paras += [translate(fill(f)) for f, _ in details]
        paras += [quote_line(q, style) for q in quotes[:2]]
        paras += [translate(f) for f, _ in background]
        paras.append(rng.choice(TRANSLATED_COMMENT))
        paras.append("(Translated from the German by the editorial team.)")
    return outlet, headline, "\n\n".join(paras)


def build() -> list[dict]:
    rng = random.Random(20251007)
    rows = []
    for event in EVENTS:
        start = datetime(YEAR, *event["day"], 9, 0)
        for style in event["styles"]:
            # Same event: published within about 36 hours of the event's day.
            when = start + timedelta(minutes=rng.randrange(0, 36 * 60, 5))
            outlet, headline, body = render(event, style, rng, when)
            rows.append(
                {
                    "event": event["id"],
                    "family": event["family"] or event["id"],
                    "style": style,
                    "outlet": outlet,
                    "published_at": when.isoformat(timespec="minutes"),
                    "headline": headline,
                    "body": body,
                }
            )
    rows.sort(key=lambda r: r["published_at"])
    # Some feeds carry no date: drop it from about one article in seven (never a whole event).
    for n, row in enumerate(rows):
        row["id"] = f"long-{n:03d}"
        if rng.random() < 0.15:
            row["published_at"] = None
    return [{"id": r.pop("id"), **r} for r in rows]


def main() -> None:
    rows = build()
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    lengths = sorted(len(r["body"].split()) for r in rows)
    print(f"{len(rows)} articles, {len({r['event'] for r in rows})} events, words {lengths}")


if __name__ == "__main__":
    main()
