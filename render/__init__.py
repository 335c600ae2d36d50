"""Pictures of the game as PNG bytes: pure functions of engine values, drawn with Pillow only.

Nothing here imports discord or serial; the application builds the small input values
(`FeltView`, `PegBoard`) from its game and sends the bytes. Equal input gives equal bytes.
"""

from render.board import PegBoard, PegTrack, board_png, make_board
from render.breakdown import breakdown_png
from render.cards import back_png, card_png, deck_png, hand_png
from render.charts import ChartMarker, analysis_png, winprob_png
from render.felt import FeltView, PlayedCard, felt_png
from render.labels import ENGLISH, Labels
from render.style import DARK, FOUR_COLOUR, LIGHT, TWO_COLOUR, DeckColours, RenderError, Theme, can_draw

__all__ = [
    "DARK",
    "ENGLISH",
    "FOUR_COLOUR",
    "LIGHT",
    "TWO_COLOUR",
    "ChartMarker",
    "DeckColours",
    "Labels",
    "PegBoard",
    "PlayedCard",
    "RenderError",
    "FeltView",
    "Theme",
    "PegTrack",
    "analysis_png",
    "back_png",
    "board_png",
    "breakdown_png",
    "can_draw",
    "card_png",
    "deck_png",
    "hand_png",
    "make_board",
    "felt_png",
    "winprob_png",
]
