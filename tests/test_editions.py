"""Editions as data: discovery from files, a board added from an extra folder, refused files, presets.

The extra board ("mini") is the US file with a new id and label, a renamed Baltic Avenue at a
higher price and less starting cash, written into a temporary folder the way a user would add one.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from monopoly.engine import (BANK, EDITION_FOLDERS, EDITION_IDS, Buy, ClaimRent, DecisionKind as K, EditionError,
                             Game, LiftMortgage, Roll, Rules, ScriptedDice, ShortGame, SquareKind, edition_ids,
                             list_editions, load_edition)
from monopoly.engine import events as E
from monopoly.session.questions import CHOICE, Choice, Question
from monopoly.storage.starts import edition_choices, short_game_choices

from scenario import ANN, BOB, act, cash, give, of, paid, place

PACKAGE_FOLDER = resources.files("monopoly.engine").joinpath("editions")
BALTIC, INCOME_TAX, ELECTRIC, WATER_WORKS, BOARDWALK = 3, 4, 12, 28, 39
TEXT_GAME = {"rent_claim": "second_roll", "income_tax": "flat", "mortgage_interest": 0, "auctions": False,
             "bankrupt_deeds_auctioned": False, "doubles_roll_again": False, "three_doubles_jail": False,
             "max_players": 2}


def _us_data() -> dict[str, Any]:
    return json.loads(PACKAGE_FOLDER.joinpath("us.json").read_text("utf-8"))


def _mini_data() -> dict[str, Any]:
    """us.json made into another board: new id and label, Tiny Lane for Baltic Avenue, less cash."""
    data = _us_data()
    data.update(id="mini", name="Mini board (a test edition)", label="Mini Board", starting_cash=1000)
    del data["order"]
    baltic = data["squares"][BALTIC]
    baltic.update(name="Tiny Lane", short="Tiny", price=90, mortgage=45, rent=[7, 35, 100, 300, 450, 600])
    return data


def _write(folder: Path, data: dict[str, Any], name: str | None = None) -> Path:
    path = folder / (name or f"{data['id']}.json")
    path.write_text(json.dumps(data), "utf-8")
    return path


@pytest.fixture
def mini(tmp_path: Path) -> Iterator[Path]:
    """The mini board in a temporary folder that is the engine's edition search path (the public
    ``EDITION_FOLDERS`` list, changed in place and restored afterwards)."""
    _write(tmp_path, _mini_data())
    saved = list(EDITION_FOLDERS)
    EDITION_FOLDERS[:] = [tmp_path]
    try:
        yield tmp_path
    finally:
        EDITION_FOLDERS[:] = saved


# ---------------------------------------------------------------------------------------- discovery
def test_the_package_editions_are_its_json_files_in_menu_order():
    files = {f.name[:-len(".json")] for f in PACKAGE_FOLDER.iterdir() if f.name.endswith(".json")}
    assert set(EDITION_IDS) == files
    assert EDITION_IDS == edition_ids(()) == ("us", "uk", "dotcom")
    assert [(e.id, e.label) for e in list_editions(())] == [
        ("us", "Classic US"), ("uk", "UK (London)"), ("dotcom", ".com Edition")]


def test_each_package_edition_offers_its_short_games():
    offered = {e.id: [(g.id, g.label) for g in e.short_games] for e in list_editions(())}
    assert offered == {"us": [("time_limit", "time limit")], "uk": [("time_limit", "time limit")],
                       "dotcom": [("time_limit", "time limit"), ("dotcom", ".com short game")]}


def test_an_edition_from_an_extra_folder_is_listed_after_the_package_ones(mini):
    assert edition_ids() == ("us", "uk", "dotcom", "mini")
    assert list_editions()[-1].label == "Mini Board"
    assert edition_ids(()) == EDITION_IDS  # an empty search path lists the package's own only
    assert edition_ids([mini]) == edition_ids()  # the folders may be given instead of EDITION_FOLDERS
    ed = load_edition("mini")
    assert (ed.squares[BALTIC].name, ed.squares[BALTIC].price, ed.starting_cash) == ("Tiny Lane", 90, 1000)
    with pytest.raises(EditionError, match="unknown edition 'mini'; choose one of us, uk, dotcom"):
        load_edition("mini", folders=())


def test_a_game_plays_on_the_extra_edition_and_reloads_from_its_save(mini):
    game = Game.new(["Ann", "Bob"], edition="mini", dice=ScriptedDice([(1, 2), (1, 2)]), first_player=0)
    assert cash(game) == [1000, 1000]
    act(game, Roll(ANN))
    assert game.view.pending.kind == K.BUY and game.view.pending.square == BALTIC and game.view.pending.amount == 90
    assert of(act(game, Buy(ANN)), E.Bought) == [E.Bought(ANN, BALTIC, 90)]
    events = act(game, Roll(BOB))
    due = of(events, E.RentDue)
    assert [(d.owner, d.payer, d.square, d.amount) for d in due] == [(ANN, BOB, BALTIC, 7)]
    assert paid(act(game, ClaimRent(ANN, due[0].claim))) == [(BOB, ANN, 7)]
    assert cash(game) == [917, 993]
    resumed = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert resumed.edition.id == "mini" and resumed.to_dict() == game.to_dict()


def test_the_setup_offers_the_extra_edition(mini):
    choices = edition_choices()
    assert choices[-1] == Choice("4", "Mini Board", "mini")
    assert Question("Edition:", CHOICE, "us", choices).parse("4") == "mini"


def test_the_setup_lists_the_package_editions_as_before():
    question = Question("Edition:", CHOICE, "us", edition_choices(list_editions(())))
    assert question.render() == "Edition: (1 Classic US, 2 UK (London), 3 .com Edition) [1] "


@pytest.mark.parametrize("edition, keys", [
    ("us", [("n", "none"), ("t", "time_limit")]),
    ("dotcom", [("n", "none"), ("t", "time_limit"), ("d", "dotcom")]),
])
def test_the_setup_offers_the_short_games_of_the_edition(edition, keys):
    assert [(c.key, c.value) for c in short_game_choices(load_edition(edition))] == keys


# ---------------------------------------------------------------------------------------- refused files
def _preset_option(name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["presets"][0]["options"].__setitem__(name, value)


BAD_FILES: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("unknown preset option", _preset_option("rent_clam", "automatic"),
     r"edition mini\.presets\[0\]\.options: unknown rule option\(s\): rent_clam"),
    ("bad preset value", _preset_option("rent_claim", "never"), r"presets\[0\]\.options: rule option rent_claim must"),
    ("unknown default option", lambda d: d["default_options"].__setitem__("free_parking_jackpot", True),
     r"edition mini\.default_options: unknown rule option\(s\): free_parking_jackpot"),
    ("missing label", lambda d: d.pop("label"), r"edition mini: missing 'label'"),
    ("empty label", lambda d: d.__setitem__("label", "  "), r"edition mini\.label is empty"),
    ("missing preset label", lambda d: d["presets"][1].pop("label"), r"edition mini\.presets\[1\]: missing 'label'"),
    ("bad short game id", lambda d: d["short_games"].append({"id": "speedy", "label": "Speedy"}),
     r"short_games\[1\]: unknown short game 'speedy'; the rules play time_limit, dotcom"),
    ("'none' is not a short game", lambda d: d["short_games"].append({"id": "none", "label": "None"}),
     r"unknown short game 'none'"),
    ("short game offered twice", lambda d: d["short_games"].append({"id": "time_limit", "label": "Clock"}),
     r"short_games\[1\]: short game 'time_limit' is offered twice"),
    ("preset id twice", lambda d: d["presets"].append({**d["presets"][0]}), r"a second preset with id 'us'"),
    ("preset not an object", lambda d: d["presets"].append("uk"), r"edition mini\.presets\[4\] must be an object"),
    ("bad id", lambda d: d.__setitem__("id", "Mini Board"), r"id 'Mini Board' must be lower-case letters"),
    ("old format", lambda d: d.__setitem__("format", 1), r"format 1; this program reads edition format 2"),
    ("unknown square kind", lambda d: d["squares"][BALTIC].__setitem__("kind", "castle"),
     r"edition mini\.squares\[3\]: unknown kind 'castle'"),
    ("order not a number", lambda d: d.__setitem__("order", "last"), r"edition mini\.order must be a whole number"),
]


@pytest.mark.parametrize("change, message", [b[1:] for b in BAD_FILES], ids=[b[0] for b in BAD_FILES])
def test_a_bad_edition_file_is_refused_with_a_message_naming_the_field(tmp_path, change, message):
    data = _mini_data()
    change(data)
    path = _write(tmp_path, data, "mini.json")
    with pytest.raises(EditionError, match=message) as refused:
        list_editions([tmp_path])
    assert str(refused.value).startswith(f"{path}: ")


@pytest.mark.parametrize("write, message", [
    (lambda folder: _write(folder, _mini_data(), "tiny.json"), r"tiny\.json: the file of edition 'mini' must be "
                                                               r"named mini\.json"),
    (lambda folder: _write(folder, _us_data()), r"edition 'us' is defined twice: in editions/us\.json and in .*us\.json"),
    (lambda folder: (folder / "mini.json").write_text("{\"id\": \"mini\",", "utf-8"), r"mini\.json: not valid JSON"),
    (lambda folder: (folder / "mini.json").write_text("[1, 2]", "utf-8"), r"mini\.json: an edition file holds one "
                                                                          r"JSON object"),
])
def test_a_misplaced_or_unreadable_edition_file_is_refused(tmp_path, write, message):
    write(tmp_path)
    with pytest.raises(EditionError, match=message):
        edition_ids([tmp_path])


def test_a_folder_must_be_a_path_to_an_existing_folder(tmp_path):
    with pytest.raises(EditionError, match=r"edition folder '/tmp': give a pathlib\.Path, not a str"):
        list_editions(["/tmp"])  # type: ignore[list-item]
    with pytest.raises(EditionError, match=r"edition folder .*nowhere is not a folder"):
        list_editions([tmp_path / "nowhere"])


def test_a_game_on_an_unknown_edition_is_refused():
    with pytest.raises(EditionError, match=r"unknown edition 'monaco'; choose one of us, uk, dotcom"):
        Game.new(["Ann", "Bob"], edition="monaco", seed=1)


# ---------------------------------------------------------------------------------------- presets
@pytest.mark.parametrize("edition", EDITION_IDS)
def test_every_edition_names_the_us_uk_text_game_and_house_presets(edition):
    ed = load_edition(edition)
    assert [p.id for p in ed.presets] == (["uk", "us", "text_game", "house"] if edition == "uk"
                                          else ["us", "uk", "text_game", "house"])
    assert all(p.label and p.description for p in ed.presets)
    assert ed.preset("text_game").as_dict() == TEXT_GAME
    for preset in ed.presets:
        rules = ed.preset_rules(preset.id)
        assert preset.matches(rules) and isinstance(rules, Rules)


def test_the_uk_preset_is_the_uk_books_rules_and_the_us_one_the_us_books():
    uk, us = load_edition("uk"), load_edition("us")
    assert uk.preset("uk").matches(uk.default_rules()) and not uk.preset("us").matches(uk.default_rules())
    assert us.preset("us").matches(us.default_rules()) and not us.preset("uk").matches(us.default_rules())
    assert us.preset_rules("uk") == us.default_rules(double_rent_with_mortgage=False, jail_doubles_roll_again=True,
                                                     auction_limit="assets", settle_in_property=True,
                                                     income_tax="flat")


def test_a_preset_keeps_the_options_it_does_not_name_and_takes_changes_on_top():
    us = load_edition("us")
    rules = us.preset_rules("text_game", rent_claim="automatic")
    assert (rules.rent_claim, rules.income_tax, rules.mortgage_interest) == ("automatic", "flat", 0)
    assert rules.double_rent_with_mortgage is us.default_rules().double_rent_with_mortgage


def test_an_unknown_preset_is_refused_with_the_known_ones():
    with pytest.raises(EditionError,
                       match=r"edition us has no rule preset 'monaco' \(it has: us, uk, text_game, house\)"):
        load_edition("us").preset("monaco")


def test_the_text_game_preset_plays_flat_income_tax_and_lifts_mortgages_without_interest():
    """Two-player text game: a flat $200 income tax, no choice asked; a mortgage lifted at its value."""
    us = load_edition("us")
    game = Game.new(["Ann", "Bob"], us, us.preset_rules("text_game"), dice=ScriptedDice([(1, 2)]), first_player=0)
    place(game, ANN, 1)
    events = act(game, Roll(ANN))
    assert paid(events) == [(ANN, BANK, 200)] and not of(events, E.TaxChoiceNeeded)
    give(game, BOB, BOARDWALK, mortgaged=True)
    assert game.view.lift_cost(BOARDWALK) == 200
    assert paid(act(game, LiftMortgage(BOB, BOARDWALK))) == [(BOB, BANK, 200)]
    assert cash(game) == [1300, 1300]


# ---------------------------------------------------------------------------------------- square kinds
def test_square_kinds_are_a_string_enum_that_reads_as_its_text():
    square = load_edition("us").squares[BALTIC]
    assert square.kind is SquareKind.STREET and square.kind == "street"
    assert str(square.kind) == f"{square.kind}" == "street" and json.dumps(square.kind) == '"street"'
    assert "street" in tuple(SquareKind) and square.is_property and {SquareKind.TAX: 1}["tax"] == 1
    assert set(SquareKind) == {s.kind for s in load_edition("us").squares}


# ---------------------------------------------------------------------------------------- the .com data
def test_the_dotcom_board_follows_its_book():
    """The .com book: E-Mail Just In for Chance, Download for Community Chest, Linux for the Electric
    Company, Sun Microsystems for Water Works, income tax and every value as in the classic game."""
    dotcom, us = load_edition("dotcom"), load_edition("us")
    assert (dotcom.deck_name("chance"), dotcom.deck_name("community_chest")) == ("E-Mail Just In", "Download")
    for ours, classic in zip(dotcom.squares, us.squares):
        if classic.kind in ("chance", "community_chest"):
            assert ours.name == dotcom.deck_name(classic.kind)
        assert (ours.kind, ours.price, ours.mortgage, ours.house_cost, ours.rent, ours.multipliers, ours.amount,
                ours.percent) == (classic.kind, classic.price, classic.mortgage, classic.house_cost, classic.rent,
                                  classic.multipliers, classic.amount, classic.percent)
    assert (dotcom.squares[ELECTRIC].name, dotcom.squares[WATER_WORKS].name) == ("Linux", "Sun Microsystems")
    assert (dotcom.squares[INCOME_TAX].amount, dotcom.squares[INCOME_TAX].percent) == (200, 10)
    assert dotcom.default_rules().income_tax == us.default_rules().income_tax == "choice"
    assert {g.id for g in dotcom.short_games} == {m.value for m in ShortGame} - {"none"}
