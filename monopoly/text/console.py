"""Lines out, lines in: the text mode's only contact with the terminal.

Plain text on standard output, one line a message; no cursor addressing, no box drawing. Colour
only when asked for and standard output is a real terminal. When the commands come from a pipe
or a file, each one is written after its prompt, so the transcript reads as the game was played.
"""

from __future__ import annotations

from typing import Callable, TextIO

from ..session.safe_text import shown

COLOURS = {"good": "32", "bad": "31", "rent": "33", "title": "1", "dim": "2"}  # ANSI codes by theme role


class Console:
    def __init__(self, stdin: TextIO, stdout: TextIO, colour: bool = False, echo: bool | None = None) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.colour = colour and _isatty(stdout)
        self.echo = (not _isatty(stdin)) if echo is None else echo

    def say(self, text: str, role: str = "message") -> None:
        text = shown(text, newlines=True)  # a name from a file or from input: never an escape sequence
        code = COLOURS.get(role) if self.colour else None
        self.stdout.write(f"\x1b[{code}m{text}\x1b[0m\n" if code else f"{text}\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """Write the prompt and read one line; ``EOFError`` at the end of the input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise EOFError
        line = line.rstrip("\r\n")
        if self.echo:  # what was typed, shown back made safe (piped input may hold escapes)
            self.stdout.write(shown(line) + "\n")
        return line

    def ask_until(self, prompt: str, parse: Callable[[str], object]) -> object:
        """Ask until ``parse`` takes the answer; each refusal is one line saying what is allowed."""
        while True:
            try:
                return parse(self.ask(prompt))
            except ValueError as exc:
                self.say(f"  {exc}", "bad")


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
