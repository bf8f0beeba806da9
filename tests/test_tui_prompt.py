"""The prompt helper's pure half: defaults, validation, and how questions are shown."""

from __future__ import annotations

import pytest

from monopoly.session.questions import (CHOICE, NUMBER, TEXT, YESNO, Choice, Question, clock_text, parse_hours_minutes,
                                 parse_number, parse_player_name)


def test_return_takes_the_default() -> None:
    assert Question("Buy it?", YESNO, True).parse("") is True
    assert Question("How many?", NUMBER, 2, low=2, high=8).parse("  ") == 2
    assert Question("Name", TEXT, "Ann").parse("") == "Ann"


def test_no_default_needs_an_answer() -> None:
    with pytest.raises(ValueError, match="answer is needed"):
        Question("Who?", TEXT).parse("")


def test_yes_no() -> None:
    q = Question("Quit?", YESNO, False)
    assert q.parse("y") is True and q.parse("YES") is True and q.parse("n") is False
    with pytest.raises(ValueError, match="Y or N"):
        q.parse("maybe")
    assert q.accepts_key("Y") and q.accepts_key("n") and not q.accepts_key("x")
    assert q.single_key


def test_choice_by_key_or_label() -> None:
    q = Question("Edition:", CHOICE, "us", (Choice("1", "Classic US", "us"), Choice("2", "UK", "uk")))
    assert q.parse("2") == "uk" and q.parse("uk") == "uk" and q.parse("") == "us"
    with pytest.raises(ValueError, match="choose one of 1, 2"):
        q.parse("3")
    assert q.render() == "Edition: (1 Classic US, 2 UK) [1] "


@pytest.mark.parametrize("text, value", [("150", 150), ("$1,200", 1200), (" 7 ", 7), ("£60", 60), ("200M", 200),
                                         ("1 000", 1000)])
def test_numbers_accept_money_signs_and_separators(text: str, value: int) -> None:
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["abc", "1.5", "", "--3", "12x"])
def test_a_bad_number_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="whole number"):
        parse_number(text)


def test_numbers_out_of_range_say_the_range() -> None:
    q = Question("Bid", NUMBER, 10, low=1, high=1500)
    with pytest.raises(ValueError, match="from 1 to 1,500"):
        q.parse("2000")
    with pytest.raises(ValueError, match="from 1 to 1,500"):
        q.parse("0")
    assert q.render() == "Bid (1-1,500) [10] "
    with pytest.raises(ValueError, match="at least 5"):
        parse_number("4", low=5)


@pytest.mark.parametrize("text, minutes", [("1 30", 90), ("1:30", 90), ("0 45", 45), ("2", 120), ("1h05", 65),
                                           ("0 01", 1)])
def test_hours_and_minutes(text: str, minutes: int) -> None:
    assert parse_hours_minutes(text) == minutes


@pytest.mark.parametrize("text", ["", "0 0", "1 60", "a b", "1 2 3", "25 00"])
def test_bad_times(text: str) -> None:
    with pytest.raises(ValueError):
        parse_hours_minutes(text)


def test_player_names() -> None:
    assert parse_player_name("  Ann  ") == "Ann"
    assert parse_player_name("Mary Jo") == "Mary Jo"
    with pytest.raises(ValueError, match="at most 7"):
        parse_player_name("Bartholomew")
    with pytest.raises(ValueError, match="already playing"):
        parse_player_name("ann", ("Ann",))
    with pytest.raises(ValueError, match="needs a name"):
        parse_player_name("   ")
    with pytest.raises(ValueError, match="letters"):
        parse_player_name("a/b")
    assert parse_player_name("Zoë") == "Zoë" and parse_player_name("Søren") == "Søren"


@pytest.mark.parametrize("name", ["花子", "Ａnn", "Cx\u0301"])
def test_a_name_that_would_not_line_up_on_the_board_is_refused(name: str) -> None:
    # wide (CJK, full-width) and lone combining characters take other than one column each
    with pytest.raises(ValueError, match="letters"):
        parse_player_name(name)


def test_an_accent_typed_as_a_separate_mark_joins_its_letter() -> None:
    assert parse_player_name("Zoe\u0301") == "Zo\u00e9"


def test_a_wide_character_typed_at_a_prompt_is_no_key() -> None:
    from monopoly.tui.screen import key_char

    assert key_char(ord("a")) == "a" and key_char(ord("é")) == "é"
    assert key_char(ord("花")) == "" and key_char(0x301) == ""


def test_text_questions_use_their_check() -> None:
    q = Question("Name", TEXT, "Ann", check=lambda t: parse_player_name(t, ("Bob",)))
    assert q.parse("Cy") == "Cy"
    with pytest.raises(ValueError):
        q.parse("bob")


def test_amounts_of_money_are_shown_and_refused_in_money() -> None:
    pounds = "£{:,}".format
    q = Question("Bid", NUMBER, 20, low=11, high=1500, money=pounds)
    assert q.render() == "Bid (£11-£1,500) [£20] "
    assert q.parse("£300") == 300 and q.parse("") == 20
    with pytest.raises(ValueError, match="type an amount from £11 to £1,500"):
        q.parse("9")
    with pytest.raises(ValueError, match="type an amount of at least £5"):
        parse_number("4", low=5, money=pounds)


def test_default_labels_and_rendering() -> None:
    assert Question("Time", TEXT, 60, default_label="1 00").render() == "Time [1 00] "
    assert Question("Cash", NUMBER, 1500).render() == "Cash [1,500] "
    assert Question("Sure?", YESNO, None).render() == "Sure? (Y/N) "


def test_clock_text() -> None:
    assert clock_text(0) == "0:00:00"
    assert clock_text(3725) == "1:02:05"
    assert clock_text(-4) == "0:00:00"
