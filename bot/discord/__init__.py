"""The Discord door: the /cribbage commands, the buttons and pads, and where messages go.

- `client`: the bot process (`CribbageBot`): its command tree, dynamic items, translator, sync and sweep.
- `commands`: the /cribbage group, gathered from the features;
  `games`, `learning`, `tables`, `pegboard`: each feature's commands with their handlers;
  `rule_options` and `options`: the options made from the rules' declaration, and bounded numbers.
- `front`: the entrance (every interaction to its handler, by verb for clicks and pads; failures; the sweep);
  `exchange`: one interaction being answered; `publishing`: the table message, posts and open panels.
- `views`: the controller's controls as discord.ui items (restart-proof), the number pad;
  `translator`: the command texts in Chinese for discord.py.

Importing `bot.discord` is the only way the application meets discord.py; bot.app knows none of it.
"""

from bot.discord.client import CribbageBot, DiscordUnreachable, TokenRefused, run_bot

__all__ = ["CribbageBot", "DiscordUnreachable", "TokenRefused", "run_bot"]
