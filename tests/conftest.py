from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
GOLDEN = SHARED / "golden"


def golden_files() -> list[Path]:
    """Every evening in ../shared/golden that has an expected settlement, read at test time."""
    return sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


@pytest.fixture
def golden_dir() -> Path:
    return GOLDEN
