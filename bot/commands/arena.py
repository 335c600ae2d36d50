"""placeholder, replaced by its issue"""

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    pass
