"""A third language is a catalogue, no code: the log, show and the forum post under a
pseudo-locale (issue 22).

A catalogue is made from the real ones for a language called ``xx``: every message wrapped in
⟦ ⟧ with its letters accented (its placeholders and agreement forms kept), compiled in memory
and handed to each package's domain. Then the example fight of every game is played and its
log, show (Markdown) and the forum post (both formats) written out for the GM and for the
players in ``xx``: once the markers, the numbers, the
dice and what is not ours to translate are taken out (the GM's own names and text, the data
names a game declares in English and Spanish: conditions, stats, creatures), no word may be
left. A word left is a sentence written in code instead of the catalogue.

Data names (a condition's English and Spanish names, a stat's label, a weapon, every ``T_``
term) are data the code declares in both languages; the catalogue tool writes each into its
package's catalogue under a msgctxt, so a third language reads them there (``Term.render``) and
they are words like any other here: only the GM's own names and text are allowed
(``data_words``). The CLI's help is driven here; the TUI's screens and forms and the players'
live view in tests/test_pseudo_locale_tui.py.
"""

from __future__ import annotations

import gettext
import io
import re

import pytest

from conftest import builtin_rulesets, run_example_script
from gm_console import plugins
from gm_console.engine.core import attacks
from gm_console.engine.core.weapon_names import weapon_term
from gm_console.engine.views.export import markdown, play_log
from gm_console.engine.views.post import report
from gm_console.i18n import tool
from gm_console.i18n import _DOMAINS, render
from gm_console.storage import bestiary_files

ACCENTS = str.maketrans("aeiouAEIOUnN", "áéíóúÁÉÍÓÚñÑ")
FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """⟦Ácçéñtéd⟧ with every {placeholder} (and its agreement forms) as it was."""
    return "⟦" + "".join(part if FIELD.fullmatch(part) else part.translate(ACCENTS)
                         for part in FIELD.split(text)) + "⟧"


def pseudo_catalogue(pkg) -> gettext.GNUTranslations:
    from babel.messages.catalog import Catalog

    source = tool.template(pkg)
    out = Catalog(locale="es", domain=pkg.domain, charset="utf-8")  # Spanish plural rules: any with 2+ forms
    for message in source:
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            forms = (pseudo(message.id[0]), pseudo(message.id[1]), pseudo(message.id[1]))
            out.add(message.id, forms, context=message.context)
        else:
            out.add(message.id, pseudo(message.id), context=message.context)
    return gettext.GNUTranslations(io.BytesIO(tool.mo_bytes(out)))


@pytest.fixture(scope="module")
def xx():
    for name in builtin_rulesets():
        plugins.load(name)  # each game's domain registered
    made = []
    for pkg in tool.packages():
        domain = _DOMAINS.get(pkg.domain)
        if domain is not None:
            domain._catalogues["xx"] = pseudo_catalogue(pkg)
            made.append(domain)
    yield
    for domain in made:
        domain._catalogues.pop("xx", None)


def leftovers(text: str, allowed: set[str]) -> list[str]:
    words: set[str] = set()
    for line in text.splitlines():
        line = re.sub(r"`[^`]*`", " ", line)  # the command line the GM typed
        line = re.sub(r" \[[^\[\]]*\](⟧*)$", r"\1", line)  # the rule it cites (docs/rulesets, the GM's)
        while True:
            shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", line)
            if shorter == line:
                break
            line = shorter
        words |= set(re.findall(r"[^\W\d_]{2,}", line))
    return sorted(w for w in words if w.casefold() not in allowed)


def data_words(t) -> set[str]:
    """What is not ours to translate: the GM's names and text (a condition the catalogue names is
    the game's, not the GM's)."""
    rs, state = t.session.ruleset, t.state
    out: set[str] = set()
    texts = [c.name for c in state.combatants.values()] + list(state.retired.values())
    known = rs.conditions.catalogue.defs
    for entry in t.session.done:
        for e in entry.events:
            for key in ("text", "trigger", "name", "purpose", "note", "cond"):  # note: a spell the GM named;
                # cond: an effect the GM named (a free label, ``cond Valeros anillo ac+1``), never the catalogue's
                value = getattr(e, key, None)
                if isinstance(value, str) and not (key == "cond" and value in known):
                    texts.append(value)
            texts += [str(v) for v in getattr(e, "stats", {}).values() if isinstance(v, str)]
    for text in texts:
        out |= {w.casefold() for w in re.findall(r"[^\W\d_]+", text or "")}
    return out | {"d", "x", "dc", "cd", "hp", "sp", "rp", "kh", "kl"}  # dice notation and stat keys


@pytest.mark.parametrize("game", builtin_rulesets())
def test_every_name_a_games_data_declares_is_the_catalogues_under_a_third_language(xx, game):
    """A condition's name, breakdown label, summary and duration, a stat's label, each weapon its
    bestiary's creatures attack with: data the game declares in English and Spanish, each also its
    catalogue's entry under its msgctxt (the tool writes them there), so a third language reads
    it, never the English: under the pseudo-locale each is inside the markers, fought or not."""
    rs = plugins.load(game)
    names = [t for d in rs.conditions.catalogue for t in d.terms()] + [t for f in rs.sheet.block for t in f.terms()]
    bestiary, _problems = bestiary_files.load(rs)
    names += [weapon_term(a.name) for cid in bestiary for a in attacks.of(bestiary[cid].stats.get("atk"))]
    assert len(names) > 20
    outside = sorted({render(t, "en") for t in names if not render(t, "xx").startswith("⟦")})
    assert outside == [], f"{game}: {len(outside)} names read English in a third language: {outside[:20]}"


@pytest.mark.parametrize("game", builtin_rulesets())
def test_the_log_is_all_catalogue_under_a_third_language(xx, game):
    t = run_example_script(game)
    allowed = data_words(t)
    rs, done = t.session.ruleset, t.session.done
    for players in (False, True):
        text = play_log(done, t.state, rs, "xx", players=players)
        assert "⟦" in text
        assert leftovers(text, allowed) == [], (players, text[:3000])


@pytest.mark.parametrize("game", builtin_rulesets())
def test_show_and_the_forum_post_are_all_catalogue_under_a_third_language(xx, game):
    t = run_example_script(game)
    allowed = data_words(t) | {"fight"} | {w.casefold() for w in re.findall(r"[^\W\d_]+", t.session.ruleset.name)}
    rs, done = t.session.ruleset, t.session.done
    for text in (markdown(t.state, rs, "fight", players=False, lang="xx", entries=done),
                 markdown(t.state, rs, "fight", players=True, lang="xx", entries=done),
                 report(done, rs, None, "fight", "markdown", "xx", since=1),
                 report(done, rs, None, "fight", "bbcode", "xx", since=1)):
        assert leftovers(re.sub(r"\[/?(b|i|list|size|\*)[^\]]*\]", " ", text), allowed) == [], text[:3000]


def test_the_command_line_help_is_all_catalogue_under_a_third_language(xx):
    """`gm-console --help` and every command's help: argparse's own words too (usage, options)."""
    import argparse

    from gm_console.cli import _parser

    def helps(parser: argparse.ArgumentParser):
        yield parser.format_help()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for child in action.choices.values():
                    yield from helps(child)

    ours = {"gm", "console", "en", "es", "json", "bbcode", "markdown", "auto", "ask", "docs", "md", "guide", "guia"}
    for text in helps(_parser("xx")):
        text = re.sub(r"gm-console( [a-z]+)*", " ", text)  # the program and command names
        text = re.sub(r"(?<![\w⟦])-{1,2}[\w-]+", " ", text)  # option names: --rolls, -h
        text = re.sub(r"\b[A-Z][A-Z_]+\b", " ", text)  # metavars: PATH, RULESET
        text = re.sub(r"\{[^{}⟦⟧]*\}", " ", text)  # choices and sub-commands: {en,es}
        text = re.sub(r"^\s{2,}[a-z]+\b", " ", text, flags=re.M)  # a sub-command's name in its list
        assert leftovers(" ".join(text.split()), ours) == [], text  # argparse wraps inside a message


#: a Pathfinder fight whose breakdowns hold every word the game builds itself: a lost Dex bonus
#: with its reason, ability damage, worn armor under mage armor, bonuses not stacking, two-weapon
#: fighting, entangled (half speed) and a dying one (can't move)
BREAKDOWN_FIGHT = ["add Amiri pc hp=20 ac=16 dex=14 str=14 bab=3 twf=light", "cond Amiri flat-footed",
                   "dmg Amiri 2 str", "cond Amiri anillo ac+1", "add Lini pc hp=20 ac=14 armor=2 bab=2",
                   "cond Lini mage-armor", "cond Lini bless", "cond Lini heroism", "cond Lini entangled",
                   "add Harsk pc hp=5 ac=12 dex=12", "dmg Harsk 7"]


#: Starfinder's: flat-footed from another condition, broken armor, a Dex cap, half speed, paralyzed
SF_BREAKDOWN_FIGHT = ["add Zemir pc hp=20 sp=10 rp=3 kac=18 eac=16 dex=16 eac_armor=4 kac_armor=5 speed=30",
                      "cond Zemir blinded", "cond Zemir broken-armor", "cond Zemir encumbered", "cond Zemir entangled",
                      "add Iseph pc hp=20 sp=10 rp=3 kac=15 eac=14 dex=14", "cond Iseph paralyzed"]


def breakdowns(t) -> str:
    """Every figure of every combatant as the sheet's `b` explains it, in ``xx``."""
    rs = t.session.ruleset
    return "\n".join(f.explain(rs.sheet.label(key), "xx") for c in t.state.combatants.values()
                     for key, f in rs.sheet.effective(t.state, c).items())


@pytest.mark.parametrize("game", builtin_rulesets())
def test_every_breakdown_is_all_catalogue_under_a_third_language(xx, game):
    """The sheet's breakdown (`b`, ``Figure.explain``): its labels are the catalogue's too, each
    with its msgctxt, so a third language translates them; a condition's name is data."""
    t = run_example_script(game)
    t.do(*{"pathfinder1e": BREAKDOWN_FIGHT, "starfinder": SF_BREAKDOWN_FIGHT}.get(game, ()))
    text = breakdowns(t)
    assert leftovers(text, data_words(t)) == [], text[:3000]


def typed_words(usage) -> set[str]:
    """The words of a usage line that are the command language itself (its verb, keywords, flags and
    choices: ``Term`` pieces), which a third language types as they are: it has no verbs of its own."""
    from gm_console.engine.language.verbs import Usage
    from gm_console.i18n import Term

    out: set[str] = set()
    for part in usage.parts:
        if isinstance(part, Usage):
            out |= typed_words(part)
        elif isinstance(part, Term):
            out |= {w.casefold() for w in re.findall(r"[^\W\d_]+", part.en)}
    return out


@pytest.mark.parametrize("game", builtin_rulesets())
def test_a_refusals_usage_line_is_all_catalogue_under_a_third_language(xx, game):
    """A refusal's ``usage: ...`` (and the help screen's lines, the same object): every placeholder
    and spelled line is the catalogue's, of the game that declares the verb or of the core."""
    from conftest import Table
    from gm_console.engine.core.errors import GMError
    from gm_console.engine.language.core_verbs import registry_for
    from gm_console.i18n import render

    verbs = registry_for(plugins.load(game))
    for verb in verbs:
        text = render(verb.usage(), "xx")
        assert leftovers(text, typed_words(verb.usage())) == [], text
        assert "⟦" in text or not verb.usage().metas(), text
    refused = 0
    for verb in verbs:
        if not any(p.required for p in verb.params):
            continue
        try:
            Table(game).do(verb.name)
        except GMError as exc:
            text = render(exc.message, "xx")
            refused += render(verb.usage(), "xx") in text
            assert leftovers(text, typed_words(verb.usage())) == [], text
    assert refused >= 10


@pytest.mark.parametrize("game", builtin_rulesets())
def test_the_turns_actions_on_the_sheet_are_catalogue_under_a_third_language(xx, game):
    """The sheet's action row (standard, move...; major, minor; Move 30 ft) reads from the
    game's catalogue, not from the English and Spanish its code declares."""
    t = run_example_script(game)
    state, rs = t.state, t.session.ruleset
    slots = [s for c in state.combatants.values() for s in rs.sheet.action_budget(state, c)]
    if game in ("pathfinder1e", "dragon_age", "dnd5e"):  # whoever acts at the end of the example has a row
        assert slots, game
    assert [s.name("xx") for s in slots if not s.name("xx").startswith("⟦")] == []


@pytest.mark.parametrize("game", builtin_rulesets())
def test_every_value_a_game_names_reads_its_catalogue_under_a_third_language(xx, game):
    """A stat's value the game names (a size, evasion, a gender; Dragon Age's focuses, one by
    one in a list) is written on the sheet from the catalogue: under the pseudo-locale, inside
    the markers. A value it does not name reads as stored."""
    from gm_console.tui.present import stat_value

    rs = plugins.load(game)
    named = [(f, value) for f in rs.sheet.block for value in f.choice_names]
    assert named, f"{game}: no stat declares the names of its values"
    outside = sorted(f"{f.key}={v}: {stat_value(v, f, 'xx')}" for f, v in named
                     if not re.fullmatch(r"⟦[^⟦⟧]+⟧", stat_value(v, f, "xx")))
    assert outside == []
    if game == "dragon_age":
        from rulesets.dragon_age.stats import FOCUS_TERMS

        focus = rs.sheet.fields["focus"]
        shown = stat_value([*FOCUS_TERMS, "lute-playing"], focus, "xx").split(", ")
        assert shown[-1] == "lute-playing"  # the table's own focus, as typed
        assert [s for s in shown[:-1] if not re.fullmatch(r"⟦[^⟦⟧]+⟧", s)] == []
