"""docs/rules-coverage.md is generated from the tests; it must not fall behind them."""

from __future__ import annotations

from pathlib import Path

import pytest
import rules_coverage


@pytest.mark.skipif(not rules_coverage.SPEC.is_dir(), reason="no ../shared/spec beside the repo")
def test_rules_coverage_doc_is_current() -> None:
    expected = rules_coverage.render()
    actual = rules_coverage.DOC.read_text(encoding="utf-8")
    assert actual == expected, "run: python scripts/rules_coverage.py"


def test_name_and_docstring_citations_are_found(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(
        "def test_rmu_rf_1_refuses():\n    pass\n"
        "def test_other():\n    '''Proves RMU-RF-10.'''\n"
        "def test_rmu_rf_12_not_1():\n    pass\n"
        "def test_p1_short_form():\n    pass\n"
    )
    cites = rules_coverage.cited_tests(["RMU-RF-1", "RMU-RF-10", "RMU-RF-12", "P-1"], tmp_path)
    assert [c.split("::")[1] for c in cites["RMU-RF-1"]] == ["test_rmu_rf_1_refuses`"]
    assert [c.split("::")[1] for c in cites["RMU-RF-10"]] == ["test_other`"]
    assert len(cites["RMU-RF-12"]) == 1
    assert [c.split("::")[1] for c in cites["P-1"]] == ["test_p1_short_form`"]
