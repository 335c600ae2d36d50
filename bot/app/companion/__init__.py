"""The companion features: scoring and analysing hands (`learning.Scorer`), the rules (`rules_help`), counting
practice (`practice`), table mode (`tablemode.TableMode`), statistics (`statistics`, `game_stats`), the settings as read
and changed (`settings_book.SettingsBook`), the LED pegboard service (`pegboard.Pegboard`), and their commands'
handlers (`companion_commands.CompanionCommands`)."""
