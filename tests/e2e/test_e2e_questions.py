"""Every number on screen says which question it answers, and one question reads one number.

A seeded game is played by clicking. After every action, once the board and the panels show
the kernel's latest state, every probability the page shows is read with its question: the
divers' cards and the mover's choices (`.dsw-number` with `data-question`), and the panels'
bars (each labelled bar carries its question as plotly `customdata`). Each number must have a
question, and a question that appears in several places must read the same text in all of
them. (Whether the numbers are right is for the seeded unit tests, not the browser.)
"""
from __future__ import annotations

import json

import pytest

from board_page import BoardPage, play_cell

pytestmark = pytest.mark.e2e

# (where, kind, question, text) for every number on the page: a chance ("p") or points
NUMBERS_JS = """() => {
    const out = [];
    for (const el of document.querySelectorAll('.dsw-root .dsw-number')) {
        const where = el.classList.contains('dsw-choice') ? 'card choice' : 'card badge';
        out.push({where, kind: 'p', question: el.dataset.question || '', text: el.dataset.shown || el.textContent});
        if (el.dataset.points) out.push({where, kind: 'points', question: el.dataset.question || '', text: el.dataset.points});
    }
    document.querySelectorAll('.js-plotly-plot').forEach((gd, i) => {
        for (const trace of gd.data || []) {
            if (trace.visible === false || !Array.isArray(trace.text) || trace.type !== 'bar') continue;
            if (trace.name !== 'P(home)' && trace.name !== 'expected points') continue;
            const kind = trace.name === 'P(home)' ? 'p' : 'points';
            trace.text.forEach((text, j) => {
                if (!text || text === 'not dived') return;
                const q = Array.isArray(trace.customdata) ? trace.customdata[j] : '';
                out.push({where: `panel ${i}`, kind, question: q || '', text: String(text)});
            });
        }
    });
    return out;
}"""

# The figures' revisions drawn on the page, and the board's state number.
DRAWN_JS = """() => ({seq: document.querySelector('.dsw-root')?.dataset.seq,
    revisions: [...document.querySelectorAll('.dsw-figure [data-revision]')].map((d) => +d.dataset.revision),
    waiting: !!document.querySelector('.dsw-choices-wait')})"""

KERNEL_JS = "{'seq': app.table.seq, 'revisions': [f.revision for f in app.panels.figures]}"


def _settled(nb, board) -> None:
    """Wait until the page shows the kernel's state: the board's number, its choices worked
    out, and every figure drawn at the kernel's revision."""
    for _ in range(3):
        nb.page.wait_for_timeout(400)  # (the badges and choices follow the move; the panels the paint)
        kernel = nb.eval_json(KERNEL_JS)
        try:
            nb.page.wait_for_function(
                f"""() => {{ const d = ({DRAWN_JS})(); const k = {json.dumps(kernel)};
                    return d.seq === String(k.seq) && !d.waiting && d.revisions.length === k.revisions.length
                        && d.revisions.every((r, i) => r === k.revisions[i]); }}""", timeout=30_000)
        except Exception:
            continue
        if nb.eval_json(KERNEL_JS) == kernel:
            return
    raise AssertionError(f"the page never settled on the kernel's state: {nb.page.evaluate(DRAWN_JS)}")


def _check(numbers, step) -> None:
    assert numbers, f"step {step}: no number on the page"
    bare = [n for n in numbers if not n["question"].strip()]
    assert not bare, f"step {step}: numbers without a question: {bare}"
    by_question: dict[tuple, set] = {}
    for n in numbers:
        by_question.setdefault((n["kind"], n["question"]), set()).add(n["text"])
    for (kind, question), texts in by_question.items():
        assert len(texts) == 1, f"step {step}: one question, {len(texts)} numbers {sorted(texts)} ({kind}): {question}"


def test_every_number_says_its_question_and_one_question_reads_one_number(open_notebook):
    nb = open_notebook([play_cell(["Ann"], {"Cy": "odds"}, 5)], width=1400, height=1600)
    nb.run_cell(0, timeout=120)
    board = BoardPage(nb).wait_drawn()
    nb.page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length >= 4", timeout=90_000)
    seen_choices = seen_panels = 0
    for step in range(14):
        _settled(nb, board)
        numbers = nb.page.evaluate(NUMBERS_JS)
        _check(numbers, step)
        seen_choices += sum(n["where"] == "card choice" for n in numbers)
        seen_panels += sum(n["where"].startswith("panel") for n in numbers)
        # the mover's choices on its card and in the choices panel: the same questions
        cards = {n["question"] for n in numbers if n["where"] == "card choice"}
        panel = {n["question"] for n in numbers if n["where"] == "panel 1"}
        assert cards == panel, (step, cards ^ panel)
        if board.enabled("Next"):
            board.click("Next")
        elif board.enabled("Roll"):
            board.click("Roll")
        elif board.enabled("Pick up"):
            board.click("Pick up")
        elif board.enabled("Stay"):
            board.click("Stay")
        else:
            break
        board.wait_still()
    assert seen_choices and seen_panels
    nb.screenshot("questions-after-play")
