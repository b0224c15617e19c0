"""Second stress set: 31 fictional passages written before the engine's rules were read, aimed
at speaker resolution (several people quoted in turn, pronouns with two people of one gender,
descriptions before names, titles and roles referring back, organisations speaking through
spokespeople, quotes before their speaker, multi-paragraph quotes, headlines, interviews,
anonymous sources, UK single quotes, translations with „…“ and « … »). Labels follow
stress.jsonl: the full name a careful reader would give, None when a reader could not tell or
the speaker is never named. Two labels were corrected after the first run, both to None:
an organisation referred to only as "the ministry" and "the region", whose names the text
never gives (the first labels had invented them). Before the rules written for it the engine
scored quote F1 0.970 and speaker accuracy 0.722 here. The gate sits a little below what the
engine reaches, to catch regressions; it is not a target to tune towards. The unit tests below
pin each general rule added for it, on fictional text."""

from __future__ import annotations

from articles.engine import extract_entities
from tests.engine.labelled import evaluate, passages, speakers


def test_stress2_set_meets_its_regression_gate():
    m = evaluate("stress2.jsonl")
    assert m["quote_f1"] >= 0.98
    assert m["speaker_accuracy"] >= 0.94


def test_stress2_set_has_at_least_thirty_passages():
    assert passages("stress2.jsonl") >= 30


def _people(text: str) -> set[str]:
    return {e.name for e in extract_entities(text) if e.kind == "person"}


def test_definite_description_refers_to_the_subject_just_written_about():
    text = (
        "Substitute Kwame Asante scored late on. Holm praised him.\n\n"
        "Asante, 19, was making only his third appearance. “I just saw the ball drop and hit "
        "it,” the teenager said."
    )
    assert speakers(text) == {"I just saw the ball drop and hit it,": "Kwame Asante"}


def test_description_introduced_as_someone_new_stays_unnamed():
    text = (
        "Mayor Dana Whitfield said the levee was safe. A state engineer, who spoke on condition "
        "of anonymity, disagreed. “Everybody knew it was the weakest section,” the engineer said."
    )
    assert speakers(text) == {"Everybody knew it was the weakest section,": None}


def test_names_inside_the_quotation_are_not_the_subject():
    text = (
        "Miss Arkwright said the money had passed through several accounts. ‘Mrs Pettifer is "
        "not on trial, and you will hear no evidence against her,’ the barrister added. "
        "Prosecutor Philippa Arkwright KC opened the case."
    )
    got = speakers(text)
    assert got["Mrs Pettifer is not on trial, and you will hear no evidence against her,"] == (
        "Philippa Arkwright"
    )


def test_bare_spokesperson_speaks_for_the_organisation_just_named():
    text = (
        "The Ministry of Defence said it did not comment on leaked documents. “We remain "
        "committed to the programme,” a spokesperson said."
    )
    assert speakers(text) == {"We remain committed to the programme,": "Ministry of Defence"}


def test_it_said_refers_to_the_organisation_just_named():
    text = (
        "The Northern Example Relief Agency said it was worried about the camps. “Winter is coming "
        "and people are living in tents,” it said in a statement."
    )
    got = speakers(text)
    assert (
        got["Winter is coming and people are living in tents,"] == "Northern Example Relief Agency"
    )


def test_pronoun_after_an_unnamed_person_stays_unresolved():
    text = (
        "Health Minister Ruth Abernathy defended the plan. “No one will be left without help,” "
        "she said.\n\nA midwife at the Harrow unit, who asked not to be named, said morale was "
        "low. “People are already applying for jobs in the city,” she said."
    )
    got = speakers(text)
    assert got["No one will be left without help,"] == "Ruth Abernathy"
    assert got["People are already applying for jobs in the city,"] is None


def test_named_person_with_an_indefinite_apposition_is_still_the_antecedent():
    text = (
        "Lucia Ferrante, a teacher travelling with her children, said she had waited since "
        "dawn. “Nobody tells us anything,” she said."
    )
    assert speakers(text) == {"Nobody tells us anything,": "Lucia Ferrante"}


def test_new_subject_after_the_last_quote_outranks_its_speaker():
    text = (
        "“They came with demands, not proposals,” said Dragan Ilic, the foreign minister, who "
        "is a man of few words. Anneliese Brunner said she would travel to the region. Brunner "
        "said she would meet both leaders. “I am not giving up,” she said."
    )
    assert speakers(text)["I am not giving up,"] == "Anneliese Brunner"


def test_previous_sentence_subject_outranks_a_name_later_in_it():
    text = (
        "Prime Minister Alistair Harlow said he would fight on. “If anyone wants my job, they "
        "know where to find me,” Mr Harlow said.\n\nCabinet minister Gideon Farr came to Mr "
        "Harlow's defence on Sunday. “Changing leader now would be madness,” he said."
    )
    assert speakers(text)["Changing leader now would be madness,"] == "Gideon Farr"


def test_name_ends_at_a_lower_case_connector():
    assert _people("Health Minister Ruth Abernathy on Monday defended her plan.") == {
        "Ruth Abernathy"
    }
    assert _people("Owner Marisol Vance of Tulsa Example said her brakes failed.") == {
        "Marisol Vance"
    }


def test_post_nominal_letters_are_not_part_of_the_name():
    text = "Opening the case, Philippa Arkwright KC told the jury: “He was trusted completely.”"
    assert speakers(text) == {"He was trusted completely.": "Philippa Arkwright"}


def test_speaker_is_a_title_and_the_speaker_refers_back():
    text = (
        "State House Speaker Arturo Benavides, a Republican, condemned the threats. “Nobody "
        "should have to choose,” the speaker said in a statement."
    )
    assert speakers(text) == {"Nobody should have to choose,": "Arturo Benavides"}


def test_company_words_make_an_organisation():
    kinds = {
        e.name: e.kind for e in extract_entities("Velda Motors said so. Halvorsen Biotech agreed.")
    }
    assert kinds.get("Velda Motors") == "organization"
    assert kinds.get("Halvorsen Biotech") == "organization"


def test_dame_goes_with_the_given_name():
    text = (
        "Professor Dame Carys Whitlow, the vice-chancellor, spoke first. ‘We have been saying "
        "this for years,’ Dame Carys said."
    )
    assert speakers(text) == {"We have been saying this for years,": "Carys Whitlow"}


def test_role_acronym_is_not_an_organisation():
    text = "One senior rebel said the mood was grim. “He has lost the room,” the MP said."
    assert speakers(text) == {"He has lost the room,": None}


def test_who_clause_marks_a_person():
    assert "Isla Drummond" in _people(
        "Isla Drummond, who has run the island's only shop since 1987, fears the tourists."
    )


def test_unattributed_quote_over_paragraphs_after_a_statement_intro():
    text = (
        "Retired judge Harriet Okafor opened the hearing with a long statement.\n\n"
        "“Seven people died that night. Their families have waited for answers.\n\n"
        "“We have seen enough to say some things plainly.”\n\n"
        "The inquiry resumes on Monday."
    )
    got = speakers(text)
    assert got["Seven people died that night. Their families have waited for answers."] == (
        "Harriet Okafor"
    )
    assert got["We have seen enough to say some things plainly."] == "Harriet Okafor"


def test_unattributed_quote_over_paragraphs_without_an_intro_stays_unnamed():
    text = (
        "Retired judge Harriet Okafor arrived at nine.\n\n"
        "“Seven people died that night. Their families have waited for answers.\n\n"
        "“We have seen enough to say some things plainly.”"
    )
    assert set(speakers(text).values()) == {None}


def test_speaker_who_gave_a_name_after_the_quote():
    text = (
        "The queue formed early. “I never thought I'd be here,” said a man who gave his name "
        "as Marek Hollis, a warehouse worker."
    )
    assert speakers(text) == {"I never thought I'd be here,": "Marek Hollis"}


def test_accented_name_after_role_words():
    text = "The deputy Étienne Roussel denounced « an abandonment of the rural territories »."
    assert speakers(text) == {"an abandonment of the rural territories": "Étienne Roussel"}


def test_the_regulator_is_the_organisation_just_named():
    text = (
        "The Office for Student Example, the sector's regulator, published its report. "
        "‘Some providers will need to take difficult decisions,’ the regulator said."
    )
    got = speakers(text)
    assert got["Some providers will need to take difficult decisions,"] == (
        "Office for Student Example"
    )


def test_possessive_before_a_role_and_name_is_not_the_subject():
    text = (
        "Valeria Quintanilla announced she would step down. “I'm not quitting today,” she said. "
        "Renée Castellanos, the police chief, said two people had been charged. “We take "
        "every threat seriously,” Castellanos said.\n\nQuintanilla's former campaign manager, "
        "Ignacio Paredes, said he was not surprised. “It wore her down,” he said."
    )
    assert speakers(text)["It wore her down,"] == "Ignacio Paredes"


def test_pronoun_after_a_sentence_about_two_people_stays_unresolved():
    text = (
        "Tobias Wren sued his brother, Ellis Wren. “I built the ovens,” Tobias Wren said. "
        "Ellis Wren denies it. “Every cent is accounted for,” he said.\n\n"
        "Both men have hired outside accountants. “We'll let the numbers speak,” he said."
    )
    got = speakers(text)
    assert got["Every cent is accounted for,"] == "Ellis Wren"
    assert got["We'll let the numbers speak,"] is None
