"""What a GM prepares between sessions, on the command line: the bestiary and the party.

    gm-console bestiary list [--ruleset ID] [SEARCH]     creatures, either language
    gm-console bestiary show NAME [--ruleset ID]         one stat block
    gm-console bestiary store SAVE COMBATANT [--as NAME] [--es NAME] [--cr CR] [--replace]
    gm-console party list | show NAME | new NAME --ruleset ID
    gm-console party add NAME SAVE [PC ...]              PCs of an encounter into the party
    gm-console party update SAVE [--party NAME] [--dry-run]   what lasted, back into the party

The writing is storage's (bestiary.store, party.save: whole files, atomic); this module
reads the arguments and prints one line per thing, in the GM's language.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from gm_console import plugins
from gm_console.engine.core.bestiary import as_text, preview
from gm_console.engine.core.context import find_combatant
from gm_console.engine.core.errors import RulesError
from gm_console.engine.core.words import life, threat
from gm_console.i18n import C_, Named, _, render
from gm_console.storage import Encounter
from gm_console.storage import bestiary_files as bestiary_file
from gm_console.storage import party as party_file
from gm_console.storage.errors import LibraryError

if TYPE_CHECKING:
    import argparse


def add_parsers(sub, lang_too: argparse.ArgumentParser, h=lambda msg: render(msg, "en")) -> None:
    """``h`` writes a help text out in the GM's language (cli._parser's)."""
    b = sub.add_parser("bestiary", parents=[lang_too], help=h(_("the creatures `add @NAME` finds; store your own")))
    bsub = b.add_subparsers(dest="action", required=True)
    bl = bsub.add_parser("list", parents=[lang_too], help=h(_("list creatures (search in English or Spanish)")))
    bl.add_argument("search", metavar="SEARCH", nargs="?", default="")
    bl.add_argument("--ruleset", "-r", default=None, help=h(_("ruleset id (default: every game with a bestiary)")))
    bs = bsub.add_parser("show", parents=[lang_too], help=h(_("one creature's stat block")))
    bs.add_argument("name", metavar="NAME")
    bs.add_argument("--ruleset", "-r", default=None)
    bw = bsub.add_parser("store", parents=[lang_too], help=h(_("store a combatant of an encounter in your bestiary")))
    bw.add_argument("save", metavar="SAVE", type=Path)
    bw.add_argument("combatant", metavar="COMBATANT")
    bw.add_argument("--as", dest="en", default="", help=h(_("its name in your bestiary (default: the combatant's)")))
    bw.add_argument("--es", default="", help=h(_("its Spanish name")))
    bw.add_argument("--cr", default="", help=h(_("challenge rating (threat)")))
    bw.add_argument("--replace", action="store_true", help=h(_("replace a creature of the same name")))

    p = sub.add_parser("party", parents=[lang_too], help=h(_("a campaign's PCs, carried from fight to fight")))
    psub = p.add_subparsers(dest="action", required=True)
    psub.add_parser("list", parents=[lang_too], help=h(_("list parties")))
    ps = psub.add_parser("show", parents=[lang_too], help=h(_("a party's PCs and what lasted")))
    ps.add_argument("name", metavar="NAME")
    pn = psub.add_parser("new", parents=[lang_too], help=h(_("create an empty party")))
    pn.add_argument("name", metavar="NAME")
    pn.add_argument("--ruleset", "-r", required=True)
    pa = psub.add_parser("add", parents=[lang_too], help=h(_("copy PCs of an encounter into the party, or write them with --pc")))
    pa.add_argument("name", metavar="NAME")
    pa.add_argument("save", metavar="SAVE", type=Path, nargs="?")
    pa.add_argument("pcs", metavar="PC", nargs="*", help=h(_("combatants (default: every PC of the encounter)")))
    pa.add_argument("--pc", dest="written", metavar="BLOCK", action="append", default=[],
                    help=h(_("a PC written as a stat block, e.g. \"Kyra hp=30/38 ac=18\" (repeatable)")))
    pu = psub.add_parser("update", parents=[lang_too], help=h(_("write what lasted of the PCs back to the party")))
    pu.add_argument("save", metavar="SAVE", type=Path)
    pu.add_argument("--party", default=None, help=h(_("default: the party the encounter was started with")))
    pu.add_argument("--dry-run", action="store_true", help=h(_("say what would change, write nothing")))


def run(args, lang: str, out) -> int:
    return _ACTIONS[(args.command, args.action)](args, lang, lambda text: out(render(text, lang)))


# --- bestiary ------------------------------------------------------------------------------------


def _rulesets(ruleset_id: str | None):
    if ruleset_id:
        return [plugins.load(ruleset_id)]
    out = []
    for info in plugins.available():
        try:
            out.append(plugins.load(info.id))
        except plugins.UnknownRuleset:
            continue
    return out


#: where a creature comes from, as ``bestiary list`` says it
ORIGINS = {"built-in": C_("origin", "built-in"), "user": C_("origin", "yours")}


def _bestiary_list(args, lang, say) -> int:
    shown = 0
    for rs in _rulesets(args.ruleset):
        bestiary, problems = bestiary_file.load(rs)
        for problem in problems:
            say(_("warning: {why}", why=problem))
        for c in (bestiary.search(args.search) if args.search else bestiary.values()):
            rank = c.cr and render(_("CR {cr}", cr=c.cr), lang) or render(threat(c.threat), lang)
            names = c.name(lang) + (f" / {c.es if lang != 'es' else c.en}" if c.es and c.es != c.en else "")
            origin = render(ORIGINS.get(c.origin, c.origin), lang)
            say(f"{rs.id:14} {'@' + c.id:26} {names[:44]:45} {rank:10} {origin}")
            shown += 1
    if not shown:
        say(_("no creature found; a game's bestiary is in its folder, yours in {folder}",
              folder=str(bestiary_file.user_path("ID"))))
    return 0


def _bestiary_show(args, lang, say) -> int:
    found = []
    for rs in _rulesets(args.ruleset):
        bestiary = bestiary_file.lazy(rs)  # what is wrong with the creature asked for comes with the refusal
        try:
            found.append((rs, bestiary.find(args.name)))
        except RulesError as exc:
            last = exc
    if not found:
        raise LibraryError(last.message if args.ruleset else
                           _("no creature {name!r} in any bestiary", name=args.name))
    for i, (rs, creature) in enumerate(found):
        if i:
            say("")
        say(f"{rs.name} · @{creature.id}")
        for line in preview(creature, rs, lang):
            say(line)
    return 0


def _bestiary_store(args, lang, say) -> int:
    enc = Encounter.open(args.save, read_only=True)
    c = _combatant(enc, args.combatant)
    bestiary = bestiary_file.lazy(enc.ruleset)  # the creature it was added from, if any, is read
    cid, table = bestiary_file.entry_of(c, enc.ruleset, en=args.en, es=args.es, cr=args.cr, bestiary=bestiary)
    path = bestiary_file.store(enc.ruleset.id, cid, table, replace=args.replace)
    say(_("stored {name} as @{id} in {file}; add it with: add @{id}", name=c.name, id=cid, file=str(path)))
    return 0


def _combatant(enc: Encounter, ref: str):
    try:
        return find_combatant(enc.state, ref)
    except RulesError as exc:
        raise LibraryError(_("{file}: {why}", file=str(enc.path), why=exc.message)) from None


# --- party ---------------------------------------------------------------------------------------


def _party_list(args, lang, say) -> int:
    parties = party_file.list_parties()
    if not parties:
        say(_("no parties yet: gm-console party new NAME --ruleset ID"))
    for p in parties:
        names = ", ".join(m.name for m in p.members) or "-"
        say(f"{p.name:24} {p.ruleset:14} {names}")
    return 0


def _party_show(args, lang, say) -> int:
    p = party_file.load(args.name)
    say(f"{p.name} ({p.ruleset}) · {p.path}")
    rs = plugins.load(p.ruleset)
    for m in p.members:
        say(f"  {m.name}: {party_file.block_text(m)}")
        if m.now:
            # what lasted, in the reader's words: the sheet's labels, the conditions' and life's names
            pools = ", ".join(f"{render(rs.sheet.label(k), lang)} {v}" for k, v in (m.now.get("pools") or {}).items())
            conds = ", ".join(rs.conditions.catalogue.define(c.get("cond", "?")).name(lang)
                              + (f" {c['value']}" if c.get("value") is not None else "")
                              for c in m.now.get("conditions") or [])
            say(render(_("    after the last fight: {pools}; {conditions}; {life}", pools=pools or "-",
                         conditions=conds or "-", life=life(m.now.get("life", "ok"), Named(m.name, m.stats.get("gender")))), lang))
    return 0


def _party_new(args, lang, say) -> int:
    p = party_file.create(args.name, args.ruleset)
    say(_("created the party {name} ({ruleset}) in {file}; add PCs with: gm-console party add {name} SAVE",
          name=p.name, ruleset=p.ruleset, file=str(p.path)))
    return 0


def _party_add(args, lang, say) -> int:
    p = party_file.load(args.name)
    if args.written or args.save is None:
        return _party_add_written(p, args, say)
    enc = Encounter.open(args.save, read_only=True)
    if args.pcs:
        who = [_combatant(enc, ref) for ref in args.pcs]
    else:
        who = [c for c in enc.state.combatants.values() if c.side == "pc"]
        if not who:
            raise LibraryError(_("{file}: no PCs in this encounter; name the combatants to add", file=str(enc.path)))
    added = party_file.add_members(p, who, enc.ruleset, enc.state)
    say(_("{party}: {names} (stat blocks as they are in {file})", party=p.name, names=", ".join(a.name for a in added),
          file=str(enc.path)))
    for a in added:
        if a.kept:
            say(_("{name}: kept from the party file, not set in the encounter: {stats}", name=a.name,
                  stats=", ".join(f"{key}={as_text(value)}" for key, value in a.kept.items())))
    return 0


def _party_add_written(p, args, say) -> int:
    """``party add NAME --pc "Kyra hp=30/38 ac=18"``: PCs written as stat blocks, no encounter."""
    if args.save is not None or args.pcs:
        raise LibraryError(_("party add: either SAVE [PC ...] or --pc \"NAME key=value ...\", not both"))
    if not args.written:
        raise LibraryError(_("party add: name an encounter (SAVE) or write a PC: --pc \"Kyra hp=30/38 ac=18\""))
    ruleset = party_file.ruleset_of(p)
    added = []
    for block in args.written:
        c, state = party_file.written_pc(ruleset, block)
        added += party_file.add_members(p, [c], ruleset, state)
    say(_("{party}: {names} (stat blocks as written)", party=p.name, names=", ".join(a.name for a in added)))
    return 0


def _party_update(args, lang, say) -> int:
    enc = Encounter.open(args.save, read_only=True)
    name = args.party or enc.doc.extra.get("party")
    if not isinstance(name, str) or not name:
        raise LibraryError(_("{file}: this encounter did not start with a party; say which: --party NAME",
                             file=str(enc.path)))
    p = party_file.load(name)
    changes = party_file.write_back(p, enc.state, enc.ruleset, dry_run=args.dry_run)
    line = party_file.summary(changes, lang)
    say(_("{party} (not written): {changes}", party=p.name, changes=line) if args.dry_run
        else _("{party}: {changes}", party=p.name, changes=line))
    return 0


_ACTIONS = {
    ("bestiary", "list"): _bestiary_list, ("bestiary", "show"): _bestiary_show,
    ("bestiary", "store"): _bestiary_store,
    ("party", "list"): _party_list, ("party", "show"): _party_show, ("party", "new"): _party_new,
    ("party", "add"): _party_add, ("party", "update"): _party_update,
}
