"""Donkey Kong test fixtures; the scenario helpers live in dk_scenarios.py."""

from __future__ import annotations

import pytest
from dk_scenarios import make_game

from tabletop.games.donkey_kong import DonkeyKongGame


@pytest.fixture
def game2() -> DonkeyKongGame:
    return make_game(2)
