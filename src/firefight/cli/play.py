"""``firefight encounter play NAME``: the fight at the table, one line at a time (issue 17).

The prompt says the round, whose turn it is and what they have left; Tab completes people,
verbs, weapons, options and commands; the history is kept between sessions. An action line
(``Mara shoots Viktor --ap 3``) is resolved and answered with its headline and what changed;
``trace`` (or ``why``) shows every roll of the last one. Acting out of initiative order or
ending a round with turns left asks first (DEC-410, DEC-411). GM commands
(:mod:`firefight.encounter.gm`) are recorded and undone like actions.

Like every interface, the session holds no rules: it calls the encounter service.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TextIO

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from rich.markup import escape

from firefight.cli.common import console
from firefight.cli.encounter import note_unused, show_records, show_short, show_state
from firefight.dice import Dice, ScriptedSource, SeededSource, read_faces
from firefight.encounter.engine import check_allowed
from firefight.encounter.gm import GM_COMMANDS, STATUSES, is_gm_line
from firefight.encounter.log import LogRecord, live
from firefight.encounter.turns import ahead_of, decided, example_now, next_up, unspent
from firefight.errors import DiceError, FirefightError, RuleRefusal
from firefight.fuzzy import suggestion
from firefight.geometry import Posture
from firefight.odds.live import DEFAULT_TRIALS, live_odds
from firefight.rulesets import find_ruleset
from firefight.rulesets.base import Ruleset
from firefight.scene.actions import ACTION_RULE
from firefight.scene.lines import OptionKind, Verb, split_words
from firefight.scene.state import EncounterState
from firefight.service import Applied, Current, EncounterService
from firefight.store.base import ConflictError
from firefight.text import printable, quoted

__all__ = [
    "SESSION_COMMANDS",
    "LinePrompt",
    "PipedPrompt",
    "Session",
    "SessionCompleter",
    "confirm_with",
    "run_session",
]

#: The session's own words (an action line starts with a person's name; a GM command with
#: its word, :data:`~firefight.encounter.gm.GM_COMMANDS`).
SESSION_COMMANDS = (
    "next",
    "undo",
    "redo",
    "show",
    "log",
    "trace",
    "why",
    "odds",
    "rolls",
    "help",
    "quit",
)

_HELP = """\
  NAME VERB ...         {action}   (Tab completes)
  next                  end the round (asks if someone still has a turn)
  undo / redo           take back the last record / play it again with the same dice
  show [compact]        the state table          log     the log so far
  trace / why           every roll and modifier of the last action
  odds LINE [; LINE]    the odds from the fight as it stands (a round's run of lines)
  rolls 97,45 | QH,10S  your own dice (or cards) for the next action or round
  hits|heal NAME N, repair NAME, add NEW like NAME at X,Y, remove NAME,
  move NAME to X,Y, set NAME STATUS|FIGURE N, delay|hold NAME, reorder NAME ... (GM)
  help VERB             what an action takes, e.g. help {verb}
  quit                  leave (everything is saved as you go)"""

#: More choices than this are written TEXT in ``help VERB`` (Tab still offers them all).
_CHOICES_SHOWN = 8


@dataclass
class Session:
    """One encounter played at the table: reads a line, does it, says what happened.

    ``confirm`` asks a yes-or-no question; ``seed`` seeds each command's dice in turn (a
    fresh seed for each when None).
    """

    service: EncounterService
    name: str
    confirm: Callable[[str], bool]
    seed: int | None = None
    trials: int = DEFAULT_TRIALS
    last: LogRecord | None = None
    scripted: tuple[int | str, ...] | None = None
    _count: int = 0
    #: The fight as last read: the state shown and the head of the log it was read at.
    _current: Current | None = None

    def _read(self) -> Current:
        if self._current is None:
            self._current = self.service.current(self.name)
        return self._current

    @property
    def state(self) -> EncounterState:
        """The state now (read once after each change, not at every keystroke)."""
        return self._read().state

    @property
    def head(self) -> int:
        """The head of the log the state shown was read at: what the GM's next line answers.
        Another table appending since makes that line a conflict, not an action on a fight
        the GM has not seen (DEC-750)."""
        return self._read().head

    @property
    def ruleset(self) -> Ruleset:
        return find_ruleset(self.state.ruleset)

    def prompt(self) -> str:
        """``round 2 · Viktor (3 AP) › ``: the round, whose turn, what they have left."""
        state = self.state
        up = next_up(state, self.ruleset)
        who = ", ".join(f"{n} ({left})" for n, left in up) if up else "all done: next"
        # A decided fight says so (DEC-810): play may go on, but nobody had told the GM.
        over = decided(state)
        return f"round {state.round} · {over + ' · ' if over else ''}{who} › "

    def _rolled(self, do: Callable[[Dice], Applied]) -> None:
        """``do`` with the next dice, and what it did: the GM's own faces (``rolls``) until an
        action or a round takes them, so that one the rules refuse, which rolls nothing, leaves
        them for the next (D-3); faces that cannot serve it (too few, out of range) are set
        aside, and faces left over named, each said so."""
        if self.scripted is None:
            self._applied(do(self._seeded()))
            return
        dice = Dice(ScriptedSource(self.scripted))
        try:
            applied = do(dice)
        except DiceError as exc:
            self.scripted = None
            aside = "your dice are set aside: give them again with 'rolls'"
            raise DiceError(f"{exc.reason}; {aside}", rule=exc.rule) from exc
        self.scripted = None
        self._applied(applied)
        note_unused(dice.unused)

    def _seeded(self) -> Dice:
        if self.seed is None:
            import secrets

            return Dice(SeededSource(secrets.randbelow(2**31)))
        self._count += 1
        return Dice(SeededSource(self.seed + self._count - 1))

    def handle(self, line: str) -> bool:
        """Do one line; False when the session is over."""
        text = line.strip()
        if not text:
            return True
        word, _, rest = text.partition(" ")
        command = word.lower()
        try:
            if command in ("quit", "exit", "q"):
                return False
            self._do(command, rest.strip(), text)
            # Read again after every command: it may have changed the fight.
            self._current = None
        except RuleRefusal as exc:
            console.print(f"[red]refused:[/] {escape(printable(str(exc)))}")
        except ConflictError as exc:
            # Another table wrote first: read the fight again, so the prompt shows it as it
            # stands and the GM decides anew (DEC-750).
            self._current = None
            console.print(f"[red]error:[/] {escape(printable(str(exc)))}")
            console.print("read again: the prompt shows the fight as it stands")
        except FirefightError as exc:
            console.print(f"[red]error:[/] {escape(printable(str(exc)))}")
        return True

    def _do(self, command: str, rest: str, text: str) -> None:
        state = self.state
        # A word of the session's is the session's unless it names someone with more to say
        # (alone it cannot be an action: someone added as "next" would end no round).
        if command in SESSION_COMMANDS and (not rest or state.find(text.split()[0]) is None):
            _refuse_unread(command, rest)
            getattr(self, f"_{command}")(rest)
        elif is_gm_line(text, state):
            self._applied(self.service.gm(self.name, text, expected_head=self.head))
        else:
            self._act(text, state)

    # --- resolving ----------------------------------------------------------------------------

    def _applied(self, applied: Applied) -> None:
        self.last = applied.record
        if applied.record.kind == "round":
            show_records([applied.record], trace=False)
        else:
            show_short(applied, turn=False)  # the prompt says whose turn it is

    def _act(self, text: str, state: EncounterState) -> None:
        ruleset = self.ruleset
        action = ruleset.parse_action(text, state)
        # What the rules refuse is refused before asking about the order: no answer would do.
        check_allowed(state, action, ruleset)
        waiting = ahead_of(state, action.actor, ruleset)
        if waiting:
            first = ", ".join(f"{n} ({left})" for n, left in waiting)
            comes = "comes" if len(waiting) == 1 else "come"
            if not self.confirm(f"{action.actor} acts out of turn: {first} {comes} first. Go on?"):
                console.print("not done: nothing changed")
                return
        head = self.head
        self._rolled(lambda dice: self.service.act(self.name, text, dice, expected_head=head))

    def _next(self, rest: str) -> None:
        left = unspent(self.state, self.ruleset)
        if left:
            who = ", ".join(f"{n} ({have})" for n, have in left)
            if not self.confirm(f"{who} still to act. End the round anyway?"):
                console.print("not done: the round goes on")
                return
        head = self.head
        self._rolled(lambda dice: self.service.next_round(self.name, dice, expected_head=head))

    def _undo(self, rest: str) -> None:
        applied = self.service.undo(self.name, expected_head=self.head)
        assert applied.reverted is not None
        self.last = None
        console.print(f"undone: #{applied.reverted.seq} {escape(printable(applied.reverted.text))}")

    def _redo(self, rest: str) -> None:
        # What waits to be redone is read from the log (redoable), so a session opened again,
        # or another table, redoes what this one undid, and a redo done elsewhere is not redone.
        self._applied(self.service.redo_next(self.name, expected_head=self.head))

    def _rolls(self, rest: str) -> None:
        if not rest:
            raise FirefightError("'rolls' takes the faces to use next, e.g. 'rolls 97,45'.")
        self.scripted = read_faces(rest, "rolls")
        console.print(f"the next action or round uses your dice: {list(self.scripted)}")

    # --- looking ------------------------------------------------------------------------------

    def _show(self, rest: str) -> None:
        show_state(self.name, self.state, compact=bool(rest))

    def _log(self, rest: str) -> None:
        show_records(self.service.log(self.name), trace=False)

    def _trace(self, rest: str) -> None:
        # Before this session's first action (opened again after a break) or after an undo, the
        # last record still in force is the log's: "no action yet this session" hid it.
        last = self.last or live(self.service.log(self.name))[-1]
        show_records([last], trace=True)

    _why = _trace

    def _odds(self, rest: str) -> None:
        lines = [part.strip() for part in rest.split(";") if part.strip()]
        found = live_odds(self.state, self.ruleset, lines, trials=self.trials)
        for line in found.text():
            console.print(escape(printable(line)))

    def _help(self, rest: str) -> None:
        ruleset = self.ruleset
        verbs = ruleset.action_verbs()
        if rest:
            verb = _verb_named(rest, verbs)
            console.print(escape("\n".join(_verb_help(verb, ruleset.scene_unit))))
            return
        # The example is the fight's ruleset's own (rmu's --ap means nothing to cpr), naming
        # the fight's own people, whoever is up acting (DEC-746).
        state = self.state
        example = example_now(state, ruleset)
        action = f"an action, e.g. {example}" if example else "an action"
        first = verbs[0].name if verbs else "VERB"
        console.print(escape(_HELP.format(action=action, verb=first)))
        if verbs:
            listed = ", ".join(v.name for v in verbs)
            console.print(escape(f"  {ruleset.name} actions: {listed}"))
        figures = ruleset.gm_figures()
        if figures:
            # What `set NAME FIGURE N` takes here: a wrong one was the only way to find out.
            listed = ", ".join(figures)
            console.print(escape(f"  {ruleset.name} figures for set NAME FIGURE N: {listed}"))


#: The session's words that take nothing after them, and ``show``'s one word.
_BARE = frozenset({"next", "undo", "redo", "log", "trace", "why"})


def _refuse_unread(command: str, rest: str) -> None:
    """Words after a command that reads none are refused, not dropped: ``undo 3`` took back
    the last record, not #3, and ``show nonsense`` showed the whole table (DEC-877)."""
    if command in _BARE and rest:
        raise FirefightError(f"'{command}' takes nothing after it, not {quoted(rest)}.")
    if command == "show" and rest and not "compact".startswith(rest.lower()):
        raise FirefightError(f"'show' takes nothing or 'compact', not {quoted(rest)}.")


def _verb_named(typed: str, verbs: Sequence[Verb]) -> Verb:
    """The verb ``typed`` names (ignoring case; the start of one name is enough), else a
    refusal listing the verbs, as an action line with an unknown verb is refused."""
    wanted = " ".join(typed.lower().split())
    exact = [v for v in verbs if v.name.lower() == wanted]
    begun = [v for v in verbs if v.name.lower().startswith(wanted)]
    found = exact or (begun if len(begun) == 1 else [])
    if not found:
        # Every verb, however many: a count ("28 names") tells the GM nothing to type.
        names = [v.name for v in verbs]
        said = suggestion(typed, names) or f"the actions: {', '.join(names)}."
        raise RuleRefusal(ACTION_RULE, f"No action {typed!r}: {said}")
    return found[0]


def _verb_help(verb: Verb, unit: str) -> list[str]:
    """What ``verb`` takes: its words (a place in the scene's ``unit``, as the table shows it),
    then each option with what its declaration says of it."""
    rows = []
    for spelled, kind in verb.options.items():
        declared = verb.param_of(spelled)
        value = _value_shown(kind, declared.choices() if declared is not None else None)
        said = declared.param.said() if declared is not None else ""
        if kind == "many" and "repeatable" not in said:
            said = f"{said} (repeatable)".lstrip()
        rows.append((f"--{spelled}{value}", said))
    width = max((len(flag) for flag, _ in rows), default=0)
    options = (f"    {flag:<{width}}  {said}".rstrip() for flag, said in rows)
    first = [f"    first word: {', '.join(verb.first_words)}"] if verb.first_words else []
    return [f"  NAME {verb.name} {verb.words_in(unit)}".rstrip(), *first, *options]


def _value_shown(kind: OptionKind, choices: Sequence[str] | None) -> str:
    """An option's value as help writes it: none for a flag, ``N``, its few choices, or TEXT."""
    if kind == "flag":
        return ""
    if kind == "int":
        return " N"
    if choices and len(choices) <= _CHOICES_SHOWN:
        return " " + "|".join(choices)
    return " TEXT"


# --- completion -------------------------------------------------------------------------------


class SessionCompleter(Completer):
    """Tab completion from the fight as it stands: commands and people first, then the
    ruleset's verbs (:meth:`~firefight.rulesets.base.Ruleset.action_verbs`, as its lines spell
    them), then people, the actor's weapons, the verb's options and an option's choices."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        before = document.text_before_cursor
        word = document.get_word_before_cursor(WORD=True)
        done = _words(before[: len(before) - len(word)])
        names = set(self.session.state.names)
        for option in self.candidates(done):
            if option.lower().startswith(word.lower()) and option != word:
                # A name of several words is quoted to be read whole; a verb of several words
                # ("all-out attacks") is typed as its words, as the rules spell it.
                shown = f'"{option}"' if " " in option and option in names else option
                yield Completion(shown, start_position=-len(word))

    def candidates(self, done: list[str]) -> Iterable[str]:
        """What may come after the words ``done``."""
        state = self.session.state
        names = list(state.names)
        if done and done[0].lower() == "odds":
            done = done[1:]
        if not done:
            return [*names, *SESSION_COMMANDS, *GM_COMMANDS]
        if done[0].lower() in GM_COMMANDS and state.find(done[0]) is None:
            return self._gm_candidates(done[0].lower(), done[1:], names)
        # The actor is the longest run of first words naming someone, as a line is read.
        named = next((n for n in range(len(done), 0, -1) if state.find(" ".join(done[:n]))), 0)
        actor = state.find(" ".join(done[:named])) if named else None
        if actor is None:
            return []
        verbs = self.session.ruleset.action_verbs()
        rest = done[named:]
        said = [w.lower() for token in rest for w in token.split()]
        if not said:
            return [v.name for v in verbs]
        # Words that carry on a verb spelled in several words ("all-out" -> "attacks").
        going = [
            v.name.split()[len(said)]
            for v in verbs
            if [w.lower() for w in v.name.split()[: len(said)]] == said
            and len(v.name.split()) > len(said)
        ]
        verb = _verb_begun(said, verbs)
        if verb is None:
            return going
        weapons = [w.name for w in actor.weapons]
        last = done[-1]
        if last in ("--with", "--weapon"):
            return weapons
        if last.startswith("--") and verb.options.get(last[2:]) not in (None, "flag"):
            declared = verb.param_of(last[2:])
            return list((declared.choices() if declared is not None else None) or ())
        options = [f"--{o}" for o in verb.options]
        # Right after the verb, what the rules let its first word be (rmu's loads, powers).
        first = verb.first_words if len(said) == len(verb.name.split()) else ()
        return [*going, *first, *options, *(n for n in names if n != actor.name), *weapons]

    def _gm_candidates(self, command: str, args: list[str], names: list[str]) -> list[str]:
        """What comes next in a GM line: ``set NAME`` a status, posture or figure; ``add NEW
        like NAME at X,Y`` and ``move NAME to X,Y`` their words; else the people."""
        if command == "set" and args:
            figures = self.session.ruleset.gm_figures()
            return [*STATUSES, *(p.value for p in Posture), *figures]
        if command == "add":
            if not args:
                return []  # the newcomer's name is the GM's to make up
            return names if args[-1].lower() == "like" else ["like" if len(args) == 1 else "at"]
        if command == "move" and args:
            return ["to"]
        if command == "reorder" or not args:
            return names
        return []


def _verb_begun(said: list[str], verbs: Sequence[Verb]) -> Verb | None:
    """The verb of the most words that ``said`` (lower-case words after the actor) begins with."""
    found = [v for v in verbs if [w.lower() for w in v.name.split()] == said[: len(v.name.split())]]
    return max(found, key=lambda v: len(v.name.split()), default=None)


def _words(text: str) -> list[str]:
    try:
        return split_words(text)
    except ValueError:
        return text.split()


class LinePrompt(Protocol):
    """Where the session reads its lines: prompt_toolkit's ``PromptSession`` at a terminal, a
    :class:`PipedPrompt` off one."""

    def prompt(self, message: str, *, completer: Completer | None = None) -> str: ...


class PipedPrompt:
    """Lines from a pipe or a file (``printf 'help\\nquit\\n' | firefight encounter play
    NAME``), printed after their prompt once, as a transcript. prompt_toolkit redraws its line
    for a terminal: off one that comes out as blank lines, every prompt twice and a warning."""

    def __init__(self, lines: TextIO) -> None:
        self._lines = lines

    def prompt(self, message: str, *, completer: Completer | None = None) -> str:
        line = self._lines.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        console.print(f"{message}{printable(line)}", markup=False, highlight=False)
        return line


def confirm_with(prompt: LinePrompt) -> Callable[[str], bool]:
    """A yes-or-no question asked at ``prompt``: no unless answered yes. Ctrl-C or Ctrl-D at it
    answer no, as they leave the prompt's line alone: they are not the end of the session.
    Piped lines that run out before the answer answer no too, and the transcript says so: it
    prints a question only with its answer, so a scripted run would not show what was asked."""

    def confirm(question: str) -> bool:
        asked = f"{question} [y/N] "
        try:
            answer = prompt.prompt(asked)
        except KeyboardInterrupt:
            return False
        except EOFError:
            if isinstance(prompt, PipedPrompt):
                console.print(
                    f"{asked}(no answer: the input has ended) no", markup=False, highlight=False
                )
            return False
        return answer.strip().lower() in ("y", "yes")

    return confirm


def run_session(session: Session, prompt: LinePrompt) -> None:
    """Read and do lines until ``quit`` or the end of the input."""
    console.print(
        f"[bold]{escape(session.name)}[/]: type an action, 'help' for the commands, Tab to "
        "complete."
    )
    while True:
        try:
            line = prompt.prompt(session.prompt(), completer=SessionCompleter(session))
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        if not session.handle(line):
            break
