"""Keep a package's message catalogues in step with its code (Babel does the work).

    python -m gm_console.i18n.tool                 # the core and every installed built-in ruleset
    python -m gm_console.i18n.tool --check         # exit 1 if a message lacks Spanish or a .mo is stale
    python -m gm_console.i18n.tool PATH DOMAIN     # a plugin's own package folder and domain

For each package: extract every ``_("...")``, ``_n("...", "...", n)`` and
``N_("...")`` with Babel, merge the ids into ``locale/<lang>/LC_MESSAGES/<domain>.po``
(new ids arrive untranslated, vanished ones are dropped), and compile the ``.mo``
that the program reads at run time with the standard library's gettext (so Babel
is needed only to write catalogues, never to run). The ``.po`` is what a
translator edits; a third language is a new folder here, no code.
"""

from __future__ import annotations

import datetime
import io
import sys
from dataclasses import dataclass
from pathlib import Path

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


def template(pkg: Package):
    """Every message id the package's code marks, as a Babel catalogue."""
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


def refresh(pkg: Package, lang: str) -> tuple[bytes, bytes, list[str]]:
    """(po text, mo bytes, ids without a translation) after merging the code's ids in."""
    catalog = load_po(pkg.po(lang), lang, pkg.domain)
    catalog.update(template(pkg), no_fuzzy_matching=True)
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


def main(argv: list[str]) -> int:
    check = "--check" in argv
    args = [a for a in argv if not a.startswith("--")]
    pkgs = [Package(Path(args[0]).resolve(), args[1])] if len(args) == 2 else packages()
    problems = 0
    for pkg in pkgs:
        for lang in TRANSLATED:
            po, mo, missing = refresh(pkg, lang)
            for msgid in missing:
                print(f"{pkg.po(lang)}: no {lang} for {msgid!r}", file=sys.stderr)
            problems += len(missing)
            if check:
                stale = [p for p, data in ((pkg.po(lang), po), (pkg.mo(lang), mo))
                         if not p.exists() or p.read_bytes() != data]
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
