"""The catalogues in locale/ are whole and checked (issue 24, item 5;
docs/translating.md): every entry translated and none fuzzy, each compiled .mo
(committed, made in Python by tools/catalogues.py) the same as its .po, Polish
with its three plural forms, and GNU msgfmt's --check clean where it is installed.
"""

import gettext
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
LANGUAGES = ("de", "pl", "fr")
NPLURALS = {"de": 2, "pl": 3, "fr": 2}
CATALOGUES = sorted(
    path
    for language in LANGUAGES
    for path in (LOCALE / language / "LC_MESSAGES").glob("*.po")
)


def name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def language_of(path: Path) -> str:
    return path.relative_to(LOCALE).parts[0]


def translations(catalogue: polib._BaseFile) -> dict[tuple[str, str], object]:
    """What a catalogue says: (context, msgid) -> its translation or plural forms,
    for the entries a program reads (translated, not fuzzy, not obsolete)."""
    said = {}
    for entry in catalogue:
        if entry.obsolete or getattr(entry, "fuzzy", False) or not entry.msgid:
            continue
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[n] for n in sorted(entry.msgstr_plural))
            if all(forms):
                said[(entry.msgctxt or "", entry.msgid)] = (entry.msgid_plural, forms)
        elif entry.msgstr:
            said[(entry.msgctxt or "", entry.msgid)] = entry.msgstr
    return said


def test_every_language_has_its_catalogue() -> None:
    for language in LANGUAGES:
        po = LOCALE / language / "LC_MESSAGES" / "django.po"
        assert po.exists(), f"{name(po)} is missing: make messages"
        assert po.with_suffix(".mo").exists(), f"{name(po)} is not compiled"


@pytest.mark.parametrize("path", CATALOGUES, ids=name)
def test_no_entry_is_untranslated_or_fuzzy(path: Path) -> None:
    po = polib.pofile(str(path))
    untranslated = [entry.msgid for entry in po.untranslated_entries()]
    fuzzy = [entry.msgid for entry in po.fuzzy_entries()]
    assert not untranslated, (
        f"{name(path)}: {len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    )
    assert not fuzzy, f"{name(path)}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.parametrize("path", CATALOGUES, ids=name)
def test_every_mo_says_what_its_po_says(path: Path) -> None:
    mo_path = path.with_suffix(".mo")
    assert mo_path.exists(), (
        f"{name(path)} has no .mo: python tools/catalogues.py compile"
    )
    po = polib.pofile(str(path))
    mo = polib.mofile(str(mo_path))

    assert translations(mo) == translations(po), (
        f"{name(mo_path)} is not {name(path)} compiled: "
        "python tools/catalogues.py compile, and commit the .mo"
    )
    assert mo.metadata.get("Plural-Forms") == po.metadata.get("Plural-Forms")


@pytest.mark.parametrize("path", CATALOGUES, ids=name)
def test_each_language_declares_its_plural_forms(path: Path) -> None:
    language = language_of(path)
    po = polib.pofile(str(path))
    header = po.metadata.get("Plural-Forms", "")
    nplurals = header.partition(";")[0]

    assert nplurals.strip() == f"nplurals={NPLURALS[language]}", header
    assert po.metadata.get("Language") == language
    # Every translated plural entry has exactly that many forms.
    for entry in po.translated_entries():
        if entry.msgid_plural:
            assert len(entry.msgstr_plural) == NPLURALS[language], entry.msgid


def test_polish_says_1_gra_2_gry_5_gier() -> None:
    po = polib.pofile(str(LOCALE / "pl" / "LC_MESSAGES" / "django.po"))
    expression = po.metadata["Plural-Forms"].split("plural=", 1)[1].rstrip("; ")
    form = gettext.c2py(expression)
    # one, few (2-4, 22-24 …, not 12-14), many (0, 5-21, 25 …)
    expected = {1: 0, 2: 1, 3: 1, 4: 1, 22: 1, 104: 1, 0: 2, 5: 2, 12: 2, 14: 2, 21: 2}
    assert {n: form(n) for n in expected} == expected


@pytest.mark.skipif(
    shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed"
)
@pytest.mark.parametrize("path", CATALOGUES, ids=name)
def test_msgfmt_check_is_clean(path: Path) -> None:
    checked = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    # Only the statistics line: no warning either.
    assert "warning" not in checked.stderr.lower(), checked.stderr
