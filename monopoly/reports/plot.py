"""``monopoly simulate --plot FILE.svg``: the win shares and game lengths of a run as one SVG chart.

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


def write_plot(path: str | Path, report: dict[str, Any], turns: Sequence[int]) -> str | None:
    """Write the chart to ``path``; the problem, if it could not be written, else None."""
    try:
        Path(path).write_text(simulation_svg(report, turns), encoding="utf-8")
    except OSError as exc:
        return f"--plot {path}: cannot write ({exc.strerror or exc})"
    return None
