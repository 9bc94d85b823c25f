"""The engine is pure Python: importing it must not import Django."""
import ast
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def parse(source: Path) -> ast.Module:
    """The module's syntax tree. CPython 3.11.7 may raise "AST constructor recursion depth mismatch"
    for a good file when the calling thread's recursion count is off after the browser tests
    (CPython gh-106905, fixed in 3.11.8): then the file is parsed again in a fresh thread."""
    text = source.read_text()
    try:
        return ast.parse(text)
    except SystemError:
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(ast.parse, text).result()


ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "scoring" / "engine"
#: The family-blind core and every family's engine (docs/families.md): all pure Python.
ENGINES = (ENGINE, *sorted(ROOT.glob("families/*/engine")))


def test_engine_sources_never_import_django():
    offenders = []
    for source in (source for engine in ENGINES for source in engine.rglob("*.py")):
        for node in ast.walk(parse(source)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{source.name}: {n}" for n in names if n.split(".")[0] == "django"]
    assert offenders == []


def test_importing_the_engine_loads_no_django_module():
    code = (
        "import sys, importlib, pkgutil\n"
        "for p in ['scoring.engine', *('families.%s.engine' % n for n in %r)]:\n"
        "    e = importlib.import_module(p)\n"
        "    for m in pkgutil.iter_modules(e.__path__): importlib.import_module(p + '.' + m.name)\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] == 'django'))"
    )
    code = code.replace("%r", repr(tuple(engine.parent.name for engine in ENGINES[1:])))
    root = ROOT
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_family_never_imports_another_family():
    """docs/architecture.md: one folder per family; a family reaches the shared core (ledger, reading,
    problems, bounds …) and never another family's folder."""
    names = [engine.parent.name for engine in ENGINES[1:]]
    offenders = []
    for name in names:
        others = {other for other in names if other != name}
        for source in (ROOT / "families" / name / "engine").rglob("*.py"):
            for node in ast.walk(parse(source)):
                if isinstance(node, ast.ImportFrom):
                    module = ("." * node.level) + (node.module or "")
                    parts = module.lstrip(".").split(".")
                    reached = parts[1] if parts[0] == "families" and len(parts) > 1 else None
                    if reached in others:
                        offenders.append(f"{name}/{source.name}: {module}")
                    if module == "families":   # from families import x
                        offenders += [f"{name}/{source.name}: {a.name}" for a in node.names if a.name in others]
            for node in ast.walk(parse(source)):
                if isinstance(node, ast.Import):
                    offenders += [f"{name}/{source.name}: {a.name}" for a in node.names
                                  if a.name.split(".")[:1] == ["families"] and a.name.split(".")[1:2] != [name]]
    assert offenders == []
