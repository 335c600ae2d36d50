"""fit_text cuts a long name with an ellipsis in a handful of measures: a 16,000-letter name once took minutes."""

from __future__ import annotations

import time

from render.canvas import fit_text, text_width


def _longest_prefix(text: str, size: float, width: float) -> str:
    """The cut as a person would make it: letters dropped from the end one at a time until the ellipsis fits."""
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


def test_a_name_that_fits_is_kept_whole() -> None:
    assert fit_text("Ann", 16, 200) == "Ann"


def test_the_cut_is_the_longest_prefix_that_fits() -> None:
    for name in ("Bartholomew Fitzgerald-Smythe", "W" * 40, "iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii", "☃ snow ☃ " * 6):
        assert fit_text(name, 16, 120) == _longest_prefix(name, 16, 120), name


def test_a_16000_letter_name_is_cut_at_once() -> None:
    started = time.monotonic()
    cut = fit_text("a" * 16_000, 16, 150)
    assert time.monotonic() - started < 2.0
    assert cut.endswith("…") and cut == _longest_prefix("a" * 40, 16, 150)
