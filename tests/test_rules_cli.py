"""Every rule option, one by one: ``monopoly rules``, ``--rule`` and ``--preset`` on the command line
(play and ``simulate``), and the set-up's preset and per-option questions, all from the engine's one
list of options and the edition files."""

from __future__ import annotations

import json
from typing import Any

import pytest

from monopoly.cli import main
from monopoly.engine import list_editions, load_edition, rule_options
from monopoly.session.rule_options import (RuleChoiceError, ask_rule_options, chosen_rules, parse_rule, rules_listing)
from monopoly.session.questions import Question

# What the text_game preset sets beyond the three options it had from the start.
TEXT_GAME_NEW = {"auctions": False, "bankrupt_deeds_auctioned": False, "doubles_roll_again": False,
                 "three_doubles_jail": False, "max_players": 2}


def test_monopoly_rules_lists_every_option_its_values_and_each_editions_default(capsys: pytest.CaptureFixture[str]
                                                                                ) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for info in rule_options():
        assert f"{info.name}: {info.values}" in out
    assert "    default: us next_roll, uk next_throw, dotcom second_roll" in out
    for edition in list_editions():
        for preset in edition.presets:
            assert f"{preset.id}: {preset.label} (" in out
    assert ("text_game: two-player text game (rent_claim=second_roll, income_tax=flat, mortgage_interest=0, "
            "auctions=false, bankrupt_deeds_auctioned=false, doubles_roll_again=false, three_doubles_jail=false, "
            "max_players=2)") in out
    assert "mortgage_interest: a whole number from 0 to 100" in out and "    0 means no interest" in out
    assert "    Claiming rent: until when the owner may claim rent" in out
    assert "    values: next_roll (before the next player throws); " in out
    assert rules_listing() == out.rstrip("\n").split("\n")


def test_the_help_lists_position_and_gives_each_example_its_own_line(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 26: the examples ran together in one wrapped paragraph and --position was not listed.
    for argv in (["play", "--help"], ["text", "--help"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "\n  --position FILE " in out, out
        lines = out.split("\n")
        examples = lines[lines.index("examples:") + 1:]
        assert examples[0].startswith("  monopoly ") and examples[1].startswith("  monopoly "), examples[:3]
        assert all(line.count("monopoly ") == 1 for line in examples[:2]), examples[:3]


def test_the_games_help_points_to_monopoly_rules_for_the_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 38: the help pasted every rule option (153 lines); ``monopoly rules`` lists them.
    assert main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--rule NAME=VALUE" in out and "monopoly rules" in out
    assert "max_turns: a whole number from 0 to 100,000" not in out


@pytest.mark.parametrize("flags, expected", [
    ((), {}),
    (("rent_claim=automatic",), {"rent_claim": "automatic"}),
    (("offline_rule=yes", "mortgage_interest=0"), {"offline_rule": True, "mortgage_interest": 0}),
    (("short_game=time_limit",), {"short_game": "time_limit", "time_limit_minutes": 60}),
    (("short-game=time_limit", "time_limit_minutes=30"), {"short_game": "time_limit", "time_limit_minutes": 30}),
    (("rent_claim=next_roll",), {}),  # the edition's default: nothing changes
])
def test_rule_flags(flags: tuple[str, ...], expected: dict[str, Any]) -> None:
    assert chosen_rules("us", flags) == expected


def test_presets_lay_over_the_edition_defaults_and_rules_over_the_preset() -> None:
    assert chosen_rules("us", (), "text_game") == {"rent_claim": "second_roll", "income_tax": "flat",
                                                   "mortgage_interest": 0, **TEXT_GAME_NEW}
    assert chosen_rules("us", ("mortgage_interest=5",), "text_game")["mortgage_interest"] == 5
    assert chosen_rules("uk", (), "uk") == {}  # the UK board plays the UK differences already
    uk_on_us = chosen_rules("us", (), "uk")
    assert load_edition("us").default_rules(**uk_on_us) == load_edition("us").preset_rules("uk")


@pytest.mark.parametrize("edition, flags, preset, said", [
    ("us", ("nosuch=1",), None, "unknown rule option 'nosuch'; the options are: rent_claim, "),
    ("us", ("rent_claim",), None, "write NAME=VALUE"),
    ("us", ("rent_claim=sometimes",), None, "must be one of next_roll, next_throw, second_roll, automatic"),
    ("us", ("offline_rule=maybe",), None, "rule option offline_rule is true or false, not 'maybe'"),
    ("us", ("mortgage_interest=ten",), None, "a whole number from 0 to 100, not 'ten'"),
    ("us", ("mortgage_interest=999999999999",), None, "a whole number from 0 to 100, not 999999999999"),
    ("us", ("starting_cash=-5",), None, "starting_cash must be a whole number from 0 to 100,000, not -5"),
    ("us", ("short_game=dotcom",), None, "the us edition plays no short game 'dotcom'; it offers: none, time_limit"),
    ("us", (), "nope", "unknown preset 'nope' for the us edition; its presets are: us, uk, text_game, house"),
])
def test_bad_rule_flags_name_what_is_allowed(edition: str, flags: tuple[str, ...], preset: str | None,
                                             said: str) -> None:
    with pytest.raises(RuleChoiceError) as caught:
        chosen_rules(edition, flags, preset)
    assert said in str(caught.value)


def test_parse_rule_gives_typed_values() -> None:
    assert parse_rule("jail_doubles_roll_again=On") == ("jail_doubles_roll_again", True)
    assert parse_rule(" max_turns = 12") == ("max_turns", 12)


@pytest.mark.parametrize("argv", [
    ["--players", "Ann,Bob", "--rule", "nosuch=1"],
    ["--players", "Ann,Bob", "--preset", "nope"],
    ["simulate", "--games", "1", "--rule", "auction_limit=everything"],
    ["simulate", "--games", "1", "--preset", "nope"],
    ["--text", "--players", "Ann,Bob", "--rule", "income_tax=percent"],
])
def test_a_bad_name_or_value_exits_2_naming_it(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "nosuch" in err or "nope" in err or "everything" in err or "percent" in err


def test_simulate_takes_the_rule_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--strategies", "basic,basic", "--preset", "text_game",
                 "--rule", "offline_rule=true", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"] == {"rent_claim": "second_roll", "income_tax": "flat", "mortgage_interest": 0,
                               "offline_rule": True, **TEXT_GAME_NEW}
    assert report["games"] == 2


# ---------------------------------------------------------------------------------------- the set-up's questions
class Answers:
    """Answers a set-up's questions from a script: (start of the question, typed text), in order."""

    def __init__(self, *script: tuple[str, str]) -> None:
        self.script = list(script)
        self.asked: list[str] = []
        self.notes: list[str] = []

    def ask(self, question: Question) -> Any:
        self.asked.append(question.render())
        expected, typed = self.script.pop(0)
        assert question.text.startswith(expected), (question.text, expected)
        return question.parse(typed)

    def note(self, text: str, role: str = "message") -> None:
        self.notes.append(text)


def test_return_keeps_the_editions_rules() -> None:
    answers = Answers(("Rules:", ""), ("Change the rule options one by one?", ""))
    assert ask_rule_options(answers.ask, answers.note, load_edition("uk")) == {}
    assert answers.asked[0] == ("Rules: (1 UK (London) rules, 2 US rules, 3 two-player text game, 4 house rules) "
                                "[1] ")


def test_the_set_up_offers_no_preset_that_is_the_boards_own_rules() -> None:
    answers = Answers(("Rules:", ""), ("Change", ""))
    ask_rule_options(answers.ask, answers.note, load_edition("us"))
    assert answers.asked[0] == ("Rules: (1 Classic US rules, 2 UK differences, 3 two-player text game, "
                                "4 house rules) [1] ")


def test_a_preset_sets_several_options_at_once() -> None:
    answers = Answers(("Rules:", "3"), ("Change", "n"))
    assert ask_rule_options(answers.ask, answers.note, load_edition("us")) == {
        "rent_claim": "second_roll", "income_tax": "flat", "mortgage_interest": 0, **TEXT_GAME_NEW}


def _plain(name: str) -> str:
    return next(i.title for i in rule_options() if i.name == name)


def test_each_option_on_its_own_in_plain_words_with_the_value_so_far_as_default() -> None:
    typed = {"rent_claim": "4", "jail_doubles_roll_again": "n", "mortgage_interest": "7", "short_game": "2",
             "time_limit_minutes": "1 30", "time_limit_three_houses": "n", "offline_rule": "y",
             "free_parking_pot": "y", "pot_stake": "500", "starting_cash": "2000"}
    script = [(_plain(i.name), typed.get(i.name, "")) for i in rule_options()]
    answers = Answers(("Rules:", "2"), ("Change", "y"), *script)  # the UK differences on the US board
    chosen = ask_rule_options(answers.ask, answers.note, load_edition("us"))
    assert chosen == {"rent_claim": "automatic", "income_tax": "flat", "double_rent_with_mortgage": False,
                      "auction_limit": "assets", "settle_in_property": True, "mortgage_interest": 7,
                      "short_game": "time_limit", "time_limit_minutes": 90, "time_limit_three_houses": False,
                      "offline_rule": True, "free_parking_pot": True, "pot_stake": 500, "starting_cash": 2000}
    assert any(a.startswith("Income tax: (1 flat amount or a percentage of worth, 2 flat amount only) [2]")
               for a in answers.asked)  # the preset's value is the default shown
    assert any(a.startswith("Mortgage interest (percent): (0-100) [10]") for a in answers.asked)
    assert any(a.startswith("Starting cash: (0-100,000) [the board's amount]") for a in answers.asked)
    assert not any("rent_claim" in a or "next_roll" in a for a in answers.asked)  # no internal names
    assert len(answers.notes) == len(rule_options())  # each option's help is shown above its question
    assert not answers.script


def test_the_time_and_pot_questions_are_skipped_without_their_game_and_start_from_the_command_line() -> None:
    names = [i.name for i in rule_options() if not i.name.startswith("time_limit") and not i.name.startswith("pot_")]
    answers = Answers(("Rules:", ""), ("Change", "y"), *[(_plain(n), "") for n in names])
    assert ask_rule_options(answers.ask, answers.note, load_edition("dotcom"), {"offline_rule": True}) == {
        "offline_rule": True}
    assert any(a.startswith("Short game: (1 no, the full game, 2 time limit, then the richest wins, "
                            "3 the .com short game) [1]") for a in answers.asked)
    assert any(a.startswith("The .com Offline token: (Y/N) [Y]") for a in answers.asked)


def test_a_preset_from_the_command_line_is_the_rules_questions_default() -> None:
    # Issue 38: after ``--preset text_game`` the set-up showed "[1] Classic US rules" as its default.
    start = chosen_rules("us", (), "text_game")
    answers = Answers(("Rules:", ""), ("Change", ""))
    assert ask_rule_options(answers.ask, answers.note, load_edition("us"), start) == start
    assert answers.asked[0] == ("Rules: (1 Classic US rules, 2 UK differences, 3 two-player text game, "
                                "4 house rules) [3] ")
    answers = Answers(("Rules:", "1"), ("Change", ""))  # the board's own rules chosen instead
    assert ask_rule_options(answers.ask, answers.note, load_edition("us"), start) == {}
    answers = Answers(("Rules:", ""), ("Change", ""))  # a rule of its own is no preset
    assert ask_rule_options(answers.ask, answers.note, load_edition("us"), {"mortgage_interest": 5}) == {
        "mortgage_interest": 5}
    assert answers.asked[0].startswith("Rules: (1 the command line's rules, 2 UK") and answers.asked[0].endswith("[1] ")
