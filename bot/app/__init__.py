"""The application layer: typed commands in, replies out, for every door (Discord, the terminal).

It never imports discord: a door adapts it to one transport (see `tests/bot/test_layers.py`).
"""
