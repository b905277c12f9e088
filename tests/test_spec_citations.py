"""Every `rules.md §n` and `interfaces.md §n` cited in the code, tests and docs is a section of
the repository's copies in docs/spec/ (`§8.2`: item 2 of §8, or its subsection "### 8.2")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec"
CITATION = re.compile(r"\b(rules|interfaces)\.md ?§ ?(\d+)(?:\.(\d+))?")
HEADING = re.compile(r"^## (\d+)\. ", re.MULTILINE)
ITEM = re.compile(r"^(\d+)\. ", re.MULTILINE)
SUBSECTION = re.compile(r"^### \d+\.(\d+) ", re.MULTILINE)


def _sections(name: str) -> dict[int, str]:
    text = (SPEC / name).read_text(encoding="utf-8")
    marks = list(HEADING.finditer(text))
    return {
        int(m.group(1)): text[m.end() : marks[i + 1].start() if i + 1 < len(marks) else None]
        for i, m in enumerate(marks)
    }


def _citing_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for folder in ("ningde_tui", "tests", "benchmarks"):
        files += sorted((ROOT / folder).rglob("*.py"))
    return [f for f in files if SPEC not in f.parents]


def test_the_spec_and_the_rules_page_are_in_the_repository() -> None:
    for name in ("rules.md", "interfaces.md", "ningde_rules_zh.txt"):
        assert (SPEC / name).stat().st_size > 1000, name


def test_every_citation_names_a_section_of_docs_spec() -> None:
    sections = {"rules": _sections("rules.md"), "interfaces": _sections("interfaces.md")}
    seen = 0
    for path in _citing_files():
        for match in CITATION.finditer(path.read_text(encoding="utf-8")):
            seen += 1
            doc, major, item = match.group(1), int(match.group(2)), match.group(3)
            where = f"{path.relative_to(ROOT)}: {match.group(0)}"
            assert major in sections[doc], f"{where}: no § {major} in docs/spec/{doc}.md"
            if item is not None:
                text = sections[doc][major]
                items = {int(n) for n in ITEM.findall(text) + SUBSECTION.findall(text)}
                assert int(item) in items, f"{where}: § {major} has no item {item}"
    assert seen > 100


@pytest.mark.parametrize("name", ["rules.md", "interfaces.md"])
def test_docs_point_at_the_copy_in_the_repository(name: str) -> None:
    for path in _citing_files():
        assert f"shared/spec/{name}" not in path.read_text(encoding="utf-8"), path
