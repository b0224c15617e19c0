"""Word lists the readers share. Small, generic and English-first; extend with care."""

from __future__ import annotations

from pathlib import Path

# Reporting verbs, past and present. Longer forms first so the regex prefers them.
CUE_VERBS = tuple(
    """said says say told tells wrote writes added adds noted notes explained explains argued
    argues insisted insists warned warns remarked remarks stated states tweeted tweets posted
    posts asked asks replied replies responded responds answered answers continued continues
    concluded concludes declared declares announced announces acknowledged acknowledges admitted
    admits conceded concedes claimed claims contended contends maintained maintains emphasized
    emphasised emphasizes emphasises stressed stresses observed observes commented comments
    recalled recalls remembered remembers predicted predicts promised promises pledged pledges
    vowed vows urged urges repeated repeats
    cautioned cautions suggested suggests complained complains lamented laments boasted boasts
    quipped quips joked jokes shouted shouts yelled yells whispered whispers cried cries
    exclaimed exclaims recounted recounts reported reports confirmed confirms countered counters
    retorted retorts mused muses testified testifies texted texts messaged wondered wonders
    agreed agrees protested protests demanded demands assured assures reiterated reiterates
    elaborated elaborates objected objects began begins told wrote began pleaded pleads
    conceded added sighed sighs snapped snaps laughed laughs groaned
    disclosed discloses revealed reveals affirmed affirms asserted asserts alleged alleges
    denied denies described describes called calls estimated estimates denounced denounces
    read reads barked barks fumed fumes interjected interjects scoffed scoffs thundered
    thunders opined opines crowed crows griped gripes gushed gushes chided chides sneered
    sneers mocked mocks hinted hints demurred demurs retaliated retaliates rebutted rebuts
    apologized apologised apologizes apologises reacted reacts questioned echoed echoes
    boomed booms sang sings chanted chants pressed presses beamed beams charged
    bragged brags emailed proclaimed proclaims notified notifies surmised reasoned ventured
    dismissed dismisses branded brands labelled labeled labels derided derides hailed hails
    referred refers
    sagte erklärte betonte dijo afirmó declaró explicó""".split()
) + (
    "a déclaré",
    "a dit",
    "a affirmé",
    "a expliqué",
    "a ajouté",
    "a répondu",
)
# Participles that report speech inside a larger sentence ("..., adding that ...").
CUE_PARTICIPLES = tuple(
    """adding saying noting explaining arguing insisting warning stressing writing telling
    calling asking shouting yelling declaring tweeting interjecting replying responding
    answering quipping joking remarking stating recalling exclaiming""".split()
)
CUE_MULTI = ("pointed out", "went on", "according to", "wrote on", "posted on")
# The passive report news agencies use: "..., the governor was quoted as saying".
CUE_PASSIVE = tuple(
    f"{aux} quoted as saying" for aux in ("was", "were", "is", "are", "been", "being")
) + tuple(
    # A recording or a witness: "..., Quill is heard saying on the tape".
    f"{aux} heard saying"
    for aux in ("is", "was", "are", "were", "can be", "could be", "may be", "be")
)
# Where the statement was made: appended to the cue ("said in a statement").
CUE_MEDIUM = (
    "statement",
    "news release",
    "press release",
    "email",
    "e-mail",
    "e -mail",
    "letter",
    "interview",
    "post",
    "memo",
    "message",
    "video",
    "tweet",
    "speech",
    "briefing",
    "news conference",
    "press conference",
)

PRONOUNS_MALE = frozenset({"he", "him", "his"})
PRONOUNS_FEMALE = frozenset({"she", "her", "hers"})
SUBJECT_PRONOUNS = frozenset({"he", "she", "they", "i", "we", "it"})

TITLES_MALE = frozenset({"mr", "mr.", "sir", "lord", "king", "prince", "father", "brother"})
TITLES_FEMALE = frozenset(
    {"ms", "ms.", "mrs", "mrs.", "miss", "dame", "lady", "queen", "princess", "sister", "mme"}
)
# Capitalised words that introduce a name and become (part of) the person's role.
TITLES = frozenset(
    """mr mr. mrs mrs. ms ms. miss dr dr. prof prof. professor sir dame lord lady king queen
    prince princess pope rev rev. reverend father sister bishop president vice mayor
    councillor councilor councilman councilwoman councilmember alderman alderwoman assemblyman
    assemblywoman assemblymember senator sen sen. representative rep
    rep. congressman congresswoman governor gov gov. minister secretary chancellor premier
    prime chief inspector detective det det. sergeant sgt sgt. officer constable superintendent
    supt judge justice general gen gen. colonel col col. captain capt capt. commander lieutenant
    lt lt. admiral ambassador commissioner director chairman chairwoman chair coach deputy
    acting interim former sheriff attorney dean principal headteacher klinikchef speaker
    leader whip host anchor moderator atty atty. dist dist. asst asst. dep dep. insp insp.
    cmdr cmdr. maj maj. cpl cpl. pvt pvt. adm adm. amb amb. fr fr. msgr msgr. supt. const
    const. pc secretary-general attorney-general director-general governor-general
    lieutenant-governor""".split()
)
# Letters after a name that are honours or offices, not part of it ("Philippa Arkwright KC").
POST_NOMINALS = frozenset({"KC", "QC", "MP", "MEP", "MSP", "OBE", "MBE", "CBE", "DBE", "KBE"})
# Capitals that name a role, not an organisation ("the MP said").
ROLE_ACRONYMS = frozenset(
    {"MP", "MPs", "MEP", "MSP", "CEO", "CFO", "COO", "CTO", "CIO", "CMO", "GP", "PM", "DJ", "MC"}
    | {"VP"}
)
# Capitals that name no organisation: time zones, places' codes, common abbreviations.
NOT_ORG_ACRONYMS = frozenset(
    """EST EDT CST CDT MST MDT PST PDT GMT BST UTC CET CEST AEST US USA UK UAE DC NYC SF
    AL AK AZ AR CA CO CT DE FL GA HI IA KS KY LA MD MA MN MS MO MT NE NV NH NJ NM NY NC ND OH
    PA RI SC SD TN TX UT VT VA WA WV WI WY TV DNA HIV AIDS GDP GNP VAT CPI LGBT LGBTQ WWI WWII
    AM ID IQ OK DVD CD RV VR MBA FAQ PDF URL USD SUV ATM IPO""".split()
)
# Lower-case role nouns that may sit just before a name ("station commander Ruth Ibsen").
ROLE_NOUNS = frozenset(
    """commander owner lawyer advocate chief director representative minister leader tenant manager
    officer spokesman spokeswoman spokesperson secretary head executive chairman chairwoman
    chair president editor teacher nurse doctor economist analyst official resident student
    worker driver founder architect engineer inspector detective captain coach player
    striker goalkeeper singer actor actress author writer researcher scientist professor
    campaigner activist organiser organizer councillor mayor governor senator treasurer
    planner member adviser advisor consultant developer farmer landlord correspondent
    reporter journalist judge prosecutor attorney barrister solicitor negotiator boss
    ceo chef pastor priest rabbi imam principal vicar agent commissioner executive neighbour
    neighbor pensioner midwife novelist poet artist historian strategist pollster delegate
    commentator columnist host anchor moderator producer candidate nominee surveyor auditor
    comptroller controller clerk assessor coroner marshal warden ranger registrar
    administrator curator librarian critic reviewer fiddler drummer guitarist bassist pianist
    violinist cellist vocalist saxophonist trumpeter dancer photographer filmmaker designer
    physician surgeon dentist pharmacist therapist psychologist psychiatrist epidemiologist
    biologist ecologist geologist physicist chemist astronomer sociologist archaeologist
    mathematician statistician programmer entrepreneur investor banker broker accountant
    shopkeeper grocer bartender nanny caregiver tutor lecturer headteacher headmaster
    headmistress homeowner commuter motorist lobbyist blogger podcaster presenter comedian
    playwright screenwriter composer sculptor archivist translator meteorologist forecaster
    electrician plumber referee umpire midfielder winger quarterback cleric preacher""".split()
)
# Words that name an office, capitalised as a title or written as a role ("Deputy", "chief",
# "engineer"), without a title's full stop.
OFFICE_WORDS = frozenset(t.rstrip(".") for t in TITLES) | ROLE_NOUNS
# People named by a plural noun, not by name ("Protesters chanted", "Officials said").
PLURAL_PEOPLE = frozenset(
    """protesters demonstrators supporters critics officials residents voters delegates
    activists students workers fans crowds parents teachers neighbours neighbors marchers
    witnesses opponents organisers organizers campaigners members staff aides observers
    analysts experts economists lawmakers legislators senators democrats republicans
    conservatives liberals progressives independents evangelicals latinos latinas hispanics
    americans europeans africans asians canadians mexicans britons christians muslims jews
    catholics protestants immigrants refugees veterans millennials prosecutors investigators
    detectives officers authorities lawyers attorneys doctors nurses scientists researchers
    sources insiders diplomats negotiators firefighters rescuers survivors victims families
    relatives friends colleagues employees executives shareholders investors associates allies
    partners peers admirers backers donors coworkers co-workers classmates teammates locals
    onlookers bystanders passengers commuters shoppers customers patients inmates troops
    soldiers citizens leaders owners managers coaches players spectators tourists visitors
    guests viewers listeners readers pundits commentators skeptics sceptics advocates
    defenders lobbyists mourners villagers farmers parishioners""".split()
)
# Words marking a capitalised run as an organisation.
ORG_WORDS = frozenset(
    """department ministry council authority agency office bureau service services police
    company corporation corp corp. inc inc. ltd ltd. llc plc group holdings bank university
    college school academy primary secondary elementary hospital trust union association
    federation committee
    commission court parliament congress senate house party times news post herald gazette
    courier ledger journal tribune daily press reuters radio tv television network
    institute foundation society club fund board administration army navy force forces guard
    energy airlines airways airline rail railway railways transit chamber church museum
    library enforcement investigations operations organization organisation
    cooperative co-operative partners industries systems technologies labs media broadcasting
    assembly cabinet government directorate command unit brigade regiment secretariat
    commons lords tribunal exchange institution charity alliance coalition movement
    league federation chronicle broadcaster broadcasters wire motors motor biotech pharma
    pharmaceuticals logistics retail hydro utilities insurance securities capital partnership
    ventures computer computers electronics software pac initiative caucus convention survey
    rovers athletic wanderers albion rangers fc hotspur airport industry workers
    steelworkers autoworkers teamsters brotherhood amalgamated employees machinists guild
    power electric international
    forum conference festival foods networks entertainment telecom telecoms communications
    brands studios pictures petroleum chemicals research solutions consulting associates
    analytics insights strategies advisors advisers""".split()
)
# Words marking a capitalised run as a place.
PLACE_WORDS = frozenset(
    """street road lane avenue square park bridge city town county river hall centre center
    station island islands bay valley hill heights estate way drive boulevard close crescent
    gardens court mountain mountains lake sea ocean coast state province region district
    borough village airport harbour harbor port beach dam reservoir pier canal tunnel highway
    motorway freeway peninsula forest desert glacier volcano canyon creek falls tower towers
    plaza building stadium arena republic kingdom emirates""".split()
)
PLACES = frozenset(
    """new york|los angeles|san francisco|hong kong|new zealand|united states|united kingdom|
    saudi arabia|south africa|north korea|south korea|new delhi|new jersey|new mexico|
    washington dc|buenos aires|rio de janeiro|sri lanka|costa rica|puerto rico|el salvador|
    las vegas|san diego|st louis|new orleans|north carolina|south carolina|north dakota|
    south dakota|west virginia|rhode island|great britain|northern ireland|tel aviv|
    abu dhabi|kuala lumpur|cape town|mexico city|white house|capitol hill|wall street|
    silicon valley|middle east|latin america|south america|north america|east asia""".replace(
        "\n", ""
    ).split("|")
)
# Countries and territories by their one-word English names: "Valmora said" may be a
# person, "Egypt said" is a state. Those that are also given names ("Jordan", "Chad") are
# left out.
COUNTRIES = frozenset(
    """europe asia africa america americas oceania antarctica
    afghanistan albania algeria andorra angola argentina armenia australia austria
    azerbaijan bahamas bahrain bangladesh barbados belarus belgium belize benin bhutan
    bolivia bosnia botswana brazil brunei bulgaria burundi cambodia cameroon canada chile
    china colombia comoros congo croatia cuba cyprus czechia denmark djibouti dominica
    ecuador egypt eritrea estonia eswatini ethiopia fiji finland france gabon gambia gaza
    georgia germany ghana greece grenada guatemala guinea guyana haiti honduras hungary
    iceland india indonesia iran iraq ireland israel italy jamaica japan kazakhstan kenya
    kiribati kosovo kuwait kyrgyzstan laos latvia lebanon lesotho liberia libya
    liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali malta
    mauritania mauritius mexico micronesia moldova monaco mongolia montenegro morocco
    mozambique myanmar namibia nauru nepal netherlands nicaragua niger nigeria norway oman
    pakistan palau palestine panama paraguay peru philippines poland portugal qatar romania
    russia rwanda samoa senegal serbia seychelles singapore slovakia slovenia somalia spain
    sudan suriname sweden switzerland syria taiwan tajikistan tanzania thailand togo tonga
    tunisia turkey turkmenistan tuvalu uganda ukraine uruguay uzbekistan vanuatu venezuela
    vietnam yemen zambia zimbabwe britain england scotland wales""".split()
)
# Words for no one in particular: never a name, never a speaker ("Nobody laughed.").
NO_ONE = frozenset(
    "nobody everyone everybody someone somebody anyone anybody none nothing no-one".split()
)
# Capitalised words that start sentences or clauses but never start a name.
STOP_CAPS = (
    frozenset(
        """the a an in on at but and or it he she they we i this that these those his her their
    its our my your after before when while since last next shortly however speaking asked
    according one two three four five six seven eight nine ten several some many most
    more few all both each every no not yes so if as for from with by to of until unless
    although though because then there here where what who why how which whose meanwhile
    also still yet now today yesterday tomorrow tonight earlier later monday tuesday
    wednesday thursday friday saturday sunday january february march april may june july
    august september october november december spring summer autumn winter fall instead
    despite during among between under over about above across against along around
    asked critics residents officials police opposition former senior internal several
    other another such only even just again already once twice first second third
    without within beyond behind below beside besides unlike toward towards upon into onto
    through throughout except amid amongst like maybe perhaps minutes hours days weeks months
    years moments seconds others outside inside nearby elsewhere afterwards afterward overseas
    abroad downstairs upstairs outdoors indoors onstage offstage backstage
    le la les die der das des el los las il un une ein eine
    is are was were does did do has have had should could would""".split()
    )
    | NO_ONE
)
NAME_PARTICLES = frozenset(
    {
        "de",
        "van",
        "von",
        "der",
        "da",
        "del",
        "di",
        "du",
        "la",
        "le",
        "al",
        "bin",
        "ibn",
        "el",
        "dos",
        "das",
        "y",
        "ter",
        "ten",
        "den",
        "della",
        "dei",
        "degli",
    }
)
ORG_CONNECTORS = frozenset({"of", "for", "and", "the", "on", "&", "de"})

# Heads of noun phrases that name an organisation speaker ("the ministry said").
ORG_HEADS = frozenset(
    """department ministry agency council authority company firm government police service
    office bureau union board club school university hospital court commission committee
    party group organisation organization administration statement announcement report
    release spokesman spokeswoman spokesperson spokespeople representative website
    embassy army navy coastguard military prosecutors regulator operator airline insurer bank
    newspaper
    paper network charity trust campaign team family editorial tabloid magazine""".split()
)
SPOKES_HEADS = frozenset(
    {
        "spokesman",
        "spokeswoman",
        "spokesperson",
        "spokespeople",
        "representative",
        "statement",
        "announcement",
        "release",
        "website",
        "official",
        "officials",
    }
)
# How a speaker put it, in a lead-in with no reporting verb: "The ministry was blunt: “...”".
LEAD_IN_MANNER = tuple(
    """blunt blunter clear clearer direct emphatic unequivocal conclusive succinct defiant adamant
    firm brief candid frank explicit categorical plain terse upbeat optimistic pessimistic
    dismissive scathing harsh critical unapologetic unrepentant forthright straightforward
    specific definitive diplomatic measured cautious sharp pointed curt brusque kind kinder
    generous charitable impressed enthusiastic sceptical skeptical scornful withering
    damning""".split()
)
# Heads that name a news outlet or its words ("the newspaper wrote", "the editorial read"):
# they refer back to the outlet last named.
MEDIA_HEADS = frozenset(
    """newspaper paper editorial tabloid magazine outlet publication broadsheet daily
    column headline""".split()
)
# Heads naming a document an organisation put out ("the statement said"): the organisation
# that last spoke, or last named, issued it.
DOCUMENT_HEADS = frozenset({"statement", "announcement", "release", "email", "memo", "letter"})
# How a person or a body gives out a document: "issued a statement", "put out a release".
# Every pattern for "X issued a statement" starts from these (cues' lead-in before a quote,
# speakers' author of "the statement said" and of a quote after a body's statement); each adds
# the words its own reading needs.
ISSUE_VERBS = ("issued", "released", "put out", "posted", "sent", "provided")
# Org heads that may refer to any recently named organisation.
GENERIC_ORG_HEADS = frozenset({"company", "firm", "group", "organisation", "organization"})
# Lower-case nouns that make the capitalised name after them a business's or a group's:
# "security firm Example Micro", "chipmaker Quillon", "the band Northfield Lights".
BUSINESS_HEADS = frozenset(
    """firm company maker giant group agency startup start-up retailer chain wholesaler
    manufacturer carrier airline bank network broadcaster newspaper magazine publication
    website studio band insurer lender automaker carmaker chipmaker supplier
    distributor conglomerate charity nonprofit non-profit daily tabloid broadsheet weekly
    operator utility provider supermarket brewer exporter""".split()
)
MEDIA_WORDS = frozenset(
    {
        "times",
        "news",
        "post",
        "herald",
        "gazette",
        "courier",
        "ledger",
        "journal",
        "tribune",
        "daily",
        "press",
        "reuters",
        "radio",
        "tv",
        "television",
        "network",
        "broadcasting",
    }
)

# A name ending in one of these is a news outlet ("Northfield Courier", "The Example Times"),
# as is one starting with radio/TV ("Radio Exampleton") or ending "News/Press Agency".
# A bare "Agency" is left out: most agencies are government bodies, not newsrooms.
OUTLET_LAST = frozenset(
    """times news post gazette herald journal tribune courier chronicle reuters press
    broadcasting broadcaster tv radio television ledger wire daily""".split()
)
OUTLET_FIRST = frozenset({"radio", "tv", "television"})

MALE_WORDS = frozenset(
    """spokesman chairman businessman congressman councilman father son brother husband uncle
    grandfather king prince lord sir boy man""".split()
)
FEMALE_WORDS = frozenset(
    """spokeswoman chairwoman businesswoman congresswoman councilwoman mother daughter sister
    wife aunt grandmother queen princess lady dame girl woman""".split()
)

# Relatives and close others a person is named by ("her father, Anton,").
RELATIVES = frozenset(
    """father mother son daughter wife husband brother sister partner uncle aunt grandmother
    grandfather cousin friend neighbour neighbor""".split()
)

# A modest list of common given names, for gender only (used when nothing else tells).
FIRST_NAMES_MALE = frozenset(
    """aaron adam adrian ahmed alan albert alex alexander ali andrew andre antoine anthony anil
    antonio arjun arthur ben benjamin bernard bill bob brian bruce carl carlos charles chris
    christopher colin craig daniel david dennis derek diego donald douglas dylan edward eric
    ethan felix frank gary george gerald graham greg gregory harry hector henry hugh ian isaac
    jack jacob james jamal jason javier jeff jeremy jim joe john jonah jonathan jorge jose
    joseph joshua juan jurgen jürgen karl keith kenneth kevin kofi larry lee leonard liam
    louis lucas luis luke marco marcus mark martin matthew michael mohamed mohammed muhammad
    neil nicholas nick noah oliver omar oscar patrick paul peter philip rafael ralph raymond
    richard rick robert roger ronald ryan samuel scott sean simon stephen steve steven stuart
    tariq thomas tim timothy todd tom tomasz tony victor walter wayne william caleb garrett
    kenneth ayodele andrew hans klaus pierre jean-pierre luca giovanni pedro sergei ivan
    dmitri rahul ravi sanjay yusuf ibrahim hassan kwame chidi emeka dara
    abe al alfred allen andy angelo arnold barry bart benny bernie billy bobby brad bradley
    brandon brett bryan calvin cameron carlton cecil chad charlie chester chuck clarence
    clark clayton clifford clint clyde cody cole conrad corey cory curtis dale dan
    danny darrell darren dave denis denny dick don donnie doug drew duane dustin earl
    ed eddie edgar edwin eli elijah elliot elliott elmer ernest ernie eugene evan floyd
    francis franklin fred freddie frederick gabriel gene gil glen glenn gordon guy
    hank harold harvey herbert herman howard jackson jake jared jay jeffrey jerome jerry
    jesse jimmy joel joey johnny jon julian justin keegan ken kenny kent kirk kurt
    kyle lance lawrence leo leon leroy lester lewis lloyd lonnie lou lowell manuel marvin
    max maxwell melvin mickey miguel mike milton mitch mitchell morris nathan nathaniel ned
    newt norman orrin otis owen perry phil pete preston quentin randall randy ray reggie
    reginald ricardo ricky rob rod rodney roland ron ronnie ross roy rudy rudolph
    russ russell sam sammy seth shane shawn sheldon sid sidney stan stanley ted teddy
    theodore tyler vernon vince vincent wade wallace warren wes wesley willie wilson zach
    zachary""".split()
)
FIRST_NAMES_FEMALE = frozenset(
    """aisha alice amanda amy ana andrea angela anna anne annie barbara beatrice betty
    bridget carla carol caroline catherine celia charlotte chloe christina claire clara
    deborah diana donna dorothy eleanor elena elizabeth ellen emily emma eva fatima fiona
    frances grace hannah harriet helen helena imogen ines irene isabel jane janet jennifer
    jessica joan joanna julia julie karen kate katherine katrin kathleen laura lena linda
    lisa lucy maeve margaret maria marie marisol mary maya megan melissa mia michelle mina
    nadia nancy natalie nicole olivia patricia paula priya rachel rebecca roberta rosa ruth
    sandra sarah sofia sophie susan teresa victoria wendy yasmin zoe zara ingrid astrid
    chiara francesca giulia carmen lucia pilar amina ngozi chioma sunita anjali deepa
    mei yuki keiko olga natasha svetlana
    abby abigail adele agnes alexandra alexis alison allison alma amber amelia anita
    annette arlene audrey ava becky belinda beth bethany beverly bonnie brenda brianna
    brittany brooke candace candice carly carmen carrie cassandra cathy cecilia chelsea
    cheryl christine cindy colleen connie constance courtney crystal cynthia daisy
    danielle darlene dawn debbie debra delores denise diane dolores doris edith edna eileen
    elaine elise ella eloise elsie erica erin esther ethel eunice evelyn florence gail
    gayle geraldine gina gladys gloria gretchen gwen hazel heather heidi hilary
    hillary holly ida irma jacqueline janice jean jeanne jeannie jenny jill
    jo joann joanne jodi josephine joyce juanita judith judy kara kathy kathryn katie
    kay kayla kendra kimberly kirsten kristen kristin lana lauren leah lillian
    lily lindsay lindsey lois loretta lori lorraine louise mabel madeline madison mandy
    marcia margo marian marilyn marlene martha maureen mavis meg melanie melinda meredith
    mildred miriam molly monica muriel nadine naomi nell nikki nina nora norma pam pamela
    peggy penny phyllis rita roberta robyn rose rosemary roxanne sabrina sally samantha
    sharon sheila shelley sherry shirley sonia stacy stella stephanie sue sylvia
    tammy tanya tara terri thelma tiffany tina valerie vanessa vera veronica vicki
    viola vivian wanda whitney yvonne""".split()
)


def _census_given_names() -> dict[str, str]:
    """More given names, from the US Census Bureau's 1990 lists (``data/given_names.tsv``: name
    and m, f or u, written by ``data/make_given_names.py``): the ones above that list are the
    engine's own, these widen what it knows for a name it has no other evidence for."""
    path = Path(__file__).with_name("data") / "given_names.tsv"
    rows = (line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line)
    return dict(rows)


def _census_surnames_in_s() -> frozenset[str]:
    """Surnames ending in "s" ("Williams"), from the same census lists."""
    path = Path(__file__).with_name("data") / "surnames_in_s.txt"
    return frozenset(path.read_text(encoding="utf-8").split())


FIRST_NAMES = FIRST_NAMES_MALE | FIRST_NAMES_FEMALE
# The census's names widen only two questions: is a capitalised run opening with one a person,
# and of which gender. The rules that cut or split names keep to the list above ("Clinton" and
# "Carolina" are given names too).
CENSUS_GIVEN_NAMES = _census_given_names()
# Given names common outside the United States that the 1990 census lists lack (Arabic,
# Persian, West and Southern African, South Asian, Japanese, Korean, Slavic, Nordic, Irish,
# Latin American, French, German, Italian, Greek, Turkish, Hebrew), written for this project:
# the same two questions only. Names that are also common English words or surnames ("Fang",
# "Sita", "Li", "Pascal", "Horst") are left out.
_WORLD_GIVEN_FEMALE = """zainab khadija yasmine noor nour huda rania salma rasha sana zahra
    shirin parisa nasrin mahnaz nkechi adaeze amaka chiamaka folake funmilayo yetunde thandiwe
    nomvula lerato zanele wanjiru akosua abena efua priyanka deepika kavita lakshmi meera neha
    pooja radhika shreya divya geeta swati haruka sakura jiwoo minji seoyeon oksana yulia
    ekaterina galina ludmila agnieszka katarzyna malgorzata anja freya ximena itzel citlali
    dagny aoife niamh saoirse grainne caoimhe roisin ilhan tulsi kamala segolene ségolène
    françoise geneviève sylvie heike annegret sahra giorgia federica ayelet tzipi emine meral
    yuriko sanae sushma nirmala smriti mamata""".split()
_WORLD_GIVEN_MALE = """umar hussein khalid mahmoud mustafa youssef abdullah hamza bilal karim
    rashid samir nabil walid ziad anwar bashar chukwuma chinedu obinna oluwaseun babatunde
    kwabena thabo sipho themba jomo kenji hiroshi takeshi haruto vikram amit suresh ramesh
    vladimir alexei mikhail igor nikolai oleg piotr krzysztof jakub lars sven bjorn henrik
    mateo philippe francois françois thierry didier yves alain sebastien sébastien stéphane
    jérôme herve hervé helmut wolfgang bernd jens gerhard gunther günther dieter heiko uwe jorg
    jörg sigmar winfried hartmut matthias matteo alessandro massimo fabrizio silvio gianni
    giorgio paolo stefano enrico vittorio joao joão yannis giorgos nikos kostas dmitry sergey
    andrei yevgeny evgeny volodymyr arseniy vitaly zbigniew jaroslaw miroslav recep ahmet
    mehmet mevlut binali ekrem yair avigdor naftali ehud shimon yitzhak reuven yoav javad
    hossein shinzo fumio yoshihide junichiro yukio narendra rajiv arvind manmohan nitin uhuru
    muhammadu""".split()
for _name in _WORLD_GIVEN_FEMALE:
    CENSUS_GIVEN_NAMES.setdefault(_name, "f")
for _name in _WORLD_GIVEN_MALE:
    CENSUS_GIVEN_NAMES.setdefault(_name, "m")
# Either list: a word that is someone's given name, for the rules that must not cut it off.
ANY_GIVEN_NAMES = FIRST_NAMES | frozenset(CENSUS_GIVEN_NAMES)
SURNAMES_IN_S = _census_surnames_in_s()
# First names borne by men and women alike (or male in one language, female in another): they
# say nothing of a person's gender, which the text must then show ("Roe said he").
UNISEX_FIRST_NAMES = frozenset(
    """andrea cameron dara drew francis hilary jean jesse lee lindsay lindsey sam""".split()
)

MONTHS = (
    "january february march april may june july august september october november december"
    " jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
# Months as written out in running text ("May", "Sept"), not the short forms "Jan", "Feb".
MONTH_NAMES = tuple(w for w in MONTHS if len(w) > 3 or w == "may")

# US party tags after a name, "Rep. Jo Roe (D-Ohio)": the party letter's words, and the state
# as AP style and the postal service abbreviate it, for descriptions such as "the Ohio
# Democrat" or "the Vermont senator".
PARTY_LETTERS = {
    "R": ("republican", "gop"),
    "D": ("democrat", "democratic"),
    "I": ("independent",),
}
_STATES = """Alabama:Ala.:AL Alaska::AK Arizona:Ariz.:AZ Arkansas:Ark.:AR California:Calif.:CA
Colorado:Colo.:CO Connecticut:Conn.:CT Delaware:Del.:DE Florida:Fla.:FL Georgia:Ga.:GA
Hawaii::HI Idaho::ID Illinois:Ill.:IL Indiana:Ind.:IN Iowa::IA Kansas:Kan.:KS Kentucky:Ky.:KY
Louisiana:La.:LA Maine::ME Maryland:Md.:MD Massachusetts:Mass.:MA Michigan:Mich.:MI
Minnesota:Minn.:MN Mississippi:Miss.:MS Missouri:Mo.:MO Montana:Mont.:MT Nebraska:Neb.:NE
Nevada:Nev.:NV New_Hampshire:N.H.:NH New_Jersey:N.J.:NJ New_Mexico:N.M.:NM New_York:N.Y.:NY
North_Carolina:N.C.:NC North_Dakota:N.D.:ND Ohio::OH Oklahoma:Okla.:OK Oregon:Ore.:OR
Pennsylvania:Pa.:PA Rhode_Island:R.I.:RI South_Carolina:S.C.:SC South_Dakota:S.D.:SD
Tennessee:Tenn.:TN Texas::TX Utah::UT Vermont:Vt.:VT Virginia:Va.:VA Washington:Wash.:WA
West_Virginia:W.Va.:WV Wisconsin:Wis.:WI Wyoming:Wyo.:WY"""


def _us_states() -> dict[str, str]:
    out: dict[str, str] = {}
    for entry in _STATES.split():
        name, ap, postal = entry.split(":")
        name = name.replace("_", " ").lower()
        for form in (name, ap.lower(), ap.lower().rstrip("."), postal.lower()):
            if form:
                out[form] = name
    return out


US_STATES = _us_states()
# Words for a person by their state ("the Texan", "the New Yorker"), each the state it names.
STATE_DEMONYMS = {
    d.replace("_", " ").lower(): state.replace("_", " ").lower()
    for pair in """Alabamian:Alabama Alaskan:Alaska Arizonan:Arizona Arkansan:Arkansas
    Californian:California Coloradan:Colorado Floridian:Florida Georgian:Georgia
    Hawaiian:Hawaii Idahoan:Idaho Illinoisan:Illinois Hoosier:Indiana Iowan:Iowa Kansan:Kansas
    Kentuckian:Kentucky Louisianan:Louisiana Louisianian:Louisiana Mainer:Maine
    Marylander:Maryland Michigander:Michigan Minnesotan:Minnesota Mississippian:Mississippi
    Missourian:Missouri Montanan:Montana Nebraskan:Nebraska Nevadan:Nevada
    New_Hampshirite:New_Hampshire New_Jerseyan:New_Jersey New_Mexican:New_Mexico
    New_Yorker:New_York North_Carolinian:North_Carolina North_Dakotan:North_Dakota
    Ohioan:Ohio Oklahoman:Oklahoma Oregonian:Oregon Pennsylvanian:Pennsylvania
    Rhode_Islander:Rhode_Island South_Carolinian:South_Carolina South_Dakotan:South_Dakota
    Tennessean:Tennessee Texan:Texas Utahn:Utah Vermonter:Vermont Virginian:Virginia
    Washingtonian:Washington West_Virginian:West_Virginia Wisconsinite:Wisconsin
    Wyomingite:Wyoming""".split()
    for d, state in [pair.split(":")]
}
# The words a party tag gives ("R" -> republican, gop), and with the states' words, every word
# a tag such as "(D-N.H.)" can give: "the Ohio Republican" is a description, never a name.
PARTY_WORDS = frozenset(w for words in PARTY_LETTERS.values() for w in words)
TAG_WORDS = PARTY_WORDS | {w for name in US_STATES.values() for w in name.split()}
# Offices that make a lawmaker, and the other words a description may use for them.
LAWMAKER_WORDS = {
    "senator": ("lawmaker", "legislator"),
    "representative": ("lawmaker", "legislator", "congressman", "congresswoman"),
    "congressman": ("lawmaker", "legislator", "representative"),
    "congresswoman": ("lawmaker", "legislator", "representative"),
}
