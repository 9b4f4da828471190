"""What the tests of board pictures drawn in layers share: the tolerance a layered picture is held
to against the same drawing rendered in one pass, and the checks every game's test makes.

The tolerance: the mean absolute difference per channel at most :data:`MEAN` (out of 255), and at
most :data:`FAR` of the pixels off by more than :data:`STEP` on some channel. A board whose kept
layers or patches were another turn's misses it; each game's test has a control that shows it.
"""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from adjudicator.publish import pictures

MEAN = 0.25
STEP = 24
FAR = 0.001


def one_pass(svg: str) -> Image.Image:
    """``svg`` rendered in one pass, as a drawing without layers is."""
    return Image.open(io.BytesIO(pictures.render(svg))).convert("RGB")


def differences(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """The mean absolute difference per channel (the largest of the three), and the share of the
    pixels off by more than ``STEP`` on some channel."""
    assert a.size == b.size
    diff = ImageChops.difference(a, b)
    mean = max(ImageStat.Stat(diff).mean)
    far = diff.convert("L", (1, 1, 1, 0)).point(lambda v: 255 if v > STEP else 0).histogram()[255]
    return mean, far / (a.width * a.height)


def assert_layered_is_one_pass(drawings: list[str], game: str, mean: float = MEAN, far: float = FAR) -> None:
    """Each drawing, drawn in layers after the ones before it (their kept layers and patches
    reused), is its one-pass picture within the tolerance; drawn again, the very same pixels."""
    for svg in drawings:
        layered = pictures.layered(svg)
        assert layered is not None, f"the {game} board says which of its parts are static"
        found = differences(layered, one_pass(svg))
        assert found[0] <= mean and found[1] <= far, found
        again = pictures.layered(svg)  # every part kept now
        assert again is not None and ImageChops.difference(again, layered).getbbox() is None


def assert_change_is_seen(svg: str, changed: str, mean: float = MEAN, far: float = FAR) -> None:
    """The layered picture of ``changed`` is far from the one-pass picture of ``svg`` (a stale
    layer or patch would be seen), and close to its own."""
    assert changed != svg
    layered = pictures.layered(changed)
    assert layered is not None
    found = differences(layered, one_pass(svg))
    assert found[1] > far or found[0] > mean, found
    found = differences(layered, one_pass(changed))
    assert found[0] <= mean and found[1] <= far, found
