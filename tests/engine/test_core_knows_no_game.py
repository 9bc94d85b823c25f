"""The core knows no game (docs/architecture.md, "The core knows no game"): no module of
``scoring/``, no shared template (``templates/``) and no shared script (``static/js``) names a
game's word — a card, a game, a figure, a sheet or a rule set of one family. What a family calls
things it declares itself (its problems' codes and words, its card's fields, its club card form,
its cup figure and word, its pot words, its written score's words, its default card), and the core
reads them by name from the registry. Migrations, the catalogues, comments and docstrings may
name them: they say what was and why."""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from scoring.engine import families

ROOT = Path(__file__).resolve().parents[2]

#: The families' vocabularies: their cards, games, figures, cups and sheets (docs/rules/), in the
#: forms the code and the pages would write them. Each built-in rule set's name is added below.
GAME_WORDS = {
    # Danish and the old German cards (docs/rules/danish.md, grosstarock.md)
    "pagat", "pagatkop", "kongekop", "tout", "ultimo", "nolo", "bagud", "vole", "scies", "skis", "skisen",
    "matador", "matadors", "matadorer", "ladon", "ladons", "honneurs",
    # Karlsruhe (docs/rules/karlsruhe.md)
    "radl", "fahrer", "königsrufer", "koenigsrufer", "solorufer", "dreier", "sechserbock", "schneider", "kontra",
    "uhu", "canari", "trull",
    # Selca (docs/rules/selca.md)
    "zapisnik", "radelc", "klop", "valat", "mondfang", "pagatfonk", "trula", "renons", "zatala", "pokazal",
    "podpisi", "delilec", "igralec", "točke", "škis",
}


def game_words() -> frozenset[str]:
    """``GAME_WORDS`` and every built-in rule set's name that is not a family's (``vlk``, ``dtf2011``,
    ``grosstarock`` …)."""
    names = set(families.names())
    cards = {card for name in families.built_in() for card in families.family(name).rate_cards}
    return frozenset(GAME_WORDS | (cards - names))


def _pattern(words) -> re.Pattern:
    # a word on its own or as a part of an identifier (failed_tout, pagat_ultimo): letters only
    # around it, so "about" or "touch" is no tout
    alternatives = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    return re.compile(rf"(?<![^\W\d_])({alternatives})s?(?![^\W\d_])", re.IGNORECASE)


def python_code(source: str) -> list[tuple[int, str]]:
    """(line, token) of a module's code: comments and docstrings left out."""
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                docstrings.add((first.lineno, first.col_offset))
    return [(tok.start[0], tok.string) for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type != tokenize.COMMENT and not (tok.type == tokenize.STRING and tok.start in docstrings)]


def template_code(source: str) -> str:
    """A template without its comments: ``{# #}``, ``{% comment %}`` and a stylesheet's ``/* */``."""
    source = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", source, flags=re.S)
    source = re.sub(r"{#.*?#}", "", source, flags=re.S)
    return re.sub(r"/\*.*?\*/", "", source, flags=re.S)


def script_code(source: str) -> str:
    """A script without its ``//`` and ``/* */`` comments (a ``//`` inside a URL's ``://`` kept)."""
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    return re.sub(r"(?<![:\\])//[^\n]*", "", source)


def _lines(text: str):
    return enumerate(text.splitlines(), 1)


def core_files():
    for path in sorted((ROOT / "scoring").rglob("*.py")):
        if "migrations" not in path.parts:
            yield path
    yield from sorted((ROOT / "templates").rglob("*.html"))
    yield from sorted((ROOT / "templates").rglob("*.txt"))
    yield from sorted((ROOT / "static" / "js").rglob("*.js"))


def named_words(path: Path, pattern: re.Pattern) -> list[str]:
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        pieces = python_code(source)
    elif path.suffix == ".js":
        pieces = list(_lines(script_code(source)))
    else:
        pieces = list(_lines(template_code(source)))
    return [f"{path.relative_to(ROOT)}:{line}: {m.group(0)}" for line, text in pieces for m in pattern.finditer(text)]


def test_no_core_module_template_or_script_names_a_game_word():
    pattern = _pattern(game_words())
    found = [hit for path in core_files() for hit in named_words(path, pattern)]
    assert found == []


@pytest.mark.parametrize("source, named", [
    ('FIGURE = "tout"\n', ["tout"]),
    ("x = failed_tout_each\n", ["tout"]),
    ('def f():\n    """A tout, an ultimo."""\n    return 1  # the pagat\n', []),
    ('ABOUT = "touch route"\n', []),
    ('RULES = "VLK"\n', ["VLK"]),
])
def test_the_check_sees_code_not_comments(source, named):
    pattern = _pattern(game_words())
    assert [m.group(0) for _line, text in python_code(source) for m in pattern.finditer(text)] == named


def test_template_and_script_comments_are_left_out():
    pattern = _pattern(game_words())
    template = '{# the zapisnik #}{% comment %}pagat{% endcomment %}<style>/* tout */</style><b>{{ x }}</b>'
    script = "// the Radl\n/* ultimo */ const url = 'https://example.org/x';\n"
    assert not pattern.search(template_code(template)) and not pattern.search(script_code(script))
    assert pattern.search(template_code("<caption>Zapisnik</caption>"))
