"""Write render/palette_colours.py: the live pictures' 256 colours, taken from the sample pictures (render.samples)
drawn in full colour. Run it again when the pictures' colours change; tests/render/test_palette.py says when.

    .venv/bin/python scripts/make_palette.py
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "render" / "palette_colours.py"


def sampled_colours() -> bytes:
    """The 256 colours (768 bytes, RGB) a median cut finds in the sample pictures, every other pixel."""
    from render.samples import palette_sample

    sample = palette_sample()
    every_other = sample.resize((sample.width // 2, sample.height // 2), Image.Resampling.NEAREST)
    chosen = every_other.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    return bytes((chosen.getpalette() or [])[: 3 * 256]).ljust(3 * 256, b"\0")


def module_text(colours: bytes) -> str:
    rows = "\n".join(f'    "{line}"' for line in textwrap.wrap(colours.hex(), 96))
    head = ('"""The live pictures\' shared palette, 256 colours as RGB bytes: written by scripts/make_palette.py '
            'from the\nsample pictures (render.samples), so that drawing a picture never needs the samples drawn '
            'first."""\n\n')
    return f"{head}COLOURS = bytes.fromhex(\n{rows}\n)\n"


def main() -> int:
    OUT.write_text(module_text(sampled_colours()))
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
