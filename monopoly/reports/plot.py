"""``monopoly simulate --plot FILE.svg``: the win shares and game lengths of a run as one SVG chart;
``monopoly analyse --plot FILE.svg``: each player's estimated chance of winning over the turns.

Plain SVG written with the standard library: no plotting package to install, and the file opens
in any browser. Left, a bar per strategy (and one for unfinished games) with its 95% interval;
right, a histogram of game lengths in turns.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence
from xml.sax.saxutils import escape

WIDTH, HEIGHT = 900, 420
PANEL_W, PANEL_H = 360, 260
TOP, LEFT = 70, 70
BINS = 20
BAR = "#4a78b0"
DIM = "#999999"


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "middle", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"{extra}>'
            f"{escape(text)}</text>")


def _rect(x: float, y: float, w: float, h: float, fill: str) -> str:
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(0.0, w):.1f}" height="{max(0.0, h):.1f}" fill="{fill}"/>'


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str = "#000") -> str:
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}"/>'


def _axes(x: float, y: float) -> list[str]:
    return [_line(x, y, x, y + PANEL_H), _line(x, y + PANEL_H, x + PANEL_W, y + PANEL_H)]


def _win_shares(report: dict[str, Any], x: float, y: float) -> list[str]:
    games = max(1, report["games"])
    bars = [(name, r["win_share"], r["ci95"], BAR) for name, r in report["results"].items()]
    bars.append(("unfinished", report["unfinished"] / games, None, DIM))
    top = max(0.05, max(max(share, ci[1] if ci else 0.0) for _, share, ci, _ in bars))
    out = _axes(x, y) + [_text(x + PANEL_W / 2, y - 20, "Win share (95% interval)", 14)]
    slot = PANEL_W / len(bars)
    for i, (name, share, ci, colour) in enumerate(bars):
        left = x + i * slot + slot * 0.15
        height = PANEL_H * share / top
        out.append(_rect(left, y + PANEL_H - height, slot * 0.7, height, colour))
        out.append(_text(left + slot * 0.35, y + PANEL_H - height - 4, f"{100 * share:.1f}%", 11))
        out.append(_text(left + slot * 0.35, y + PANEL_H + 16, name, 11))
        if ci is not None:
            mid = left + slot * 0.35
            low, high = (y + PANEL_H - PANEL_H * c / top for c in ci)
            out.append(_line(mid, low, mid, high, "#222"))
    out.append(_text(x - 8, y + 4, f"{100 * top:.0f}%", 10, "end"))
    out.append(_text(x - 8, y + PANEL_H, "0%", 10, "end"))
    return out


def _lengths(turns: Sequence[int], x: float, y: float) -> list[str]:
    out = _axes(x, y) + [_text(x + PANEL_W / 2, y - 20, "Game length (turns)", 14)]
    if not turns:
        return out
    low, high = min(turns), max(turns)
    width = max(1, -(-(high - low + 1) // BINS))
    counts = [0] * (-(-(high - low + 1) // width))
    for t in turns:
        counts[(t - low) // width] += 1
    top = max(counts)
    slot = PANEL_W / len(counts)
    for i, count in enumerate(counts):
        height = PANEL_H * count / top
        out.append(_rect(x + i * slot + 1, y + PANEL_H - height, slot - 2, height, BAR))
    out += [_text(x, y + PANEL_H + 16, str(low), 11), _text(x + PANEL_W, y + PANEL_H + 16, str(high), 11),
            _text(x - 8, y + 4, str(top), 10, "end"), _text(x - 8, y + PANEL_H, "0", 10, "end"),
            _text(x + PANEL_W / 2, y + PANEL_H + 34, "games per length", 11)]
    return out


def simulation_svg(report: dict[str, Any], turns: Sequence[int]) -> str:
    """The chart of a ``simulate`` report (``summarize``) and its games' lengths, as SVG text."""
    title = (f"{report['games']} games, edition {report['edition']}, seed {report['seed']}: "
             f"{', '.join(report['strategies'])}")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">',
             _rect(0, 0, WIDTH, HEIGHT, "#ffffff"), _text(WIDTH / 2, 28, title, 15)]
    parts += _win_shares(report, LEFT, TOP)
    parts += _lengths(turns, LEFT + PANEL_W + 90, TOP)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# A colour and a dash pattern a player, so the lines can be told apart without colour too.
SERIES = (("#4a78b0", ""), ("#c0504d", "8 4"), ("#4f9a48", "2 3"), ("#8064a2", "10 3 2 3"),
          ("#e08a1e", "4 4"), ("#333333", "1 2"), ("#2ba3a3", "12 2"), ("#a0522d", "6 2 2 2"))
CHART_W, CHART_H = 680, 300


def chances_svg(names: Sequence[str], turns: Sequence[int], chances: Sequence[Sequence[float]],
                title: str = "Estimated chance of winning, turn by turn") -> str:
    """Each player's chance (0 to 1) at the start of each turn in ``turns``, a line a player, as SVG
    text; the legend names each line."""
    width, height = LEFT + CHART_W + 190, TOP + CHART_H + 60
    x0, y0 = LEFT, TOP
    first, last = (turns[0], turns[-1]) if turns else (0, 1)
    span = max(1, last - first)

    def at(turn: int, value: float) -> tuple[float, float]:
        return x0 + CHART_W * (turn - first) / span, y0 + CHART_H * (1 - min(1.0, max(0.0, value)))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             _rect(0, 0, width, height, "#ffffff"), _text(width / 2, 28, title, 15),
             _line(x0, y0, x0, y0 + CHART_H), _line(x0, y0 + CHART_H, x0 + CHART_W, y0 + CHART_H)]
    for tick in (0, 25, 50, 75, 100):
        y = y0 + CHART_H * (1 - tick / 100)
        parts += [_line(x0 - 4, y, x0, y), _text(x0 - 8, y + 4, f"{tick}%", 11, "end")]
        if tick:
            parts.append(_line(x0, y, x0 + CHART_W, y, "#e4e4e4"))
    for turn in sorted({first, last, first + span // 2}):
        x = at(turn, 0)[0]
        parts += [_line(x, y0 + CHART_H, x, y0 + CHART_H + 4), _text(x, y0 + CHART_H + 18, str(turn), 11)]
    parts.append(_text(x0 + CHART_W / 2, y0 + CHART_H + 40, "turn", 12))
    for p, name in enumerate(names):
        colour, dash = SERIES[p % len(SERIES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (at(t, cs[p]) for t, cs in zip(turns, chances)))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dashed}/>')
        ly = y0 + 10 + 22 * p
        parts += [f'<line x1="{x0 + CHART_W + 20}" y1="{ly:.1f}" x2="{x0 + CHART_W + 50}" y2="{ly:.1f}" '
                  f'stroke="{colour}" stroke-width="2"{dashed}/>',
                  _text(x0 + CHART_W + 58, ly + 4, name, 12, "start")]
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def write_svg(path: str | Path, svg: str) -> str | None:
    """Write ``svg`` to ``path``; the problem, if it could not be written, else None."""
    try:
        Path(path).write_text(svg, encoding="utf-8")
    except OSError as exc:
        return f"--plot {path}: cannot write ({exc.strerror or exc})"
    return None


def write_plot(path: str | Path, report: dict[str, Any], turns: Sequence[int]) -> str | None:
    """Write the chart to ``path``; the problem, if it could not be written, else None."""
    return write_svg(path, simulation_svg(report, turns))
