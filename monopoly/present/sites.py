"""A choice of squares, phrased once for every front end: where the .com Offline token goes, where
a building bought at a shortage auction is placed, and where a person builds or sells.

Each is a ``SitePrompt``: the question, the command word a line mode takes ("place", "build",
"sell"), the sites with what each one means (whose deed the token would stop, what the next
building costs, what selling one pays) and the engine action it stands for, the square a cursor
starts on, and for the Offline token the lines that explain it. The curses screen moves its board
cursor over the sites and asks the question; the text mode says the line and takes the word with a
square; the network sends the line as the question.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import BOARD_SIZE, NOBODY, DecisionKind as K, Game
from ..engine import actions as A
from ..session.words import name


@dataclass(frozen=True)
class Site:
    """One square that may be chosen, what choosing it means (``detail``), its action, and the
    question that confirms it where one is asked (a sale)."""

    square: int
    name: str
    detail: str
    action: A.Action
    confirm: str = ""


@dataclass(frozen=True)
class SitePrompt:
    """A choice of squares put to ``player``: ``job`` is "offline", "place", "build" or "sell";
    ``count``: how many buildings are to go (build; 0 when not known); ``notes``: lines said
    beside the question (the Offline token's rule and why it moves now)."""

    player: int
    job: str
    text: str
    word: str
    sites: tuple[Site, ...]
    start: int | None
    notes: tuple[tuple[str, str], ...] = ()

    def squares(self) -> list[int]:
        return [s.square for s in self.sites]

    def site(self, square: int) -> Site | None:
        return next((s for s in self.sites if s.square == square), None)

    def line(self) -> str:
        """The question and its sites for a line mode: "Ann: place the house you bought (build
        SQUARE): 1 Mediterranean Avenue (house 1), 3 Baltic Avenue (house 1)"."""
        listed = ", ".join(f"{s.square} {s.name}" + (f" ({s.detail})" if s.detail else "") for s in self.sites)
        return f"{self.text} ({self.word} SQUARE): {listed or 'none'}"


def _level_word(level: int) -> str:
    return "hotel" if level >= 5 else f"house {level}"


def offline_prompt(game: Game, player: int) -> SitePrompt | None:
    """Where ``player`` may put the Offline token, when the game waits for them to move it."""
    view = game.view
    d = view.pending
    if view.over or d.kind != K.MOVE_OFFLINE or d.player != player:
        return None
    sites = []
    for s in game.edition.properties:
        action = A.MoveOffline(player, s)
        if not view.is_legal(action):
            continue
        owner = view.owner(s)
        detail = ("nobody's" if owner == NOBODY else f"{name(game, player)}'s own" if owner == player
                  else f"{name(game, owner)}'s")
        sites.append(Site(s, view.square(s).name, detail, action))
    squares = [s.square for s in sites]
    return SitePrompt(player, "offline", f"{name(game, player)}: put the Offline token on a property", "place",
                      tuple(sites), offline_start(game, player, squares),
                      tuple(offline_lines(game, player, str(d.offline_cause or ""))))


def placement_prompt(game: Game, player: int) -> SitePrompt | None:
    """Where ``player`` may put the building they bought at a shortage auction."""
    view = game.view
    d = view.pending
    if view.over or d.kind != K.PLACE_BUILDING or d.player != player:
        return None
    sites = tuple(Site(s, view.square(s).name, _level_word(view.level(s) + 1), A.Build(player, s))
                  for s in sorted(view.owned(player)) if view.is_legal(A.Build(player, s)))
    return SitePrompt(player, "place", f"{name(game, player)}: place the {d.building} you bought", "build", sites,
                      sites[0].square if sites else None)


def decision_sites(game: Game, player: int) -> SitePrompt | None:
    """The choice of squares the game waits for ``player`` to make (the Offline token, a building
    bought at auction), or None when it waits for something else."""
    return offline_prompt(game, player) or placement_prompt(game, player)


def building_prompt(game: Game, player: int, sell: bool = False, placed: int = 0, count: int = 0,
                    near: int | None = None) -> SitePrompt:
    """Where ``player`` may build (or ``sell``) the next building now: each site with its cost or
    what it pays. ``placed`` of ``count`` buildings are up (count 0: as many as they like);
    ``near``: the square chosen last, where the cursor starts (else the nearest site after it)."""
    view = game.view
    who = name(game, player)
    money = view.money
    sites = []
    for s in sorted(view.owned(player)):
        action: A.Action = A.SellBuilding(player, s) if sell else A.Build(player, s)
        if not view.is_legal(action):
            continue
        confirm = ""
        if sell:
            what = "the hotel" if view.hotel(s) else "a house"
            refund = money(view.building_sale(s).refund)
            detail = f"{what}, for {refund}"
            confirm = f"{who}: sell {what} on {view.square(s).name} to the bank for {refund} (half its price)?"
        else:
            detail = f"{_level_word(view.level(s) + 1)} for {money(view.build_cost(s))}"
        sites.append(Site(s, view.square(s).name, detail, action, confirm))
    squares = [s.square for s in sites]
    start = None
    if squares and near is not None:
        origin = near
        start = min(squares, key=lambda s: (s - origin) % BOARD_SIZE)
    if sell:
        text = f"{who}: sell a building (evenly)"
    elif count:
        text = f"{who}: place building {placed + 1} of {count}"
    else:
        text = f"{who}: build where?"
    return SitePrompt(player, "sell" if sell else "build", text, "sell" if sell else "build", tuple(sites), start)


# ---------------------------------------------------------------------------------------- the Offline token
def offline_start(game: Game, player: int, squares: list[int]) -> int | None:
    """Where the Offline cursor starts: round the board from the token, the first square of an
    opponent (that is where the token hurts), else one nobody owns, never first on the mover's own."""
    if not squares:
        return None
    view = game.view
    origin = view.offline_square if view.offline_square is not None else 0
    ordered = sorted(squares, key=lambda s: ((s - origin) % BOARD_SIZE) or BOARD_SIZE)
    for wanted in (lambda o: o not in (player, NOBODY), lambda o: o != player):
        found = next((s for s in ordered if wanted(view.owner(s))), None)
        if found is not None:
            return found
    return ordered[0]


def offline_lines(game: Game, player: int, reason: str) -> list[tuple[str, str]]:
    """What the Offline token does and why it moves now (the curses side panel; the text mode's
    lines before the question)."""
    who = name(game, player)
    why = {"doubles": f"{who} threw doubles, so {who} moves it.",
           "landed": f"A player landed on {who}'s property under it, so {who} moves it."}.get(
        reason, f"{who} moves it now.")
    here = game.view.offline_square
    where = game.edition.squares[here].name if here is not None else "off the board"
    return [("The Offline token (.com rule)", "title"),
            ("A property under the Offline token charges no rent.", "message"),
            (why, "message"),
            (f"It is now on {where}.", "dim"),
            ("Put it on an opponent's property to stop their rent there (the cursor starts on one).", "message")]
