"""The rating chart: a phone-sized PNG of the rating over games, its band and newest value; bad values refused."""

import io

import pytest
from PIL import Image

from render.rating_chart import HEIGHT, WIDTH, X1, ChartPoint, rating_chart_png
from render.style import DARK, PLAYER_COLOURS, RenderError

POINTS = [ChartPoint(1500, 350), ChartPoint(1662, 290), ChartPoint(1580, 250), ChartPoint(1610, 200)]


def test_the_chart_is_a_small_png_with_the_line_ending_at_the_newest_rating() -> None:
    image = Image.open(io.BytesIO(rating_chart_png(POINTS, title="Rating of ann", caption="rated games")))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    rgb = image.convert("RGB")
    assert rgb.getpixel((5, 5)) == DARK.background
    # the newest point's dot, in the line's colour, at the right edge of the plot
    column = [rgb.getpixel((round(X1), y)) for y in range(HEIGHT)]
    assert any(sum(abs(a - b) for a, b in zip(px, PLAYER_COLOURS[1], strict=True)) < 30 for px in column)


def test_a_long_history_draws_its_newest_games() -> None:
    many = [ChartPoint(1500 + (i % 7) * 5, 80) for i in range(3000)]
    assert rating_chart_png(many, title="x", caption="y")[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("points, words", [
    ([ChartPoint(1500, 350)], "at least 2 points"),
    ([ChartPoint(1500, 350), ChartPoint(float("nan"), 10)], "point 1"),
    ([ChartPoint(1500, 350), ChartPoint(1500, -1)], "point 1"),
])
def test_values_no_chart_can_show_are_refused(points: list[ChartPoint], words: str) -> None:
    with pytest.raises(RenderError, match=words):
        rating_chart_png(points, title="t", caption="c")
