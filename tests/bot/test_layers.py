"""The layers: the application, the terminal door and the message catalog never load discord.py."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_application_and_the_terminal_run_without_discord() -> None:
    code = ("import sys, bot.app.controller, bot.terminal.local_game, bot.i18n\n"
            "print(sorted(m for m in sys.modules if m == 'discord' or m.startswith('discord.')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "[]\n"


def test_the_discord_door_is_a_package_of_its_own() -> None:
    code = "import sys, bot.discord\nprint('discord' in sys.modules, 'bot.discord.front' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "True True\n"
