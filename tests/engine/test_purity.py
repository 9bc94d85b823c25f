"""The engine is pure Python: importing it must not import Django."""
import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "scoring" / "engine"


def test_engine_sources_never_import_django():
    offenders = []
    for source in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{source.name}: {n}" for n in names if n.split(".")[0] == "django"]
    assert offenders == []


def test_importing_the_engine_loads_no_django_module():
    code = (
        "import sys, importlib, pkgutil, scoring.engine as e\n"
        "for m in pkgutil.iter_modules(e.__path__): importlib.import_module('scoring.engine.' + m.name)\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] == 'django'))"
    )
    root = ENGINE.parents[1]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_family_never_imports_another_family():
    """docs/architecture.md: one folder per family; a family reaches the shared core (ledger, reading,
    problems, bounds …) and never another family's folder."""
    from scoring.engine.families import FAMILY_PACKAGES
    offenders = []
    for name in FAMILY_PACKAGES:
        others = {other for other in FAMILY_PACKAGES if other != name}
        for source in (ENGINE / name).rglob("*.py"):
            for node in ast.walk(ast.parse(source.read_text())):
                if isinstance(node, ast.ImportFrom):
                    module = ("." * node.level) + (node.module or "")
                    parts = module.lstrip(".").split(".")
                    reached = parts[0] if node.level == 2 else (parts[2] if parts[:2] == ["scoring", "engine"] and len(parts) > 2 else None)
                    if reached in others:
                        offenders.append(f"{name}/{source.name}: {module}")
                    if node.level == 2 and not node.module:   # from .. import x
                        offenders += [f"{name}/{source.name}: ..{a.name}" for a in node.names if a.name in others]
    assert offenders == []
