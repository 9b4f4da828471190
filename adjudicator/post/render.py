"""One Jinja2 environment over ``adjudicator/templates``.

Text templates (``*.txt.j2``) are rendered without escaping; HTML templates
(``*.html.j2``) autoescape every value, so player-supplied text (names, order
lines) can never become markup. A game may override a common template by
placing one of the same name in ``templates/<ruleset>/``.

A club's own look: a folder ``templates/`` in the referee's working directory (or the folder named
by ``PBEM_TEMPLATES``) overrides any packaged template by name, first in a Jinja ``ChoiceLoader``:
``templates/report.html.j2`` replaces ``common/report.html.j2`` (also where another template
extends it), ``templates/<ruleset>/report.html.j2`` that game's own. Jinja's loader refuses names
that climb out of the folder (``..``); ``pbem templates copy NAME`` refuses any name with a path.
A club's templates are rendered in Jinja's sandbox: they shape the mail, they cannot run code.
"""

from __future__ import annotations

import os
import re
import secrets
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    StrictUndefined,
    Template,
    TemplateNotFound,
    UndefinedError,
    nodes,
    select_autoescape,
)
from jinja2.sandbox import SandboxedEnvironment
from jinja2.visitor import NodeTransformer

from adjudicator.games.language import ENGLISH, SOURCE, Language, language

TEMPLATES = Path(__file__).parent.parent / "templates"
CLUB_FOLDER = "templates"


@cache
def _packaged_folder() -> Path:
    """The packaged templates' folder, resolved once per process (the package does not move)."""
    return TEMPLATES.resolve()


def club_folder() -> Path | None:
    """The club's templates: ``$PBEM_TEMPLATES``, else ``./templates`` when it exists."""
    named = os.environ.get("PBEM_TEMPLATES")
    folder = Path(named) if named else Path.cwd() / CLUB_FOLDER
    folder = folder.resolve()
    if folder == _packaged_folder() or not folder.is_dir():
        return None
    return folder


class ClubLoader(BaseLoader):
    """The club's folder: ``NAME`` stands for the packaged ``common/NAME``; ``<ruleset>/NAME`` as is."""

    def __init__(self, folder: Path) -> None:
        self.files = FileSystemLoader(str(folder))

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Any]:
        names = [template.removeprefix("common/"), template] if template.startswith("common/") else [template]
        for name in names:
            try:
                return self.files.get_source(environment, name)
            except TemplateNotFound:
                continue
        raise TemplateNotFound(template)

    def list_templates(self) -> list[str]:
        return self.files.list_templates()


def _utc(value: datetime | None) -> str:
    return value.strftime("%Y-%m-%d %H:%M UTC") if value else "-"


def environment(lang: Language = ENGLISH) -> Environment:
    """The environment for the club folder in force now and a reader's language (one cached
    environment per folder and language)."""
    folder = club_folder()
    return _environment(str(folder) if folder else "", lang.code)


#: what a ``dict`` has as attributes (its methods): ``value.name`` in a template gives these first
_DICT_ATTRIBUTES = frozenset(dir(dict))


class _Translated(NodeTransformer):
    """Every ``_("literal", name=value...)`` of a template translated once, when it is compiled.

    An environment speaks one language, so a message given as a literal has one translation:
    the compiled template holds it as a constant (markup where the output is autoescaped) and
    formats it with its values at render time, escaped there, as Jinja's newstyle gettext would
    at every render - without the two calls through the template's context per message that a
    report's hundred or so messages otherwise cost at every close. Plural messages (``ngettext``,
    whose form depends on a number known at render time) are left to Jinja's gettext."""

    def __init__(self, lookup: Any) -> None:
        self.lookup = lookup

    def visit_Call(self, node: nodes.Call) -> nodes.Node:
        node = self.generic_visit(node)  # type: ignore[assignment]
        name = node.node
        literal = (
            isinstance(name, nodes.Name)
            and name.name in ("_", "gettext")
            and len(node.args) == 1
            and isinstance(node.args[0], nodes.Const)
            and isinstance(node.args[0].value, str)
            and node.dyn_args is None
            and node.dyn_kwargs is None
        )
        if not literal:
            return node
        text = nodes.MarkSafeIfAutoescape(nodes.Const(self.lookup(node.args[0].value)), lineno=node.lineno)
        values = nodes.Dict(
            [nodes.Pair(nodes.Const(k.key), k.value, lineno=node.lineno) for k in node.kwargs],
            lineno=node.lineno,
        )
        return nodes.Mod(text, values, lineno=node.lineno)  # as newstyle gettext: formatted even with none


class _TranslatingParse:
    """The parse of an environment of one language: its templates' literal messages translated
    (:class:`_Translated`)."""

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)  # type: ignore[misc]
        lookup = self.globals.get("lang")  # type: ignore[attr-defined]
        return _Translated(lookup.gettext).visit(tree) if lookup is not None else tree


class _Environment(_TranslatingParse, Environment):
    """Jinja's environment, with ``value.name`` read from a plain ``dict`` key first when ``name``
    is not one of a dict's own attributes: the result Jinja gives (it tries the attribute, which a
    dict lacks, then the key), without the failed attribute look-up (an exception) at each of the
    hundreds of ``row.field`` a report reads."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except (TypeError, LookupError):
                pass
        return super().getattr(obj, attribute)


class _ClubEnvironment(_TranslatingParse, SandboxedEnvironment):
    """The environment of a club's own templates: Jinja's sandbox (a template may not reach
    Python's internals - ``__class__``, ``__globals__``, a function's code - to run anything on
    the referee's machine), with the same quick ``dict`` look-up as :class:`_Environment`."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except (TypeError, LookupError):
                pass
        return super().getattr(obj, attribute)


@cache
def _environment(club: str, code: str = SOURCE) -> Environment:
    """Jinja's environment for a club folder and a language: Jinja's i18n extension with the
    language's catalogue installed (``{% trans %}``, ``_()``, ``ngettext`` with plural forms,
    ``%(name)s`` placeholders), ``lang`` (the :class:`~adjudicator.games.language.Language`) a
    global, and the ``utc`` filter writing moments as the language writes them."""
    packaged = FileSystemLoader(str(TEMPLATES))
    kind = _ClubEnvironment if club else _Environment  # a club's templates: rendered in the sandbox
    env = kind(
        loader=ChoiceLoader([ClubLoader(Path(club)), packaged]) if club else packaged,
        autoescape=select_autoescape(enabled_extensions=("html", "html.j2"), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # templates ship with the package: no stat() of every file per render
        extensions=["jinja2.ext.i18n"],
    )
    lang = language(code)
    env.install_gettext_translations(lang.translations, newstyle=True)  # type: ignore[attr-defined]
    env.globals["lang"] = lang
    env.filters["utc"] = _utc if code == SOURCE else lambda value: lang.when(value, "UTC") + " UTC"
    return env


def render(name: str, ruleset: str | None = None, *, lang: Language = ENGLISH, **context: Any) -> str:
    """Render ``common/<name>``, or ``<ruleset>/<name>`` where the game has its own, in ``lang``."""
    folder = club_folder()
    return _template(name, ruleset, str(folder) if folder else "", lang.code).render(**context)


@cache
def _template(name: str, ruleset: str | None, club: str, code: str = SOURCE) -> Template:
    """The template ``render`` uses, looked up once per club folder and language (a game without
    its own override would otherwise ask the file system for the missing file at every render)."""
    env = _environment(club, code)
    candidates = [f"{ruleset}/{name}"] if ruleset else []
    candidates.append(f"common/{name}")
    return env.select_template(candidates)


class Shared:
    """One template rendered once for what many readers share, and per reader only in its blocks
    named ``blocks`` (a seat's name, time zone, private part...).

    :meth:`common` renders the template with every per-reader block replaced by a mark (random
    per process, so no rendered value can forge one) and cuts the text at the marks; :meth:`fill`
    renders, for one reader, only those blocks from the template itself and puts them in: the
    text is the one :func:`render` gives for the whole context, byte for byte.

    ``None`` from :meth:`common` means the template cannot be shared this way: it lacks one of the
    blocks (a club's own template, say), or it reads a per-reader value outside them (the shared
    context lacks those values, and the environment's undefined values are strict). The caller
    then renders the whole template for each reader.
    """

    def __init__(self, template: Template, blocks: tuple[str, ...]) -> None:
        self.template = template
        self.blocks = blocks
        self.usable = all(name in template.blocks for name in blocks)
        nonce = secrets.token_hex(12)
        self.marks = {f"\x00{nonce}:{name}\x00": name for name in blocks}
        source = "{% extends parent %}" + "".join(
            f"{{% block {name} %}}{mark}{{% endblock %}}" for mark, name in self.marks.items()
        )
        self.child = self._child(template, source) if self.usable else None
        self.cut = re.compile("(" + "|".join(re.escape(m) for m in self.marks) + ")")

    @staticmethod
    def _child(template: Template, source: str) -> Template:
        """The template of marks, compiled under the parent's name: its autoescaping is the
        parent's (an HTML template's translated texts are markup there as in a whole render; a
        template from a string would not autoescape, and Jinja's gettext would then return plain
        text that the parent's output escapes)."""
        env = template.environment
        code = env.compile(source, name=template.name)
        return env.template_class.from_code(env, code, env.make_globals(None))

    def common(self, context: dict[str, Any]) -> list[str] | None:
        """The text shared by every reader of ``context``, cut at the per-reader blocks (odd items
        are block names), or ``None`` when it cannot be rendered without a per-reader value."""
        if self.child is None:
            return None
        try:
            text = self.child.render(parent=self.template, **context)
        except UndefinedError:
            return None
        pieces = self.cut.split(text)
        for i in range(1, len(pieces), 2):
            pieces[i] = self.marks[pieces[i]]
        return pieces

    def fill(self, pieces: list[str], context: dict[str, Any]) -> str:
        """The whole text for one reader: ``pieces`` with its blocks rendered from ``context``."""
        ctx = self.template.new_context(context)
        out = []
        for i, piece in enumerate(pieces):
            out.append("".join(self.template.blocks[piece](ctx)) if i % 2 else piece)
        return "".join(out)


def club_key() -> str:
    """The club folder in force now, as the caches of templates are keyed (``""``: none)."""
    folder = club_folder()
    return str(folder) if folder else ""


def shared(
    name: str,
    ruleset: str | None,
    blocks: tuple[str, ...],
    club: str | None = None,
    lang: Language = ENGLISH,
) -> Shared:
    """:class:`Shared` for the template :func:`render` would use (one per club folder and
    language; ``club``: :func:`club_key` when the caller read it already, e.g. once for a close's
    two formats). Readers of different languages share nothing: each language has its own."""
    return _shared(name, ruleset, club_key() if club is None else club, blocks, lang.code)


@cache
def _shared(name: str, ruleset: str | None, club: str, blocks: tuple[str, ...], code: str = SOURCE) -> Shared:
    return Shared(_template(name, ruleset, club, code), blocks)
