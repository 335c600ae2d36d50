"""How colours look to people with the common colour-vision deficiencies, and how far apart two colours are.

The simulation is Machado, Oliveira and Fernandes (2009), "A physiologically-based model for simulation of
color vision deficiency", IEEE TVCG 15(6): one 3x3 matrix per deficiency at severity 1.0 (a dichromat),
applied to linear sRGB. The difference is CIEDE2000 (Sharma, Wu and Dalal 2005) between CIELAB values
under D65. Written for the palette test, so it needs nothing beyond the standard library.
"""

from __future__ import annotations

import math

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
Lab = tuple[float, float, float]

DEFICIENCIES: dict[str, Matrix | None] = {
    "normal": None,
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
"""Machado et al.'s severity-1.0 matrices (their Table 1), by the deficiency they simulate."""


def linear(channel: int) -> float:
    """An sRGB channel 0-255 as linear light 0-1."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen(colour: RGB, matrix: Matrix | None) -> tuple[float, float, float]:
    """The linear RGB a viewer with that deficiency sees, clipped to the displayable range."""
    rgb = [linear(c) for c in colour]
    if matrix is None:
        return rgb[0], rgb[1], rgb[2]
    out = [min(1.0, max(0.0, sum(row[k] * rgb[k] for k in range(3)))) for row in matrix]
    return out[0], out[1], out[2]


def lab(rgb: tuple[float, float, float]) -> Lab:
    """Linear sRGB to CIELAB (D65 white)."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _hue(a: float, b: float) -> float:
    return math.degrees(math.atan2(b, a)) % 360 if (a or b) else 0.0


def delta_e2000(one: Lab, two: Lab) -> float:
    """CIEDE2000 colour difference: about 1 is just noticeable, over 10 clearly different colours."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c**7 / (mean_c**7 + 25**7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = _hue(a1, b1), _hue(a2, b2)
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_hue = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_cp = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(mean_h - 30)) + 0.24 * math.cos(math.radians(2 * mean_h))
         + 0.32 * math.cos(math.radians(3 * mean_h + 6)) - 0.20 * math.cos(math.radians(4 * mean_h - 63)))
    rotation = -2 * math.sqrt(mean_cp**7 / (mean_cp**7 + 25**7)) * math.sin(
        math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2))))
    s_l = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    s_c, s_h = 1 + 0.045 * mean_cp, 1 + 0.015 * mean_cp * t
    dl, dc, dhh = (l2 - l1) / s_l, (c2 - c1) / s_c, d_hue / s_h
    return math.sqrt(dl * dl + dc * dc + dhh * dhh + rotation * dc * dhh)


def difference(one: RGB, two: RGB, deficiency: str) -> float:
    """How far apart two sRGB colours look to a viewer with `deficiency` (a key of DEFICIENCIES)."""
    matrix = DEFICIENCIES[deficiency]
    return delta_e2000(lab(seen(one, matrix)), lab(seen(two, matrix)))
