"""The rule options as the front ends offer them: ``--rule`` and ``--preset`` on the command line,
``monopoly rules``, and the set-up's question for each option.

Everything offered comes from the engine's one list (``rule_options()``: name, kind, values,
help) and from the edition files (defaults, named presets, the short games each board plays), so
an option added to ``Rules`` or a preset added to an edition file is offered by every front end
and listed by ``monopoly rules`` without a change here. Nothing here prints or draws: callers get
values, lines and ``RuleChoiceError`` messages, and the curses screen and the text mode ask the
same ``Question`` objects each in its own way.
"""

from __future__ import annotations

import argparse
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..engine import Edition, OptionInfo, RulePreset, ShortGame, list_editions, load_edition, rule_options
from .questions import CHOICE, NUMBER, TEXT, YESNO, Choice, Question, format_hours_minutes, parse_hours_minutes

Ask = Callable[[Question], Any]
Note = Callable[[str, str], None]

DEFAULT_TIME_MINUTES = 60  # offered for the time-limit game when no time was chosen
OWN_RULES = ""  # the preset question's answer for "the edition's own rules"
TIME_OPTIONS = ("time_limit_minutes", "time_limit_three_houses")  # asked only for the time-limit game
POT_OPTIONS = ("pot_card_payments", "pot_stake")  # asked only with the Free Parking jackpot


class RuleChoiceError(ValueError):
    """A rule option or preset that cannot be played; the message names it and what is allowed."""


# ---------------------------------------------------------------------------------------- lookup
def option_info(name: str) -> OptionInfo:
    """The option called ``name``; ``RuleChoiceError`` lists the options when there is none."""
    for info in rule_options():
        if info.name == name:
            return info
    known = ", ".join(i.name for i in rule_options())
    raise RuleChoiceError(f"unknown rule option {name!r}; the options are: {known}")


def parse_rule(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` (as ``--rule`` takes it) as the option's name and value."""
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or not name:
        raise RuleChoiceError(f"--rule {text!r}: write NAME=VALUE, such as rent_claim=automatic "
                              "(monopoly rules lists them)")
    info = option_info(name)
    try:
        return name, info.parse(value)
    except ValueError as exc:
        said = str(exc)
        raise RuleChoiceError(said if info.values in said or not info.choices else f"{said} ({info.values})") from None


def preset_ids(editions: Iterable[Edition] | None = None) -> list[str]:
    """Every preset id any edition has, in the order the editions list them."""
    out: list[str] = []
    for edition in list_editions() if editions is None else editions:
        out += [p.id for p in edition.presets if p.id not in out]
    return out


def chosen_rules(edition_id: str, rules: Sequence[str] = (), preset: str | None = None) -> dict[str, Any]:
    """The options a game of ``edition_id`` starts with from ``--preset`` and ``--rule`` flags:
    the preset laid over the edition's defaults, each rule over that. Only options that differ from
    the edition's defaults are returned (the engine starts from those). ``RuleChoiceError`` names a
    bad option, value or preset with what is allowed, and refuses a mix the rules cannot play."""
    edition = load_edition(edition_id)
    changes: dict[str, Any] = {}
    if preset:
        if preset not in {p.id for p in edition.presets}:
            known = ", ".join(p.id for p in edition.presets) or "none"
            raise RuleChoiceError(f"unknown preset {preset!r} for the {edition.id} edition; its presets are: {known}")
        changes.update(edition.preset(preset).as_dict())
    for text in rules:
        name, value = parse_rule(text)
        changes[name] = value
    offered = {g.id for g in edition.short_games} | {ShortGame.NONE.value}
    wanted = changes.get("short_game")
    if wanted is not None and str(wanted) not in offered:
        raise RuleChoiceError(f"the {edition.id} edition plays no short game {str(wanted)!r}; "
                              f"it offers: {', '.join(sorted(offered))}")
    if wanted == ShortGame.TIME_LIMIT and not changes.get("time_limit_minutes"):
        changes["time_limit_minutes"] = DEFAULT_TIME_MINUTES
    return differences(edition, changes)


def differences(edition: Edition, changes: Mapping[str, Any]) -> dict[str, Any]:
    """``changes`` checked as a whole (``RuleChoiceError`` when the rules refuse the mix), keeping
    only the options that differ from ``edition``'s defaults, as plain values."""
    try:
        rules = edition.default_rules(**dict(changes)).to_dict()
    except ValueError as exc:
        raise RuleChoiceError(str(exc)) from None
    base = edition.default_rules().to_dict()
    return {k: v for k, v in rules.items() if v != base[k]}


def most_players(edition: Edition, changes: Mapping[str, Any]) -> int:
    """The most players a game of ``edition`` takes with these options (the text game: two)."""
    return int(edition.default_rules(**dict(changes)).max_players)


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rule NAME=VALUE`` (repeatable) and ``--preset NAME`` on a command line."""
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                        help="change one rule option, e.g. rent_claim=automatic (repeatable; monopoly rules "
                             "lists them)")
    parser.add_argument("--preset", metavar="NAME",
                        help=f"a named set of rules over the board's: {', '.join(preset_ids())}")


# ---------------------------------------------------------------------------------------- listing
def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rules_listing() -> list[str]:
    """``monopoly rules``: every option with its values (a number's range), its plain-words name and
    help, the words for its values and each edition's default, then the presets."""
    editions = list_editions()
    out = ["Rule options: --rule NAME=VALUE (repeatable). Each edition's default is shown.", ""]
    for info in rule_options():
        out.append(f"{info.name}: {info.values}")
        out.append(f"    {info.title}: {info.help}")
        if info.choices:
            out.append("    values: " + "; ".join(f"{c} ({info.describe(c)})" for c in info.choices))
        elif info.kind is int and info.words:
            out.append("    " + "; ".join(f"{v:,} means {said}" for v, said in info.words))
        defaults = ", ".join(f"{e.id} {_shown(e.default_rules().to_dict()[info.name])}" for e in editions)
        out.append(f"    default: {defaults}")
    out += ["", "Presets: --preset NAME sets several options at once, over the edition's defaults.", ""]
    for pid in preset_ids(editions):
        having = [e for e in editions if pid in {p.id for p in e.presets}]
        preset = having[0].preset(pid)
        sets = ", ".join(f"{k}={_shown(v)}" for k, v in preset.options)
        out.append(f"{pid}: {preset.label} ({sets})")
        if preset.description:
            out.append(f"    {preset.description}")
        if len(having) < len(editions):
            out.append(f"    editions: {', '.join(e.id for e in having)}")
    short = ", ".join(f"{e.id} {' or '.join(g.id for g in e.short_games) or 'none'}" for e in editions)
    out += ["", f"Short games each edition plays (short_game): {short}."]
    return out


# ---------------------------------------------------------------------------------------- the set-up
def offered_presets(edition: Edition) -> tuple[RulePreset, ...]:
    """The presets the set-up offers for ``edition``: those that change something, so a board's own
    rules are not offered twice (the US board's "US rules" are its own rules)."""
    own = edition.default_rules()
    return tuple(p for p in edition.presets if not p.matches(own))


def preset_question(edition: Edition, default: str = OWN_RULES, own: str = "") -> Question:
    """Which rules to start from: the edition's own, or one of its named presets (``default``: the
    one RETURN takes; ``own``: what the first choice is called, by default the edition's rules)."""
    choices = (Choice("1", own or f"{edition.label} rules", OWN_RULES),) + tuple(
        Choice(str(k + 2), p.label, p.id) for k, p in enumerate(offered_presets(edition)))
    return Question("Rules:", CHOICE, default, choices)


def preset_in(edition: Edition, chosen: Mapping[str, Any]) -> str:
    """The offered preset that options already chosen (``--preset`` on the command line) play in
    full, the one setting most options if several do; the edition's own rules when none."""
    rules = edition.default_rules(**dict(chosen))
    fits = [p for p in offered_presets(edition) if p.options and p.matches(rules)
            and any(name in chosen for name, _ in p.options)]
    return max(fits, key=lambda p: len(p.options)).id if fits else OWN_RULES


def option_question(info: OptionInfo, edition: Edition, current: Any) -> Question:
    """The question for one option in plain words, its default the value chosen so far (RETURN keeps it)."""
    text = f"{info.title}:"
    if info.kind is bool:
        return Question(text, YESNO, bool(current))
    if info.name == "time_limit_minutes":
        minutes = int(current) or DEFAULT_TIME_MINUTES
        return Question(f"{info.title} (hours and minutes):", TEXT, minutes, check=parse_hours_minutes,
                        default_label=format_hours_minutes(minutes), max_len=8)
    if info.kind is int:
        label = info.describe(current) if any(v == current for v, _ in info.words) else None
        return Question(text, NUMBER, int(current), low=info.low, high=info.high, default_label=label)
    values = list(info.choices)
    if info.name == "short_game":  # only the short games this board plays
        values = [ShortGame.NONE.value] + [g.id for g in edition.short_games]
    return Question(text, CHOICE, str(current),
                    tuple(Choice(str(k + 1), info.describe(v), v) for k, v in enumerate(values)))


def _skipped(name: str, values: Mapping[str, Any]) -> bool:
    """Whether the set-up skips the question for option ``name``: it means nothing with the values so far."""
    if name in TIME_OPTIONS:
        return bool(values["short_game"] != ShortGame.TIME_LIMIT)
    if name in POT_OPTIONS:
        return not values["free_parking_pot"]
    return False


def ask_rule_options(ask: Ask, note: Note, edition: Edition, start: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The set-up's rule questions: a preset (or the edition's own rules), then, if wanted, each
    option on its own in plain words with the value so far as its default. ``start`` holds options
    already chosen (the command line's); the options that differ from the edition's defaults are
    returned.

    ``ask`` puts a ``Question`` and returns the answer; ``note`` shows a line of explanation."""
    chosen: dict[str, Any] = dict(start or {})
    given = preset_in(edition, chosen)  # the command line's preset is the default shown
    mixed = not given and differences(edition, chosen)  # options of the command line, no preset in full
    preset = ask(preset_question(edition, given, "the command line's rules" if mixed else ""))
    if given and preset != given:  # another choice: the command line's preset gives way to it
        for name, _ in edition.preset(given).options:
            chosen.pop(name, None)
    if preset:
        chosen.update(edition.preset(preset).as_dict())
    values = edition.default_rules(**chosen).to_dict()
    if ask(Question("Change the rule options one by one?", YESNO, False)):
        for info in rule_options():
            if _skipped(info.name, values):
                continue
            note(f"{info.title}: {info.help}", "dim")
            values[info.name] = ask(option_question(info, edition, values[info.name]))
            if info.name == "short_game" and values["short_game"] == ShortGame.TIME_LIMIT:
                values["time_limit_minutes"] = values["time_limit_minutes"] or DEFAULT_TIME_MINUTES
    return differences(edition, values)
