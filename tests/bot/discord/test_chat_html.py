"""The chat column the pictures in docs/images are photographed from (tests/bot/discord/chat_html.py) draws what
Discord draws: a private message with its "Only you can see this" line, mentions by name, one image in its box."""

from __future__ import annotations

from tests.bot.discord.chat_html import Chat, message_html, page, text_html


def message(flags: int, content: str, **extra: object) -> dict[str, object]:
    return {"id": "7", "flags": flags, "content": content, "author": {"username": "cribbage"}, "attachments": [],
            "components": [], **extra}


def test_a_private_message_says_only_you_can_see_it_in_the_readers_language() -> None:
    chat = Chat("game", [], {"1": "ann"}, {}, "zh")
    private = message_html(message(64, "你的手牌"), chat)
    public = message_html(message(0, "桌面"), chat)
    assert "只有您才能看到这些" in private and 'class="msg private"' in private
    assert "只有您才能看到这些" not in public and 'class="msg"' in public


def test_mentions_are_names_and_markdown_is_drawn() -> None:
    assert text_html("<@1> your move\n**The show:** `3`\n-# small", {"1": "ann"}) == (
        '<span class="mention">@ann</span> your move\n<b>The show:</b> <code>3</code>\n'
        '<span class="sub">small</span>')
    assert text_html("<@9> & <b>", {}) == '<span class="mention">@9</span> &amp; &lt;b&gt;'


def test_one_image_is_scaled_into_discords_box_and_controls_are_drawn() -> None:
    picture = {"filename": "table.png", "width": 872, "height": 226}
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "6♣", "custom_id": "a"},
                                     {"type": 2, "style": 2, "label": "Go", "custom_id": "b", "disabled": True},
                                     ]}
    html = page(Chat("cribbage: ann vs bob", [message(0, "table", attachments=[picture], components=[row])], {},
                     {"7": b"\x89PNG"}))
    assert 'src="data:image/png;base64,iVBORw==" width="550" height="143"' in html  # scaled by 550/872, not cropped
    assert '<div class="button" style="background:#5865f2">6♣</div>' in html
    assert '<div class="button off" style="background:#4e5058">Go</div>' in html
    assert "Message #cribbage: ann vs bob" in html
