"""The questions page: the fine points players ask about, answered in plain words for every rule set.

The questions and their plain answers live in ``spec/questions.yaml``; each
names an option of the games. For each game the page groups the game's rule
sets (presets) by the value they choose and gives that value's plain answer,
the option's own text for it, and what each source says, with links to the
rule and the option. Everything but the plain sentence comes from the games'
specs, so the page cannot disagree with the rule reference; a question that
leaves a value unanswered, or names an unknown option or game, fails the build.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gupai.core.spec import GameSpec, OptionSpec

from .common import rel, source_label

__all__ = ["Question", "load_questions", "questions_page"]

PAGE = "questions.md"


@dataclass(frozen=True, slots=True)
class Question:
    """A question of ``spec/questions.yaml``."""

    id: str
    question: str
    option: str
    games: tuple[str, ...]
    answers: tuple[tuple[str, str], ...]  # (value, plain answer)


def load_questions(doc: Mapping[str, Any], specs: Sequence[GameSpec]) -> list[Question]:
    """The questions of ``doc``, checked against the games' options: a ``ValueError`` names what is wrong.

    >>> from gupai.core.spec import game_spec
    >>> doc = {"questions": [{"id": "q", "question": "Who?", "option": "take", "games": ["kap-shap"],
    ...        "answers": {"any": "Anyone."}}]}
    >>> load_questions(doc, [game_spec("kap-shap")])
    Traceback (most recent call last):
    ...
    ValueError: spec/questions.yaml: question q: no answer for take=latest of kap-shap
    """
    by_id = {spec.id: spec for spec in specs}
    found = []
    for entry in doc.get("questions", ()):
        qid = str(entry["id"])
        answers = {str(k): " ".join(str(v).split()) for k, v in entry["answers"].items()}
        games = tuple(entry["games"])
        for game in games:
            if game not in by_id:
                raise ValueError(f"spec/questions.yaml: question {qid}: no game {game}")
            option = _option(by_id[game], entry["option"])
            if option is None:
                raise ValueError(f"spec/questions.yaml: question {qid}: {game} has no option {entry['option']}")
            for value in option.values:
                if value not in answers:
                    raise ValueError(
                        f"spec/questions.yaml: question {qid}: no answer for {option.key}={value} of {game}"
                    )
        every = {v for g in games for v in _option_values(by_id[g], str(entry["option"]))}
        if set(answers) - every:
            raise ValueError(
                f"spec/questions.yaml: question {qid}: answers for no value: {sorted(set(answers) - every)}"
            )
        found.append(Question(qid, str(entry["question"]), str(entry["option"]), games, tuple(answers.items())))
    return found


def _option(spec: GameSpec, key: str) -> OptionSpec | None:
    return next((o for o in spec.options if o.key == key), None)


def _option_values(spec: GameSpec, key: str) -> tuple[str, ...]:
    option = _option(spec, key)
    return option.values if option else ()


def _rule_for(spec: GameSpec, key: str) -> str | None:
    """The first rule of the game that the option belongs to."""
    return next((r.id for r in spec.rules if key in r.options), None)


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def players_words(text: str) -> str:
    """A source's words with the logs' seat numbers said as players say them.

    >>> players_words("Seat 0 begins the first game; the second half goes to seat 1.")
    'The first seat begins the first game; the second half goes to the second seat.'
    """

    def seat(match: re.Match[str]) -> str:
        n = int(match.group(2))
        said = f"the {_ORDINALS[n]} seat" if n < len(_ORDINALS) else f"seat {n + 1}"
        return said[0].upper() + said[1:] if match.group(1) == "S" else said

    return re.sub(r"\b([Ss])eat (\d+)\b", seat, text)


def _md(text: str) -> str:
    """Spec text made safe for one markdown line (no stray emphasis or HTML)."""
    return " ".join(text.split()).replace("<", "&lt;").replace("*", r"\*").replace("_", r"\_")


def _answer(question: Question, spec: GameSpec) -> list[str]:
    option = _option(spec, question.option)
    assert option is not None  # checked by load_questions
    answers = dict(question.answers)
    rule = _rule_for(spec, option.key)
    rules = rel(PAGE, f"{spec.id}/rules.md")
    options = rel(PAGE, f"{spec.id}/options.md")
    presets = rel(PAGE, f"{spec.id}/presets.md")
    out = [f"**{spec.name}**", ""]
    for value in option.values:
        chosen = [p for p in spec.presets if p.as_dict().get(option.key) == value]
        if not chosen and value != option.default:
            continue
        names = ", ".join(f"[{p.title}]({presets}#{p.name})" for p in chosen) or "no rule set"
        default = " (the site's default)" if value == option.default else ""
        # each source's words as a sentence of their own ("Culin: ... right. Celko: ..."), never ".;"
        says = [
            f"{source_label(pos.source)}: {_md(players_words(pos.says)).rstrip()}"
            + ("" if pos.says.rstrip()[-1:] in '.!?"' else ".")
            for pos in option.positions
            if pos.reading == value and pos.says
        ]
        out.append(f"- *Under {names}{default}:* {_md(answers[value])}")
        # the rules' own words (with their seats and option spellings) stay on the options page, one link away
        out.append(f"    - [The rule's exact words]({options}#{option.key}.{value}).")
        if says:
            out.append(f"    - The sources: {' '.join(says)}")
    silent = [source_label(pos.source) for pos in option.positions if pos.reading is None]
    link = f"[the rule]({rules}#{rule})" if rule else f"[the option]({options}#{option.key})"
    tail = f"Silent: {', '.join(silent)}. " if silent else ""
    out += ["", f"{tail}See {link} and [the question side by side]({options}#{option.key}).", ""]
    return out


def questions_page(questions: Sequence[Question], specs: Sequence[GameSpec]) -> str:
    """The markdown of the questions page."""
    by_id = {spec.id: spec for spec in specs}
    out = [
        "---",
        "title: Questions players ask",
        "search:",
        "  boost: 4",
        "---",
        "",
        "# Questions players ask",
        "",
        "The fine points of the three games, answered in plain words. The sources do not always",
        "agree, so each answer is given for every rule set that chooses it, with the sources' own",
        "words and a link to the rule. A rule set is one source's (or one reading's) answers to",
        "all such questions; the [Kap Shap](kap-shap/presets.md), [Kap Tai Shap](kap-tai-shap/presets.md)",
        "and [Tsung Shap](tsung-shap/presets.md) pages list them.",
        "",
    ]
    out += [f"- [{q.question}](#{q.id})" for q in questions]
    out.append("")
    for q in questions:
        out += [f"## {q.question} {{ #{q.id} }}", ""]
        for game in q.games:
            out += _answer(q, by_id[game])
    return "\n".join(out) + "\n"
