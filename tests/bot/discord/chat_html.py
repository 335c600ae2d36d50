"""A Discord chat column drawn as HTML from the fake Discord's messages, so a headless browser can photograph what a
member sees (tests/bot/discord/shots.py makes docs/images/turn-*.png and show-turn-*.png from it).

It imitates Discord's dark theme at phone width: each message under the bot's avatar and name line, its text with
Discord's markdown (bold, italics, code, quotes, headings, small text) and `<@id>` mentions drawn as @name, its one
image scaled into the box Discord shows a single image in (at most 550x350 CSS px, never enlarged, never cropped),
its buttons and select menus, and under a private (ephemeral) message the line "Only you can see this".
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tests.bot.discord.screens import shown_size

EPHEMERAL = 64
ONLY_YOU = {"en": "Only you can see this", "zh": "只有您才能看到这些"}
DISMISS = {"en": "Dismiss message", "zh": "忽略消息"}
EDITED = {"en": "(edited)", "zh": "（已编辑）"}
TODAY = {"en": "Today at 14:05", "zh": "今天14:05"}
PLACEHOLDER = {"en": "Make a selection", "zh": "做出选择"}
BUTTON_COLOURS = {1: "#5865f2", 2: "#4e5058", 3: "#248046", 4: "#da373c", 5: "#4e5058"}
"""Discord's button styles: primary, secondary, success, danger, link."""
AVATAR = ('<svg width="22" height="26" viewBox="0 0 22 26"><rect x="1" y="1" width="20" height="24" rx="3" '
          'fill="#fff"/><path d="M11 6l5 7-5 7-5-7z" fill="#da373c"/></svg>')
"""The bot's avatar: a card (the page must not depend on an emoji font)."""
EYE = ('<svg width="14" height="10" viewBox="0 0 16 10" style="vertical-align:-1px"><path d="M8 0C4 0 1 3 0 5c1 2 4 '
       '5 8 5s7-3 8-5c-1-2-4-5-8-5zm0 8a3 3 0 110-6 3 3 0 010 6z" fill="#949ba4"/></svg>')
MENTION = re.compile(r"&lt;@!?(\d+)&gt;")

STYLE = """
body { margin: 0; background: #313338; color: #dbdee1; width: 100%;
  font: 16px/1.375 "gg sans", "Noto Sans", "Helvetica Neue", Arial, "WenQuanYi Micro Hei", sans-serif; }
.column { display: flex; flex-direction: column; }
.head { flex: none; padding: 10px 14px; border-bottom: 1px solid #1f2023; font-weight: 600; color: #f2f3f5;
  background: #313338; z-index: 1; }
.head .hash { color: #80848e; margin-right: 6px; }
.scroll { display: flex; flex-direction: column; }
.input { flex: none; margin: 12px 12px 14px; padding: 10px 14px; border-radius: 8px; background: #383a40;
  color: #6d6f78; }
.msg { display: flex; padding: 6px 12px 6px 12px; margin-top: 10px; }
.msg.private { background: rgba(88, 101, 242, 0.06); }
.avatar { flex: none; width: 40px; height: 40px; border-radius: 50%; background: #5865f2; margin-right: 12px;
  display: flex; align-items: center; justify-content: center; font-size: 22px; }
.body { min-width: 0; flex: 1; }
.name { font-weight: 600; color: #f2f3f5; }
.tag { background: #5865f2; color: #fff; font-size: 10px; font-weight: 600; border-radius: 3px; padding: 1px 4px;
  margin-left: 4px; vertical-align: 2px; }
.time { color: #949ba4; font-size: 12px; margin-left: 6px; }
.used { color: #949ba4; font-size: 13px; margin-bottom: 2px; }
.text { white-space: pre-wrap; word-wrap: break-word; }
.text code { background: #2b2d31; border-radius: 4px; padding: 0 3px; font-size: 14px; }
.text .quote { border-left: 4px solid #4e5058; padding-left: 10px; display: block; }
.text .h1 { font-size: 22px; font-weight: 700; display: block; }
.text .h2 { font-size: 19px; font-weight: 700; display: block; }
.text .h3 { font-size: 17px; font-weight: 700; display: block; }
.text .sub { font-size: 13px; color: #949ba4; display: block; }
.mention { background: rgba(88, 101, 242, 0.3); color: #c9cdfb; border-radius: 3px; padding: 0 2px;
  font-weight: 500; }
.picture { margin-top: 6px; display: block; border-radius: 8px; max-width: 100%; height: auto; }
.edited { color: #949ba4; font-size: 10px; margin-left: 4px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.button { color: #fff; border-radius: 8px; padding: 2px 14px; min-height: 32px; display: flex; align-items: center;
  font-size: 14px; font-weight: 500; box-sizing: border-box; }
.button.off { opacity: 0.5; }
.select { flex: 1; max-width: 400px; background: #1e1f22; border: 1px solid #1e1f22; border-radius: 8px;
  padding: 8px 12px; color: #949ba4; font-size: 15px; display: flex; justify-content: space-between; }
.select.off { opacity: 0.5; }
.only { color: #949ba4; font-size: 12px; margin-top: 6px; }
.only a { color: #00a8fc; }
"""


@dataclass(frozen=True)
class Chat:
    """What one person sees of a channel: its title, its messages (oldest first), names by user id, the images'
    bytes by message id, and the client's language ("en" or "zh")."""

    title: str
    messages: Sequence[Mapping[str, Any]]
    names: Mapping[str, str]
    images: Mapping[str, bytes]
    lang: str = "en"
    used: Mapping[str, str] | None = None
    """message id -> the line Discord puts above an interaction's answer ("ann used /cribbage hand")."""


def page(chat: Chat) -> str:
    """The whole HTML page: the channel's header, its messages scrolled to the bottom, the message box."""
    messages = "\n".join(message_html(m, chat) for m in chat.messages)
    box = {"en": f"Message #{chat.title}", "zh": f"给 #{chat.title} 发消息"}[chat.lang]
    return (f'<!doctype html><html lang="{chat.lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width"><style>{STYLE}</style></head><body>'
            f'<div class="column"><div class="head"><span class="hash">#</span>{html.escape(chat.title)}</div>'
            f'<div class="scroll">{messages}</div><div class="input">{html.escape(box)}</div></div></body></html>')


def message_html(message: Mapping[str, Any], chat: Chat) -> str:
    """One message as Discord draws it."""
    private = bool(int(message.get("flags") or 0) & EPHEMERAL)
    author = message.get("author") or {}
    name = html.escape(str(author.get("global_name") or author.get("username") or "Cribbage"))
    used = (chat.used or {}).get(str(message["id"]))
    edited = f'<span class="edited">{EDITED[chat.lang]}</span>' if message.get("edited_timestamp") and not private \
        else ""  # an interaction's answer filled in after "thinking…" is not marked
    parts = [f'<div class="used">{html.escape(used)}</div>' if used else "",
             f'<div><span class="name">{name}</span><span class="tag">APP</span>'
             f'<span class="time">{TODAY[chat.lang]}</span></div>',
             f'<div class="text">{text_html(str(message.get("content") or ""), chat.names)}{edited}</div>',
             picture_html(message, chat.images),
             "".join(row_html(row, chat.lang) for row in message.get("components") or ())]
    if private:
        parts.append(f'<div class="only">{EYE} {ONLY_YOU[chat.lang]} · <a>{DISMISS[chat.lang]}</a></div>')
    kind = "msg private" if private else "msg"
    return f'<div class="{kind}"><div class="avatar">{AVATAR}</div><div class="body">{"".join(parts)}</div></div>'


def text_html(text: str, names: Mapping[str, str]) -> str:
    """Discord's markdown, the parts the bot writes: line heads (#, ##, ###, -#, >), **bold**, *italics*,
    __underline__, `code`, and mentions."""
    lines = []
    for line in text.split("\n"):
        kind = ""
        for head, css in (("### ", "h3"), ("## ", "h2"), ("# ", "h1"), ("-# ", "sub"), ("> ", "quote")):
            if line.startswith(head):
                kind, line = css, line[len(head):]
                break
        inline = inline_html(html.escape(line, quote=False), names)
        lines.append(f'<span class="{kind}">{inline}</span>' if kind else inline + "\n")
    return "".join(lines).rstrip("\n")


def inline_html(text: str, names: Mapping[str, str]) -> str:
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"__(.+?)__", r"<u>\1</u>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", text)
    return MENTION.sub(lambda m: f'<span class="mention">@{html.escape(names.get(m.group(1), m.group(1)))}</span>',
                       text)


def picture_html(message: Mapping[str, Any], images: Mapping[str, bytes]) -> str:
    """The message's one image at the size Discord shows it (screens.shown_size)."""
    data = images.get(str(message["id"]))
    pictures = [a for a in message.get("attachments") or () if "width" in a]
    if data is None or not pictures:
        return ""
    width, height = shown_size(pictures[0]["width"], pictures[0]["height"])
    source = "data:image/png;base64," + base64.b64encode(data).decode()
    return f'<img class="picture" src="{source}" width="{width}" height="{height}" alt="">'


def row_html(row: Mapping[str, Any], lang: str) -> str:
    items = []
    for item in row.get("components") or ():
        off = " off" if item.get("disabled") else ""
        if item.get("type") == 3:
            text = html.escape(str(item.get("placeholder") or PLACEHOLDER[lang]))
            items.append(f'<div class="select{off}"><span>{text}</span><span>⌄</span></div>')
            continue
        emoji = (item.get("emoji") or {}).get("name") or ""
        label = html.escape(" ".join(p for p in (emoji, str(item.get("label") or "")) if p))
        colour = BUTTON_COLOURS.get(int(item.get("style") or 2), "#4e5058")
        items.append(f'<div class="button{off}" style="background:{colour}">{label}</div>')
    return f'<div class="row">{"".join(items)}</div>'
