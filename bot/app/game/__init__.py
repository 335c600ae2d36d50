"""A game's flow: starting one (`play.GamePlay`, seats in `seating`), moves (`moves`), invitations (`invites`),
self-counting (`selfcount`), closing and the timers' sweep (`closing`), the live games between commands
(`game_cache`, `live_game`, `snapshot`), the computer standing in for a member (`autopilot`), and the game commands'
handlers (`game_commands.GameCommands`)."""
