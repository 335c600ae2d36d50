"""The live pictures' palette is data (render/palette_colours.py), kept equal to what scripts/make_palette.py takes
from the sample pictures, so drawing never needs the samples and a change of colours is noticed here."""

import importlib.util
import sys
from pathlib import Path

from render.palette import palette
from render.palette_colours import COLOURS

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "make_palette.py"


def test_the_stored_palette_is_the_one_the_samples_give() -> None:
    spec = importlib.util.spec_from_file_location("make_palette", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert len(COLOURS) == 768 and palette() == COLOURS
    assert script.sampled_colours() == COLOURS, "the pictures' colours changed: run scripts/make_palette.py"


def test_drawing_with_the_palette_does_not_draw_the_samples() -> None:
    import subprocess

    code = ("import sys; from render.palette import to_palette; from PIL import Image; "
            "to_palette(Image.new('RGB', (4, 4), (20, 90, 40))); print('render.samples' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "False\n"
