"""The active creature's attack: its stat block's attacks listed with their bonus now, the targets
chosen in a list of the other side's combatants (the selected or marked ones chosen already), the
d20 rolled at the table, the distance (a game that counts range increments), the game's own tick
boxes (fifth edition's advantage and cover) -> `attack "Goblin 1" Kyra "short sword" full 17 at 70 flank`.

What the form offers beyond the targets, the attacks and the die is what the game's attack rules
declare (``AttackRules.full_label``, ``every_label``, ``ticks``, ``more_label``), in its own words:
the form knows no game. It builds the line; the engine rolls, resolves and applies it
(docs/sheets.md#attacks).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Checkbox, Label, OptionList, SelectionList
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from gm_console.engine.rules.attack_flow import AttackRules, Tick, listed, type_term
from gm_console.engine.core.weapon_names import weapon_term
from gm_console.i18n import T_, render
from gm_console.engine.core.state import Combatant, EncounterState

from .. import lines
from ..frame import Frame
from ..ui_text import tr
from ..safe import plain
from .base import FormError, FormModal

ALL = "\x00all"


#: the defence an attack targets, as each language's table names it (Spanish Starfinder: CAE, CAC)
DEFENCES = {"eac": T_("defence", "EAC", "CAE"), "kac": T_("defence", "KAC", "CAC"),
            "touch": T_("defence", "touch", "toque")}


def option_text(a: dict, lang: str = "en") -> str:
    """``short sword +0 (+2) 1d4 19-20/x2 slashing``: the bonus now, the printed one when it differs,
    in the reader's language (``espada corta ... perforante``); the usual 20/x2 is not repeated."""
    now = "/".join(f"{b:+d}" for b in a["bonus"])
    printed = "/".join(f"{b:+d}" for b in a["printed"])
    count = f'{a["count"]} ' if a["count"] > 1 else ""
    defence = DEFENCES.get(a["defence"])
    words = [f"{count}{render(weapon_term(a['name']), lang)}", now + (f" ({printed})" if printed != now else ""),
             a["damage"], "" if a["crit"] in ("x2", "20/x2") else a["crit"], render(type_term(a["types"]), lang),
             render(defence, lang) if defence else ""]
    return " ".join(w for w in words if w)


def candidates(state: EncounterState, attacker: Combatant, chosen: list[Combatant]) -> list[Combatant]:
    """Whom the attacker may pick: the other side's combatants still standing (a PC's or an ally's
    foes; a foe's PCs and allies), in the order of play, and any the GM chose already (an ally
    turned on, a fallen foe finished off) first among them in that order."""
    theirs = {"foe"} if attacker.side in ("pc", "ally") else {"pc", "ally"}
    chosen_ids = {c.id for c in chosen}
    place = {cid: i for i, cid in enumerate(state.order)}
    found = [c for c in state.combatants.values() if c.id != attacker.id and (
        c.id in chosen_ids or (c.side in theirs and c.life != "dead"))]
    return sorted(found, key=lambda c: place.get(c.id, len(place)))


class TargetList(SelectionList[str]):
    """The attack's targets: Space ticks or unticks one; Enter attacks the ticked ones, or, with
    none ticked, the one under the cursor (on a plain selection list Enter would tick it)."""

    BINDINGS = [Binding("enter", "attack", show=False)]

    def action_attack(self) -> None:
        if not self.selected and self.highlighted is not None:
            self.select(self.get_option_at_index(self.highlighted))
        self.screen.submit()


class AttackModal(FormModal[str]):
    DEFAULT_CSS = """
    AttackModal #targets { height: auto; max-height: 5; margin-bottom: 0; }
    AttackModal #weapons { height: auto; max-height: 8; margin-bottom: 0; }
    AttackModal Input, AttackModal Checkbox { margin-bottom: 0; }
    AttackModal #title { margin-bottom: 0; }
    AttackModal #more { width: 100%; }
    """
    FIRST = "#weapons"
    #: the engine's refusals said under their field: a die out of 1-20, a distance beyond the range,
    #: a word the game has not
    PARAMS = {"roll": "die", "distance": "distance", "words": "extra"}

    def __init__(self, frame: Frame, attacker: Combatant, targets: list[Combatant]) -> None:
        super().__init__(frame.lang, tr(frame.lang, "attack_title_of", name=attacker.name))
        self.frame = frame
        self.attacker = attacker
        self.targets = targets  # chosen when the form opens (the selected or marked combatants)
        self.offered = candidates(frame.state, attacker, targets)
        if not targets and len(self.offered) == 1:
            self.targets = targets = list(self.offered)  # the one foe standing: chosen, Enter attacks it
        if not targets:
            self.FIRST = "#targets"  # nobody chosen yet: the list first
        self.rules = frame.ruleset.sheet.attack_rules()
        self.attacks = listed(self.rules, frame.state, attacker)

    def fields(self) -> ComposeResult:
        yield self.label("attack_targets")
        chosen = {c.id for c in self.targets}
        yield TargetList(*(Selection(plain(c.name), c.id, c.id in chosen) for c in self.offered),
                         id="targets", compact=True)
        options = [Option(plain(option_text(a, self.lang)), id=str(i)) for i, a in enumerate(self.attacks)]
        if len(self.attacks) > 1:
            options.append(Option(plain(self.said("every_label")), id=ALL))
        yield OptionList(*options, id="weapons")
        if self.said("full_label"):
            yield Checkbox(plain(self.said("full_label")), id="full", compact=True)
        yield self.label("attack_die")
        yield self.input("die")
        if self.takes("at"):
            yield self.label("attack_distance")
            yield self.input("distance")
        for tick in self.ticks():
            yield Checkbox(plain(render(tick.label, self.lang)), id=f"tick-{tick.word}", compact=True)
        yield Label(plain(self.said("more_label")), id="more", classes="field-label")  # wraps: a long list of words
        yield self.input("extra")

    def said(self, name: str) -> str:
        """The form's line ``name`` (``full_label``...) as the game's attack rules word it, in the
        GM's language (the engine's default where a game says nothing); "" where it declares None
        (a game with no full attack)."""
        term = getattr(self.rules, name, getattr(AttackRules, name))
        return render(term, self.lang) if term is not None else ""

    def ticks(self) -> tuple[Tick, ...]:
        """The game's tick boxes (fifth edition's advantage, disadvantage and cover)."""
        return tuple(getattr(self.rules, "ticks", ()))

    def takes(self, word: str) -> bool:
        """Whether this game's attack takes ``word`` (``at``: it counts range increments)."""
        return word in set(getattr(self.rules, "words", {}).values())

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """A tick of a group (half or three-quarters cover) unticks the others of its group."""
        ticks = {f"tick-{t.word}": t for t in self.ticks()}
        tick = ticks.get(event.checkbox.id or "")
        if not event.value or tick is None or not tick.group:
            return
        for other in ticks.values():
            if other is not tick and other.group == tick.group:
                self.query_one(f"#tick-{other.word}", Checkbox).value = False

    def on_mount(self) -> None:
        super().on_mount()
        self.highlight_first("#weapons")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "weapons":  # Enter on an attack rolls it; on a target, chooses it
            self.submit()

    def chosen(self) -> list[Combatant]:
        """The targets ticked in the list, in its order."""
        ticked = set(self.query_one("#targets", SelectionList).selected)
        return [c for c in self.offered if c.id in ticked]

    def build(self) -> str:
        targets = self.chosen()
        if not targets:
            raise FormError(tr(self.lang, "attack_pick_target", name=self.attacker.name))
        picked = self.picked("#weapons")
        if picked is None:
            raise FormError(tr(self.lang, "no_attacks", name=self.attacker.name))
        weapon = "" if picked == ALL else lines.quote(self.attacks[int(picked)]["name"])
        full = "full" if picked == ALL or any(box.value for box in self.query("#full").results(Checkbox)) else ""
        die = self.value("die").replace(",", " ").split()
        if not all(d.isdigit() and 1 <= int(d) <= 20 for d in die) or len(die) > 20:
            raise FormError(tr(self.lang, "attack_die_bad", text=self.value("die")), "die")
        said = []
        if self.takes("at") and self.value("distance"):
            feet = self.value("distance").casefold().removesuffix("ft").strip()
            if not feet.isdigit() or len(feet) > 5:
                raise FormError(tr(self.lang, "attack_distance_bad", text=self.value("distance")), "distance")
            said += ["at", feet]
        said += [t.word for t in self.ticks() if self.query_one(f"#tick-{t.word}", Checkbox).value]
        extra = [lines.quote(w) for w in self.value("extra").split()]
        return lines.join("attack", lines.ref(self.frame.state, self.attacker),
                          lines.refs(self.frame.state, targets), weapon, full, *die, *said, *extra)
