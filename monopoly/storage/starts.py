"""How a game starts, the same for every front end: a new game from the set-up's answers or from
``--players``, or a save resumed (``start_from_command_line``).

The questions follow the computer editions: resume a saved game or start a new one; the edition;
the rule options (claiming rent, the UK differences, the Offline rule, the short games with a time
in hours and minutes); the number of players; then for each player a token, a name of up to seven
letters, person or computer, and a computer's level (easy, normal, hard, expert: ``ai.levels``, each told with
the strategy behind it and a line on how it plays; "other" lists the remaining strategies, the
benchmark opponents, with what each is). The editions, their labels, rule presets and short
games come from the engine's edition data, so a board added as a data file is offered here too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from . import saves
from ..engine import Edition, Game, ScriptedDice, build_game, list_editions, load_edition
from .positions import read_position
from ..session.rule_options import ask_rule_options, most_players
from ..session.safe_text import shown
from ..session.model import UIState, default_tokens
from ..session.words import join_words
from ..session.questions import (CHOICE, NUMBER, TEXT, YESNO, Choice, Question, parse_player_name)

SUGGESTED_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
NO_SHORT_GAME = Choice("n", "none", "none")
# One-character keys for choices listed in order (the editions); a Choice key is one character.
NUMBERED_KEYS = "123456789abcdefghijklmnopqrstuvwxyz"


def edition_choices(editions: Sequence[Edition] | None = None) -> tuple[Choice, ...]:
    """The edition question's answers: every edition the engine finds (default ``list_editions()``).

    Keys run 1-9 then a-z; a Choice key is one character, so editions past the 35th are not offered.
    """
    listed = list_editions() if editions is None else editions
    return tuple(Choice(key, e.label, e.id) for key, e in zip(NUMBERED_KEYS, listed))


def short_game_choices(edition: Edition) -> tuple[Choice, ...]:
    """No short game, then each short game the edition offers, keyed by the first free letter of its id."""
    choices = [NO_SHORT_GAME]
    for game in edition.short_games:
        taken = {c.key for c in choices}
        key = next(ch for ch in game.id + NUMBERED_KEYS if ch.isalnum() and ch not in taken)
        choices.append(Choice(key, game.label, game.id))
    return tuple(choices)


@dataclass(frozen=True)
class ComputerApi:
    """What the set-up needs of the computer players (``computer_api``)."""

    players: Any  # the ComputerPlayers class
    levels: tuple[Any, ...]  # ai.levels.LEVELS
    default_level: str
    others: list[str]  # the strategies no level offers
    strategy: Callable[[str], str]  # a level or a strategy's name -> the strategy (ValueError: unknown)
    describe: Callable[[str], str]  # a strategy's name -> "name: what it is"


def computer_api() -> ComputerApi | None:
    """The computer players, their levels and strategies, or None when computers are unavailable."""
    try:
        from ..ai import ComputerPlayers
        from ..ai.levels import DEFAULT_LEVEL, LEVELS, computer_strategy, other_strategies, strategy_line
    except ImportError:
        return None
    return ComputerApi(ComputerPlayers, LEVELS, DEFAULT_LEVEL, other_strategies(), computer_strategy, strategy_line)


@dataclass
class PlayerPlan:
    name: str
    token: str
    strategy: str | None = None  # None for a person


@dataclass
class GamePlan:
    edition: str = "us"
    rules: dict[str, Any] = field(default_factory=dict)
    players: list[PlayerPlan] = field(default_factory=list)


@dataclass
class Started:
    """A game ready to play: new or resumed."""

    game: Game
    computers: Any
    ui: UIState
    save_name: str | None = None
    resumed_from: Path | None = None
    loaded: saves.LoadedGame | None = None  # the save it was resumed from: its identity and files


# ---------------------------------------------------------------------------------------- quick set-up
def parse_players(text: str, edition: str = "us") -> GamePlan:
    """``"Ann,Bob,cpu:hard"``: names for people, ``cpu``, ``cpu:LEVEL`` (easy, normal, hard) or
    ``cpu:STRATEGY`` (any strategy by name) for computers."""
    entries = [e.strip() for e in text.split(",")]
    if any(not e for e in entries):
        raise ValueError("--players: an empty name in the list")
    if not 2 <= len(entries) <= 8:
        raise ValueError(f"--players: a game has 2 to 8 players, not {len(entries)}")
    api = None
    tokens = list(load_edition(edition).tokens)
    plan = GamePlan(edition=edition)
    taken: list[str] = [e for e in entries if not e.lower().startswith("cpu")]
    computer_number = 0
    for i, entry in enumerate(entries):
        low = entry.lower()
        if low == "cpu" or low.startswith("cpu:"):
            if api is None:
                api = computer_api()
                if api is None:
                    raise ValueError("--players: computer players are not available in this installation")
            try:
                strategy = api.strategy(entry.split(":", 1)[1] if ":" in entry else "")
            except ValueError as exc:
                raise ValueError(f"--players: {exc}") from None
            computer_number += 1
            name = f"CPU{computer_number}"
            while name.lower() in (t.lower() for t in taken):
                computer_number += 1
                name = f"CPU{computer_number}"
            taken.append(name)
            plan.players.append(PlayerPlan(name, tokens[i % len(tokens)], strategy))
        else:
            others = tuple(t for j, t in enumerate(entries) if j < i and not t.lower().startswith("cpu"))
            try:
                name = parse_player_name(entry, others)
            except ValueError as exc:
                raise ValueError(f"--players: {entry!r}: {exc}") from None
            plan.players.append(PlayerPlan(name, tokens[i % len(tokens)]))
    return plan


# Computers alone may trade and build too little ever to bankrupt each other (eight of them went past
# turn 1,300): a game with no person in it stops at this turn, unfinished, as ``monopoly simulate``
# does, and shows the final valuation.
COMPUTERS_ONLY_TURN_LIMIT = 1000


def start_game(plan: GamePlan, seed: int | None) -> Started:
    """Create the game (everyone throws for the start) and its computer players."""
    rules = dict(plan.rules)
    if plan.players and all(p.strategy for p in plan.players):
        rules.setdefault("max_turns", COMPUTERS_ONLY_TURN_LIMIT)
    game = Game.new([p.name for p in plan.players], plan.edition, rules or None, seed=seed)
    seats = {i: p.strategy for i, p in enumerate(plan.players) if p.strategy}
    computers = None
    if seats:
        api = computer_api()
        if api is None:
            raise ValueError("computer players are not available in this installation")
        computers = api.players(game, seats, seed=None if seed is None else seed + 1)
    ui = UIState(tokens=[p.token for p in plan.players])
    return Started(game, computers, ui)


def resume(loaded: saves.LoadedGame) -> Started:
    """A loaded save ready to play on; ``SaveError`` when it cannot be played.

    Scripted dice (the tests' dice) are a valid save but run out after their last throw, which
    would stop the game at that throw: such a save is refused as edited, not played into a crash.
    """
    if isinstance(loaded.game.dice, ScriptedDice):
        raise saves.SaveError(f"{loaded.path}: edited by hand (it throws scripted test dice, which run out)")
    ui = UIState.from_settings(loaded.ui, loaded.game)
    name = loaded.path.stem if saves.NAME_PATTERN.fullmatch(loaded.path.stem) else None
    if name is not None and saves.is_autosave_name(name):
        name = None
    return Started(loaded.game, loaded.computers, ui, name, loaded.path, loaded)


class StartProblem(Exception):
    """Why the game the command line asks for cannot start; ``bad_save`` tells a save that cannot
    be loaded (exit 1) from a mistake in the command (exit 2)."""

    def __init__(self, message: str, bad_save: bool = False) -> None:
        super().__init__(message)
        self.bad_save = bad_save


def save_dir_problem(save_dir: Path) -> str | None:
    """Why the saves could not be kept in ``save_dir``, found before the game starts, or None."""
    try:
        if save_dir.exists() and not save_dir.is_dir():
            return f"--save-dir {shown(str(save_dir))}: not a folder (the saves could not be written)"
    except OSError as exc:  # a name in the path longer than the system allows, a loop of links ...
        return f"--save-dir {shown(str(save_dir))}: cannot be used ({shown(exc.strerror or str(exc))})"
    return None


def start_from_command_line(load: str | None, players: str | None, edition: str | None, seed: int | None,
                            rules: dict[str, Any], save_dir: Path) -> tuple[Started | None, saves.LoadedGame | None]:
    """The game ``--load`` or ``--players`` asks for, the same in both front ends: a save resumed
    (with what was loaded), a quick set-up, or (None, None) for the set-up's questions.

    Raises ``StartProblem`` saying what is wrong with the command or the save.
    """
    if seed is not None and abs(seed) >= 2**63:  # a save holds no number that large
        raise StartProblem("--seed: a whole number of at most 18 digits")
    problem = save_dir_problem(save_dir)
    if problem is not None:
        raise StartProblem(problem)
    if load:
        try:
            loaded = saves.read_save(saves.resolve(load, save_dir))
            return resume(loaded), loaded  # resume refuses a save that throws scripted dice
        except saves.SaveError as exc:
            raise StartProblem(f"cannot load the game: {exc}", bad_save=True) from None
    if players:
        try:
            plan = parse_players(players, edition or "us")
        except ValueError as exc:
            raise StartProblem(str(exc)) from None
        plan.rules = rules
        try:
            return start_game(plan, seed), None
        except ValueError as exc:  # more players than the rules take, say
            raise StartProblem(f"--players: {exc}") from None
    return None, None


def ask_new_game(ask: Callable[[Question], Any], note: Callable[..., None], default_edition: str = "us",
                 rules: dict[str, Any] | None = None) -> GamePlan:
    """The new-game questions, put through ``ask`` (a ``Question`` in, the answer out) and ``note``
    (a line of explanation): the curses set-up and the text mode ask the same questions this way.
    ``rules`` are options chosen on the command line, the rule questions' starting point."""
    plan = GamePlan()
    plan.edition = ask(Question("Edition:", CHOICE, default_edition, edition_choices()))
    edition = load_edition(plan.edition)
    plan.rules = ask_rule_options(ask, note, edition, rules)
    api = computer_api()
    count = ask(Question("How many players?", NUMBER, 2, low=2, high=most_players(edition, plan.rules)))
    tokens = list(edition.tokens)
    free = list(tokens)
    names: list[str] = []
    levels_told = False
    for i in range(count):
        note("")
        note(f"Player {i + 1}", "title")
        token = ask(Question(f"Player {i + 1}, choose a token:", CHOICE, free[0], tuple(
            Choice(str(tokens.index(t) + 1), t, t) for t in free)))
        free.remove(token)
        # Player i's own suggestion first: after player 1 is renamed Annabel, player 2 is still
        # offered Bob (not Ann, player 1's suggestion left free by the renaming).
        pool = SUGGESTED_NAMES[i:] + SUGGESTED_NAMES[:i] + tuple(f"P{k}" for k in range(1, 9))
        suggestion = next(n for n in pool if n.lower() not in (x.lower() for x in names))
        name = ask(Question("Name (up to 7 letters)", TEXT, suggestion,
                            check=functools.partial(parse_player_name, taken=tuple(names)), max_len=7))
        names.append(name)
        strategy = None
        if api is not None:
            if ask(Question(f"Is {name} a computer player?", YESNO, False)):
                if not levels_told:
                    tell_levels(api, note)
                    levels_told = True
                strategy = ask_level(api, ask, note)
        plan.players.append(PlayerPlan(name, token, strategy))
    return plan


def tell_levels(api: ComputerApi, note: Callable[..., None]) -> None:
    """The computer levels, one line each: key, level, the strategy behind it and how it plays."""
    note("Computer levels:", "title")
    width = max(len(level.name) for level in api.levels)
    for level in api.levels:
        note(f"  {level.key.upper()} {level.name:<{width}}  {level.strategy}: {level.description}")
    if api.others:
        note(f"  O other (benchmark opponents): {join_words(api.others)}", "dim")


def ask_level(api: ComputerApi, ask: Callable[[Question], Any], note: Callable[..., None]) -> str:
    """A computer player's level (its strategy's name); "other" lists the remaining strategies with
    what each is, and asks for one."""
    choices = tuple(Choice(level.key, level.name, level.strategy) for level in api.levels)
    if api.others:
        choices += (Choice("o", "other", ""),)  # not None: a front end's ask reads None as "go back"
    default = next(level.strategy for level in api.levels if level.name == api.default_level)
    strategy: str = ask(Question("Level:", CHOICE, default, choices))
    if strategy:
        return strategy
    note("Other computer players:", "title")
    for k, name in enumerate(api.others):
        note(f"  {NUMBERED_KEYS[k].upper()} {api.describe(name)}")
    others = tuple(Choice(NUMBERED_KEYS[k], name, name) for k, name in enumerate(api.others[:len(NUMBERED_KEYS)]))
    answer: str = ask(Question("Strategy:", CHOICE, others[0].value, others))
    return answer


def start_from_position(path: str | Path, seed: int | None = None, computers: str | None = None) -> Started:
    """The game of ``monopoly --position``: set up from the file, every seat a person except the
    ``computers`` ("Bob:ruthless,Cy": names from the position, each with an optional strategy).

    Dice come from ``seed``, else the position's seed, else a random one. Raises ``PositionError``
    for a bad file and ``ValueError`` for a bad ``computers`` list.
    """
    game = build_game(read_position(path), seed=seed)
    players = None
    if computers:
        api = computer_api()
        seats: dict[int, str] = {}
        if api is None:
            raise ValueError("--computers: computer players are not available in this installation")
        names = [p.name.lower() for p in game.view.players()]
        for entry in (e.strip() for e in computers.split(",")):
            name, _, word = entry.partition(":")
            if name.strip().lower() not in names:
                raise ValueError(f"--computers: the position has no player {name.strip()!r}")
            try:
                strategy = api.strategy(word)
            except ValueError as exc:
                raise ValueError(f"--computers: {exc}") from None
            seats[names.index(name.strip().lower())] = strategy
        players = api.players(game, seats, seed=None if seed is None else seed + 1)
    return Started(game, players, UIState(tokens=default_tokens(game, len(game.view.players()))))
