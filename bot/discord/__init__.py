"""The Discord door: the /cribbage commands, the buttons and pads, and where messages go.

- `app`: the client (`CribbageBot`): its command tree, dynamic items, translator, sync and sweep.
- `commands`: the application command groups.
- `front`: interactions into typed controller calls, replies into messages.
- `views`: the controller's controls as discord.ui items (restart-proof), the number pad.
- `translator`: the command texts in Chinese for discord.py.

Importing `bot.discord` is the only way the application meets discord.py; bot.app knows none of it.
"""

from bot.discord.client import CribbageBot, DiscordUnreachable, TokenRefused, run_bot

__all__ = ["CribbageBot", "DiscordUnreachable", "TokenRefused", "run_bot"]
