"""The presentation layer: what the front ends say and ask, phrased once.

A decision the game waits for is a ``Prompt`` (``prompts.decision_prompt``): the question in words,
its answers each with the key the curses screen takes, the word the text mode and the network
client take, a label and the engine action it stands for, and the answer RETURN gives. The curses
screen, the text mode and the network protocol render the same prompt; none of them phrases a
decision of these kinds itself.

A debt to raise funds for (``debts.debt``) is said in one line everywhere too, though each front end
raises the money its own way.
"""

from .debts import Debt, debt
from .prompts import ANSWERS, PROMPTED, Answer, Prompt, decision_prompt

__all__ = ["ANSWERS", "PROMPTED", "Answer", "Debt", "Prompt", "debt", "decision_prompt"]
