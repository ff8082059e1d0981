"""The translation catalogues in locale/ (docs/translating.md), pure Python (polib):
no GNU gettext is needed to compile them, so a fresh machine speaks every language.

    python tools/catalogues.py headers        the Polish three plural forms, the team
    python tools/catalogues.py compile        every django.po and djangojs.po to its .mo
    python tools/catalogues.py merge DIR...   other checkouts' translations filled
                                              into ours where ours is empty
    python tools/catalogues.py stats          translated / untranslated / fuzzy per file
"""

import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGUAGES = ("de", "pl", "fr")
DOMAINS = ("django", "djangojs")
# Polish says 1 gra, 2-4 gry, 5 gier (and 22 gry, 25 gier): three forms, as the issue
# asks, not Django's own four (its fourth is for fractions, which we never count).
PLURALS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "pl": (
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
        "(n%100<10 || n%100>=20) ? 1 : 2);"
    ),
}
NAMES = {"de": "German", "pl": "Polish", "fr": "French"}
TEAM = "Pitch Club translators <https://github.com/pitchclub>"


def catalogues(root: Path = LOCALE) -> list[tuple[str, Path]]:
    found = []
    for language in LANGUAGES:
        for domain in DOMAINS:
            path = root / language / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                found.append((language, path))
    return found


def headers() -> None:
    for language, path in catalogues():
        po = polib.pofile(str(path), wrapwidth=0)
        po.header = f"Pitch Club's words in {NAMES[language]} (docs/translating.md)."
        po.metadata_is_fuzzy = False
        po.metadata["Project-Id-Version"] = "Pitch Club"
        po.metadata["Plural-Forms"] = PLURALS[language]
        po.metadata["Language"] = language
        po.metadata["Language-Team"] = TEAM
        po.metadata["Content-Type"] = "text/plain; charset=UTF-8"
        # msgfmt --check wants both; the date stays as msgmerge keeps it (no diff in
        # make lint), a catalogue without one gets the day it was made.
        po.metadata["Last-Translator"] = TEAM
        revised = po.metadata.get("PO-Revision-Date", "")
        if not revised[:1].isdigit():
            po.metadata["PO-Revision-Date"] = po.metadata.get(
                "POT-Creation-Date", "2026-11-27 00:00+0000"
            )
        po.save(str(path))


def compile_all() -> None:
    for _language, path in catalogues():
        po = polib.pofile(str(path))
        po.save_as_mofile(str(path.with_suffix(".mo")))


def key(entry: polib.POEntry) -> tuple[str, str, str]:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def merge(others: list[Path]) -> None:
    for _language, path in catalogues():
        ours = polib.pofile(str(path), wrapwidth=0)
        todo = {key(e): e for e in ours if not e.translated() or e.fuzzy}
        filled = 0
        for other in others:
            theirs_path = other / path.relative_to(ROOT)
            if not theirs_path.exists():
                continue
            for entry in polib.pofile(str(theirs_path)):
                mine = todo.get(key(entry))
                if mine is None or not entry.translated() or entry.fuzzy:
                    continue
                mine.msgstr = entry.msgstr
                mine.msgstr_plural = dict(entry.msgstr_plural)
                if "fuzzy" in mine.flags:
                    mine.flags.remove("fuzzy")
                del todo[key(entry)]
                filled += 1
        ours.save(str(path))
        print(f"{path.relative_to(ROOT)}: {filled} filled, {len(todo)} still empty")


def stats() -> int:
    missing = 0
    for _language, path in catalogues():
        po = polib.pofile(str(path))
        untranslated = len(po.untranslated_entries())
        fuzzy = len(po.fuzzy_entries())
        missing += untranslated + fuzzy
        print(
            f"{path.relative_to(ROOT)}: {len(po.translated_entries())} translated, "
            f"{untranslated} untranslated, {fuzzy} fuzzy"
        )
    return missing


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "stats"
    if command == "headers":
        headers()
    elif command == "compile":
        compile_all()
    elif command == "merge":
        merge([Path(p) for p in argv[1:]])
    elif command == "stats":
        return 1 if stats() else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
