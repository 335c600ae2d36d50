"""Remake docs/images/turn-{en,zh}.png and show-turn-{en,zh}.png: a real two-member game (ann and bob) played through
discord.py's CommandTree over the fake Discord (tests/bot/discord/test_discord_group.py), stopped mid-play with cards
on the table and again just after the first show, and the thread drawn as the member who must act sees it
(tests/bot/discord/chat_html.py), photographed by headless chromium at phone width.

    .venv/bin/python -m tests.bot.discord.shots [--out docs/images] [--html-only]
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import io
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from tests.bot.conftest import start_bot
from tests.bot.discord.chat_html import Chat, page
from tests.bot.discord.test_discord_group import Members, answer, group_controller, invite, thread_of
from tests.bot.discord_helpers import ANN, BOB, EPHEMERAL, FakeDiscord, Person, install
from tests.waiting import Clock

SEED = 48_271
WIDTH, HEIGHT = 430, 3000
"""The browser window in CSS px: a phone's width, and taller than any page (the picture is cut below the page)."""
BACKGROUND = (0x31, 0x33, 0x38)
"""Discord's dark chat background, as the page draws it."""
LOCALES = {"en": "en-US", "zh": "zh-CN"}
NOTES = {"en": "Invitation sent to bob.", "zh": "已向 bob 发出邀请。"}
BROWSER_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--hide-scrollbars")


def images_of(fake: FakeDiscord) -> dict[str, bytes]:
    """message id -> the bytes of the newest image written into it (the fake keeps a file's bytes on the request)."""
    out: dict[str, bytes] = {}
    for call in fake.calls:
        pictures = [data for data in call.data.values() if data[:4] == b"\x89PNG"]
        target = target_of(fake, call) if pictures else None
        if target is not None:
            out[target] = pictures[0]
    return out


def target_of(fake: FakeDiscord, call: Any) -> str | None:
    """The id of the message a request made or edited."""
    method, path = call.route.split(" ", 1)
    parts = path.strip("/").split("/")
    if method == "POST" and (parts[0] == "webhooks" and len(parts) == 3 or parts[-1] == "messages"):
        return str(call.reply["id"]) if isinstance(call.reply, dict) else None
    if parts[0] == "interactions":
        if (call.body or {}).get("type") == 7:
            return str(fake.interactions[parts[2]]["message"]["id"])
        found = fake.originals.get(parts[2])
        return str(found) if found is not None else None
    if parts[-1] == "@original":
        found = fake.originals.get(parts[2])
        return str(found) if found is not None else None
    return parts[-1] if parts[-2] == "messages" else None


def used_lines(fake: FakeDiscord, names: Mapping[str, str]) -> dict[str, str]:
    """The line above an answer to a slash command: "ann used /cribbage hand"."""
    out = {}
    for token, payload in fake.interactions.items():
        if payload.get("type") != 2 or token not in fake.originals:
            continue
        data = payload["data"]
        sub = " ".join(o["name"] for o in data.get("options") or () if o.get("type") == 1)
        user = str(((payload.get("member") or {}).get("user") or {}).get("id", ""))
        out[str(fake.originals[token])] = f"{names.get(user, user)} used /{data['name']} {sub}".rstrip()
    return out


def seen_by(fake: FakeDiscord, thread: str, viewer: Person, lang: str, title: str) -> Chat:
    """The thread as `viewer` sees it now (a copy: the bot edits its messages later): every public message and
    their own private ones."""
    names = {"1": ANN.name, "2": BOB.name}
    messages = [copy.deepcopy(m) for m in fake.messages.values() if m["channel_id"] == thread
                and (not m["flags"] & EPHEMERAL or fake.owners.get(int(m["id"])) == str(viewer.id))]
    return Chat(title, messages, names, images_of(fake), lang, used_lines(fake, names))


async def play(lang: str, fake: FakeDiscord) -> dict[str, Chat]:
    """A game in `lang`, photographed at two moments: a member's turn with three cards on the table, and the
    moment right after the first show post."""
    bot = await start_bot(group_controller(clock=Clock(), seed=SEED, images=True), fake)
    locale = {"locale": LOCALES[lang], "guild_locale": LOCALES[lang]}
    invitation = await invite(bot, {"opponent": BOB, "target": 121}, NOTES[lang], **locale)
    accepted, _, _ = await answer(bot, invitation, "accept", BOB, **locale)
    here = thread_of(bot)
    members = Members(bot, Clock(), "game1", here, {"1": ANN, "2": BOB}, panel_of={"2": accepted}, locale=locale)
    played: list[str] = []

    def third_card(who: Person, control: dict[str, Any]) -> bool:
        if ":play:" in control["custom_id"]:
            played.append(control["custom_id"])
        return len(played) == 4

    title = str(fake.last("POST /channels/100/threads").body["name"])
    chats = {}
    turn = await members.play_out(third_card)
    assert turn is not None, "the game ended before three cards were played"
    chats[f"turn-{lang}"] = seen_by(fake, here["id"], turn.who, lang, title)
    turn = await members.play_out(lambda who, control: len(members.shows) == 1)
    assert turn is not None, "the game ended at its first show"
    chats[f"show-turn-{lang}"] = seen_by(fake, here["id"], turn.who, lang, title)
    await bot.client.close()
    return chats


def photograph(html_path: Path, png: Path, browser: str) -> None:
    """Headless chromium's screenshot of the page, cut where the page ends and squeezed to a palette PNG if it is
    large."""
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([browser, *BROWSER_FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}",
                        f"--window-size={WIDTH},{HEIGHT}", html_path.resolve().as_uri()],
                       check=True, capture_output=True, timeout=120)
    picture = Image.open(png).convert("RGB")
    picture = picture.crop((0, 0, picture.width, page_end(picture)))
    picture.save(png, "PNG", optimize=True)
    if png.stat().st_size > 300_000:
        buffer = io.BytesIO()
        picture.quantize(colors=256, dither=Image.Dither.NONE).save(buffer, "PNG", optimize=True)
        png.write_bytes(buffer.getvalue())


def page_end(picture: Image.Image) -> int:
    """The height down to the page's last row that is not plain background (the message box), and a margin."""
    background = Image.new("RGB", picture.size, BACKGROUND)
    box = ImageChops.difference(picture, background).getbbox()
    return min(picture.height, (box[3] if box else picture.height) + 14)


async def main(out: Path, html_only: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    with tempfile.TemporaryDirectory() as pages:
        for lang in LOCALES:
            fake = FakeDiscord()
            with pytest.MonkeyPatch.context() as patch:
                install(patch, fake)
                chats = await play(lang, fake)
            for name, chat in chats.items():
                html_path = (out if html_only else Path(pages)) / f"{name}.html"
                html_path.write_text(page(chat), encoding="utf-8")
                if not html_only:
                    photograph(html_path, out / f"{name}.png", browser)
                print(out / (f"{name}.html" if html_only else f"{name}.png"))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--html-only", action="store_true", help="write the HTML pages, take no pictures")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.out, arguments.html_only))
