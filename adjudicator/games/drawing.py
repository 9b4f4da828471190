"""What games share to draw their boards: the mark of a drawing the referee wrote itself."""

from __future__ import annotations


class WrittenSvg(str):
    """An SVG the referee wrote itself, element by element, with a writer that escapes every text
    and attribute value and takes every element and attribute name from its own code (the Mare
    Nostrum board, :mod:`adjudicator.games.mare_nostrum.svg`): nothing in it can be markup or
    code that its writer did not put there, and it is well formed by construction.

    :func:`clean_svg` takes such a drawing as it is, without reading it again (reading a board
    was most of the cleaning's time). Only code makes one: a drawing read from anywhere else
    (a stored row, a club's file, another ruleset) is a plain ``str``, cleaned in full. A test
    checks that the full cleaning keeps the written boards as they are."""

    __slots__ = ()
