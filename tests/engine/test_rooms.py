"""Rooms that say what they hold (docs/architecture.md, "The folders"): the modules of
``scoring/`` and ``families/`` import each other in no circle, no two modules of one package have
names one letter apart (``listing.py`` beside ``listings.py`` says nothing of which holds what), and
every path the README and docs/ cite is there (a page that names a module that has moved or gone
sends its reader nowhere).

Read from the source with ``ast``, nothing imported, no database.

An import inside a function counts like one at the top of its module. A function-local import that
closes a circle only defers it: the two modules still need each other, neither can be read or
moved without the other, and the import is done anyway the first time the function runs. So a
circle is broken by moving what both need to where it belongs, never by pushing an import into a
function; a function-local import stays allowed for what it is good for (WeasyPrint loaded only
when a PDF is made, a test's monkeypatch of the function it calls), as long as it closes no circle.
Imports under ``if TYPE_CHECKING:`` count too: a type the module names is a dependency of its
reader. A package's own ``__init__`` that Python runs before a submodule is no edge: importing
``scoring.selectors.members`` asks nothing of ``scoring/selectors/__init__.py``'s names."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The app's own packages: the core and the game families. Migrations are a history, not rooms.
PACKAGES = ("scoring", "families")


def modules(root: Path = ROOT, packages=PACKAGES) -> dict[str, Path]:
    """{dotted name: file} of every module of ``packages`` (a package by its ``__init__.py``)."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _owner(name: str, known) -> str | None:
    """The module ``name`` is, or is in (``scoring.models.Evening`` is in ``scoring.models``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imported(name: str, path: Path, known) -> set[str]:
    """The modules of ``known`` that module ``name`` imports, anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            # ``from scoring.selectors import members``: the submodule; ``from .sheets import
            # table_sheet``: the module that holds the name
            targets |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names}
    found = {_owner(target, known) for target in targets}
    # a module's own packages are run before it by Python, not asked for by it
    return {module for module in found if module and module != name and not name.startswith(module + ".")}


def import_graph(root: Path = ROOT, packages=PACKAGES) -> dict[str, set[str]]:
    known = modules(root, packages)
    return {name: imported(name, path, known) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of modules that import each other in a circle (the strongly connected components
    of more than one module, Tarjan's algorithm), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def one_letter_apart(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with one letter added, dropped or changed."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def lookalike_names(root: Path = ROOT, packages=PACKAGES) -> list[tuple[str, str, str]]:
    """(package folder, name, name) of every two modules or subpackages of one package whose names
    are one letter apart."""
    found = []
    for package in packages:
        for folder in sorted([root / package, *(p for p in (root / package).rglob("*") if p.is_dir())]):
            if folder.name in ("migrations", "__pycache__") or not (folder / "__init__.py").exists():
                continue
            names = sorted({p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
                           | {p.name for p in folder.iterdir() if (p / "__init__.py").exists()})
            found += [(str(folder.relative_to(root)), a, b) for i, a in enumerate(names) for b in names[i + 1:]
                      if one_letter_apart(a, b)]
    return found


def test_no_module_imports_itself_back_through_others():
    found = circles(import_graph())
    graph = import_graph()
    described = ["  " + " ".join(circle) + "\n" + "\n".join(
        f"    {a} -> {b}" for a in circle for b in sorted(graph[a]) if b in circle) for circle in found]
    assert not found, "modules importing each other in a circle:\n" + "\n".join(described)


def test_no_two_modules_of_a_package_are_one_letter_apart():
    assert not lookalike_names(), f"names one letter apart in one package: {lookalike_names()}"


#: A path as the pages cite it: folders and a file or a folder (``scoring/reports/pdf.py``,
#: ``tests/golden/``), not a part of a URL (``/clubs/<id>/members/``) or of a pattern (``<lang>/``).
CITED = re.compile(r"(?<![\w./<>:…-])([\w.-]+(?:/[\w.-]+)+/?)(?![\w<>*])")
FILE_ENDINGS = (".py", ".md", ".html", ".js", ".css", ".json", ".txt", ".toml", ".po", ".sh", ".svg", ".png")


def cited_paths(text: str) -> list[tuple[int, str]]:
    """(line, path) of every file or folder path in a page's text (a web address left out)."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in CITED.finditer(line):
            path = match.group(1).rstrip(".")
            head = path.split("/")[0]
            if "." in head.strip("."):
                continue   # a host name without its scheme: example.org/…
            if path.endswith(FILE_ENDINGS) or path.endswith("/"):
                found.append((number, path))
    return found


def missing_paths(root: Path = ROOT) -> list[str]:
    """Every path cited by the README or a page of docs/ that is not there. A path is read from the
    repository's root, from the page's own folder (a link), or, as the pages shorten them, from
    ``scoring/``, ``tests/``, ``templates/``, ``static/``, ``docs/`` or a family's folder
    (``selectors/standings.py``, ``engine/problems.py``)."""
    bases = [root / name for name in ("", "scoring", "tests", "templates", "static", "docs")]
    bases += sorted(p for p in (root / "families").iterdir() if p.is_dir())
    found = []
    for page in [root / "README.md", *sorted((root / "docs").rglob("*.md"))]:
        for number, path in cited_paths(page.read_text(encoding="utf-8")):
            if not any((base / path).exists() for base in [page.parent, *bases]):
                found.append(f"{page.relative_to(root)}:{number}: {path}")
    return found


def test_every_path_the_docs_cite_is_there():
    assert not missing_paths(), "paths cited by the README or docs/ that are not there:\n" + "\n".join(missing_paths())


# The checks themselves, on a small tree of their own: each finds what it is there to find.

@pytest.fixture
def tree(tmp_path):
    def write(relative: str, text: str = "") -> None:
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    write("app/__init__.py")
    write("app/sub/__init__.py", "from .back import thing\n")
    write("app/front.py", "def f():\n    from app.sub import back   # inside a function: counts all the same\n")
    write("app/sub/back.py", "from ..middle import other\nthing = 1\n")
    write("app/middle.py", "from app import front\nother = 2\n")
    write("app/outside.py", "from app.sub.back import thing\n")
    write("app/listing.py")
    write("app/listings.py")
    write("app/migrations/__init__.py", "from app import outside\n")
    return tmp_path


def test_a_circle_through_a_function_local_and_a_relative_import_is_found(tree):
    graph = import_graph(tree, ("app",))
    assert graph["app.front"] == {"app.sub.back"} and graph["app.sub.back"] == {"app.middle"}
    assert graph["app.outside"] == {"app.sub.back"} and "app.migrations" not in graph
    assert graph["app.sub"] == {"app.sub.back"}       # a package's own submodule, named relatively
    assert circles(graph) == [["app.front", "app.middle", "app.sub.back"]]
    assert circles({"x": {"y"}, "y": set()}) == []


def test_names_one_letter_apart_are_found(tree):
    assert lookalike_names(tree, ("app",)) == [("app", "listing", "listings")]
    assert one_letter_apart("sheet", "sheep") and one_letter_apart("form", "forms")
    assert not one_letter_apart("pdf", "pdf_worker") and not one_letter_apart("season", "reason_x")


def test_a_path_the_docs_cite_is_read_and_a_url_is_not():
    text = ("The sender (`scoring/outbox_sender.py`) and [the rules](rules/README.md); see\n"
            "`/clubs/<id>/members/`, `locale/<lang>/LC_MESSAGES/django.po`, https://example.org/a/b.html,\n"
            "`curl https://tarok.example/health/`, tarok.example/health/ and docs/families.md,\n"
            "which cites `scoring/history.py`.")
    assert cited_paths(text) == [(1, "scoring/outbox_sender.py"), (1, "rules/README.md"),
                                 (3, "docs/families.md"), (4, "scoring/history.py")]


def test_a_page_citing_a_path_that_is_not_there_is_found(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "families").mkdir()
    (tmp_path / "scoring" / "selectors").mkdir(parents=True)
    (tmp_path / "scoring" / "selectors" / "members.py").write_text("")
    (tmp_path / "README.md").write_text("The map: [docs/families.md](docs/families.md).\n")
    (tmp_path / "docs" / "families.md").write_text("Who a player is: `selectors/members.py`;\n"
                                                   "the histories: `scoring/history.py`.\n")
    assert missing_paths(tmp_path) == ["docs/families.md:2: scoring/history.py"]

