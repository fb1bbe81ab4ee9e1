"""Keep a package's message catalogues in step with its code (Babel does the work).

    python -m gm_console.i18n.tool                 # the core and every installed built-in ruleset
    python -m gm_console.i18n.tool --check         # exit 1 if a message lacks Spanish or a .mo is stale
    python -m gm_console.i18n.tool PATH DOMAIN     # a plugin's own package folder and domain

For each package: extract every ``_("...")``, ``_n("...", "...", n)``, ``C_("ctx", "...")``
and ``N_("...")`` with Babel, add the names its data declares in English and Spanish (``data``
below), merge the ids into ``locale/<lang>/LC_MESSAGES/<domain>.po`` (new ids arrive
untranslated, vanished ones are dropped), and compile the ``.mo`` that the program reads at
run time with the standard library's gettext (so Babel is needed only to write catalogues,
never to run). The ``.po`` is what a translator edits; a third language is a new folder
``locale/<lang>/LC_MESSAGES`` (copy the Spanish ``.po`` there and translate it): the tool
keeps every language it finds there, only Spanish must be complete.

Data names (a condition's name, a stat's label, a weapon, every ``T_("ctx", "en", "es")``) are
not sentences in code: the tool imports the package and walks what its modules declare (a
``Term`` of the package's domain at module level, in a table or on a class; a condition or a
stat field, which name their terms; a ruleset, whose catalogue and stat block it reads). Each
one is a message under its msgctxt with the code's Spanish as its ``msgstr``: the code is the
one source of the Spanish word (the command language reads it as input too), the tool writes it
into the ``.po`` and ``--check`` fails when the ``.po`` says otherwise.
"""

from __future__ import annotations

import datetime
import importlib
import io
import pkgutil
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KEYWORDS = {"_": None, "N_": None, "_n": (1, 2), "C_": ((1, "c"), 2)}
TRANSLATED = ("es",)  # languages every message must have (English is the source)


@dataclass(frozen=True)
class Package:
    folder: Path
    domain: str

    @property
    def localedir(self) -> Path:
        return self.folder / "locale"

    def po(self, lang: str) -> Path:
        return self.localedir / lang / "LC_MESSAGES" / f"{self.domain}.po"

    def mo(self, lang: str) -> Path:
        return self.po(lang).with_suffix(".mo")


def packages() -> list[Package]:
    """The core, then each built-in ruleset found through the entry points (its i18n module's domain)."""
    import importlib

    from gm_console.entry_points import GROUP, entry_points

    core = Path(__file__).resolve().parent.parent
    out = [Package(core, "gm_console")]
    for _id, ep in sorted(entry_points(GROUP).items()):
        name = ep.value.partition(":")[0]
        if name.split(".")[0] != "rulesets":  # a built-in game
            continue
        module = importlib.import_module(name)
        folder = Path(module.__file__).resolve().parent
        messages = getattr(module, "_", None)
        if messages is None and (folder / "i18n.py").is_file():  # the package's own catalogue module
            messages = getattr(importlib.import_module(f"{name}.i18n"), "_", None)
        domain = getattr(messages, "name", None)
        if domain:
            out.append(Package(folder, domain))
    return out


@dataclass(frozen=True)
class Data:
    """The names a package's data declares: ``{(msgctxt, English): (Spanish, where)}``, and what
    keeps one from a third language (a name without a domain, one English word with two Spanish
    names under one msgctxt)."""

    names: dict
    problems: tuple[str, ...]


#: module names never imported to be walked: running them does something (the program's entry)
NOT_WALKED = ("__main__", "tool")


def module_name(folder: Path) -> tuple[str, Path]:
    """The dotted name a package folder is imported by (``rulesets.pathfinder1e``: its parents
    that are packages too), and the folder on the path that holds it."""
    parts = [folder.name]
    top = folder.parent
    while (top / "__init__.py").is_file():
        parts.insert(0, top.name)
        top = top.parent
    return ".".join(parts), top


def modules(pkg: Package) -> list[Any]:
    """Every module of the package, imported (a plugin's folder is put on the path to be found)."""
    name, top = module_name(pkg.folder)
    if name not in sys.modules and str(top) not in sys.path:
        sys.path.insert(0, str(top))
    root = importlib.import_module(name)
    if Path(root.__file__).resolve().parent != pkg.folder:
        raise ImportError(f"{name} is imported from {Path(root.__file__).parent}, not {pkg.folder}")
    out = [root]
    for info in pkgutil.walk_packages([str(pkg.folder)], prefix=name + "."):
        if info.name.rsplit(".", 1)[-1] in NOT_WALKED or ".locale" in info.name:
            continue
        out.append(importlib.import_module(info.name))
    return out


def data(pkg: Package) -> Data:
    """The data names the package declares (module doc): found by importing it and walking what
    its modules hold at module level (tables, constants, classes), never by reading its text."""
    from gm_console.i18n import Term

    names: dict = {}
    problems: list[str] = []
    seen: set[int] = set()
    mods = modules(pkg)
    ours = {m.__name__ for m in mods}

    def add(term: Any, where: str, hint: str = "declare it with T_") -> None:
        if term.domain is None:
            if term.en and hint:
                problems.append(f"{where}: {term.en!r} names data with no catalogue ({hint})")
            return
        if term.domain.name != pkg.domain or not term.en:
            return
        key = (term.context, term.en)
        es = term.es or term.en
        known = names.get(key)
        if known is not None and known[0] != es:
            problems.append(f"{where}: {term.en!r} (msgctxt {term.context!r}) is {es!r} here and {known[0]!r} in "
                            f"{known[1]}: give one of them its own msgctxt")
            return
        names.setdefault(key, (es, where))

    def walk(value: Any, where: str, depth: int = 0) -> None:
        if depth > 6 or id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, Term):
            add(value, where)
        elif isinstance(value, type):
            if value.__module__ not in ours:
                return
            declared = getattr(value, "declared_terms", None)
            if callable(declared):  # a ruleset: its catalogue and stat block, made as it plays
                for term in declared():
                    add(term, f"{where}, ruleset {value.__name__}", "give the ruleset its catalogue: domain = _")
            for attr in list(value.__dict__.values()):
                walk(attr, where, depth + 1)
        elif callable(getattr(value, "terms", None)) and not isinstance(value, type) and \
                type(value).__module__.startswith("gm_console."):  # a condition, a stat field
            for term in value.terms():  # without a domain yet: its ruleset's gives it one (above)
                add(term, where, "")
        elif isinstance(value, dict):
            for item in list(value.values()):
                walk(item, where, depth + 1)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for item in list(value):
                walk(item, where, depth + 1)

    for mod in mods:
        where = f"{pkg.folder.name}/{Path(mod.__file__).relative_to(pkg.folder).as_posix()}"
        for value in list(vars(mod).values()):
            if not isinstance(value, types.ModuleType):
                walk(value, where)
    return Data(names, tuple(dict.fromkeys(problems)))


def template(pkg: Package, data_names: "Data | None" = None):
    """Every message id the package's code marks, and every name its data declares (with
    its msgctxt), as a Babel catalogue."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(domain=pkg.domain, project="gm-console", charset="utf-8")
    skip = {"locale", "__pycache__", "tool.py"}
    for filename, lineno, message, comments, context in extract_from_dir(
            str(pkg.folder), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
            callback=None):
        if any(part in skip for part in Path(filename).parts):
            continue
        flags = ("python-brace-format",) if "{" in (message if isinstance(message, str) else message[0]) else ()
        catalog.add(message, None, [(str(pkg.folder.name + "/" + filename), lineno)], auto_comments=comments,
                    context=context, flags=flags)
    for (context, en), (_es, where) in sorted((data_names or data(pkg)).names.items(),
                                               key=lambda kv: (kv[0][0] or "", kv[0][1])):
        if catalog.get(en, context=context) is None:
            catalog.add(en, None, [(where, 0)], context=context,
                        auto_comments=[f"data ({where}): its Spanish is the code's, written here by the tool"])
    return catalog


def load_po(path: Path, lang: str, domain: str):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    if not path.exists():
        return Catalog(locale=lang, domain=domain, project="gm-console", charset="utf-8")
    with path.open("rb") as fh:
        return read_po(fh, locale=lang, domain=domain)


def po_text(catalog) -> bytes:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=True, no_location=True,
             include_previous=False)
    return buf.getvalue()


def mo_bytes(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def untranslated(catalog) -> list[str]:
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy or not all(strings):
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out


#: catalogues carry no dates of their own, so regenerating them changes nothing when the code did not
FIXED_DATE = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)


def refresh(pkg: Package, lang: str, data_names: "Data | None" = None) -> tuple[bytes, bytes, list[str]]:
    """(po text, mo bytes, ids without a translation) after merging the code's ids in; a data
    name's Spanish is the code's."""
    data_names = data_names or data(pkg)
    catalog = load_po(pkg.po(lang), lang, pkg.domain)
    catalog.update(template(pkg, data_names), no_fuzzy_matching=True)
    if lang == "es":
        for (context, en), (es, _where) in data_names.names.items():
            message = catalog.get(en, context=context)
            if message is not None:
                message.string = es
                message.flags.discard("fuzzy")
    catalog.obsolete.clear()
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    catalog.fuzzy = False
    catalog.language_team = f"gm-console <{lang}>"
    catalog.last_translator = "gm-console"
    return po_text(catalog), mo_bytes(catalog), untranslated(catalog)


def translate(pkg: Package, lang: str, translations: dict) -> None:
    """Write translations into a catalogue (``{msgid: text}``; a plural id maps to a tuple of forms;
    a context id is a ``(context, msgid)`` key)."""
    catalog = load_po(pkg.po(lang), lang, pkg.domain)
    for key, text in translations.items():
        context, msgid = key if isinstance(key, tuple) else (None, key)
        message = catalog.get(msgid, context=context)
        if message is None:
            raise KeyError(f"{pkg.domain}: no message {msgid!r} in the {lang} catalogue (run the tool first)")
        message.string = text
        message.flags.discard("fuzzy")
    pkg.po(lang).write_bytes(po_text(catalog))


def languages(pkg: Package) -> list[str]:
    """The languages a package's catalogue keeps: Spanish (which must be complete) and every
    other folder a translator made under ``locale``."""
    found = {p.name for p in pkg.localedir.glob("*") if (p / "LC_MESSAGES").is_dir()} \
        if pkg.localedir.is_dir() else set()
    return list(TRANSLATED) + sorted(found - set(TRANSLATED))


def disagreements(pkg: Package, data_names: Data) -> list[str]:
    """Data names whose Spanish in the ``.po`` is not the code's (the code is the source)."""
    catalog = load_po(pkg.po("es"), "es", pkg.domain)
    out = []
    for (context, en), (es, where) in sorted(data_names.names.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        message = catalog.get(en, context=context)
        if message is not None and message.string and message.string != es:
            out.append(f"{pkg.po('es')}: {en!r} (msgctxt {context!r}) is {message.string!r} there but {es!r} in "
                       f"{where}, its source: change the code, then run python -m gm_console.i18n.tool")
    return out


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if not a.startswith("--")]
    pkgs = [Package(Path(args[0]).resolve(), args[1])] if len(args) == 2 else packages()
    problems = 0
    for pkg in pkgs:
        found = data(pkg)
        for problem in found.problems:
            print(f"{pkg.domain}: {problem}", file=sys.stderr)
        problems += len(found.problems)
        if check:
            for line in disagreements(pkg, found):
                print(line, file=sys.stderr)
                problems += 1
        for lang in languages(pkg):
            po, mo, missing = refresh(pkg, lang, found)
            if lang in TRANSLATED:
                for msgid in missing:
                    print(f"{pkg.po(lang)}: no {lang} for {msgid!r}", file=sys.stderr)
                problems += len(missing)
            if check:
                stale = [p for p, made in ((pkg.po(lang), po), (pkg.mo(lang), mo))
                         if not p.exists() or p.read_bytes() != made]
                for p in stale:
                    print(f"{p}: stale; run python -m gm_console.i18n.tool", file=sys.stderr)
                problems += len(stale)
            else:
                pkg.po(lang).parent.mkdir(parents=True, exist_ok=True)
                pkg.po(lang).write_bytes(po)
                pkg.mo(lang).write_bytes(mo)
    return 1 if problems and check else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
