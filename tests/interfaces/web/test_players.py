"""Players: names, sign-up, log-in, sessions, guests' games carried over, ratings, leaderboards, profiles.

Ratings are checked against OpenSkill called directly. ``duel`` (tests/interfaces/web/conftest.py):
two seats pick left or right in turn, three picks each; the most lefts wins, equal is a draw.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce

from tabletop.core.state import State
from tabletop.interfaces.web.app import create_app
from tabletop.interfaces.web.names import BadName, check_name, key
from tabletop.interfaces.web.players import PlayerLimits
from tabletop.interfaces.web.ratings import (
    ELO_PER_MU,
    NEW,
    Skill,
    bot_skill,
    leavers,
    rank_places,
    rate,
    shown,
    unrated_reason,
)
from tabletop.interfaces.web.rooms import Settings
from tabletop.interfaces.web.store import Seat
from tabletop.interfaces.web.turns import DECIDE, ROLL, clock_note
from web_api import create, token_of, wait_until

INSTANT = Settings(bot_delay=0.0, chance_delay=0.0)
DUEL = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
MODEL = PlackettLuce()


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


def make_client(database: str, limits: PlayerLimits | None = None) -> TestClient:
    # the session cookie is Secure: the test client speaks "https" so that it sends it back
    return TestClient(create_app(database, INSTANT, player_limits=limits), base_url="https://testserver")


#: tests sign up many people from one address
MANY = PlayerLimits(signups_per_minute=600, signup_burst=100)


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with make_client(database, MANY) as c:
        yield c


def as_person(client: TestClient, jar: httpx.Cookies) -> None:
    """The client's next requests come from the browser holding ``jar``."""
    client.cookies = jar


def signup(client: TestClient, name: str, password: str = "correct horse") -> dict[str, Any]:
    response = client.post("/api/signup", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def play_duel(client: TestClient, game_id: str, tokens: list[str], picks: list[str]) -> None:
    """Seat 0 picks picks[0], seat 1 picks[1], in turn, three rounds."""
    for n in range(6):
        seat = n % 2
        response = client.post(f"/api/games/{game_id}/act", json={"token": tokens[seat], "action": picks[seat]})
        assert response.status_code == 200, response.text


# -- names ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("one", "other"), [
    ("Anna", "ANNA"), ("Anna", "an-na"), ("Anna", "\u0410nna"),  # a Cyrillic capital A
    ("Bob", "B0b"), ("Bill", "BiII"), ("Zoë", "Zoe"), ("Ｆｕｌｌ", "full"),  # full-width letters (NFKC)
    ("Paypal", "\u0420ay\u0440al"), ("modern", "mode\u0072n"), ("corn", "com"),
])
def test_look_alike_names_are_one_name(one: str, other: str) -> None:
    assert key(one) == key(other)


def test_different_names_stay_different() -> None:
    assert len({key(n) for n in ["Ann", "Anne", "Annie", "Bob", "Rob", "Zoe", "Zara"]}) == 7


@pytest.mark.parametrize(("name", "why"), [
    ("Al", "3 to 20 characters"), ("A" * 21, "3 to 20 characters"), ("<b>Ann</b>", "not '<'"),
    ("1234", "at least one letter"), ("bot", "reserved"), ("B0T", "reserved"), ("Bot 7", "reserved"),
    ("expert", "reserved"), ("Medium", "reserved"), ("beginner", "reserved"), ("player_2", "reserved"),
    ("Ann\u200bB", "not"),  # a zero-width space
])
def test_names_that_may_not_be_taken_say_why(name: str, why: str) -> None:
    with pytest.raises(BadName, match=why):
        check_name(name)


def test_a_bot_word_inside_a_name_is_allowed() -> None:
    assert check_name("Botticelli") == "Botticelli"
    assert check_name("  Mary   Ann ") == "Mary Ann"


# -- sign-up, log-in, sessions ------------------------------------------------------------------------
def test_sign_up_sets_a_secure_http_only_session_and_keeps_only_an_argon2_hash(client: TestClient,
                                                                              database: str) -> None:
    response = client.post("/api/signup", json={"name": "Ann", "password": "correct horse"})
    assert response.status_code == 201 and response.json()["name"] == "Ann"
    cookie = next(h for h in response.headers.get_list("set-cookie") if h.startswith("tabletop_session="))
    assert all(flag in cookie.lower() for flag in ("httponly", "secure", "samesite=lax"))
    assert client.get("/api/me").json() == {"signed_in": True, "name": "Ann"}
    engine = sa.create_engine(database)
    with engine.connect() as conn:
        stored = conn.execute(sa.text("SELECT password FROM players")).scalar_one()
        sessions = conn.execute(sa.text("SELECT token_hash FROM sessions")).scalars().all()
    engine.dispose()
    assert stored.startswith("$argon2id$") and "correct horse" not in stored
    token = cookie.split(";")[0].split("=", 1)[1]
    assert token not in sessions and len(sessions) == 1  # only its SHA-256 is kept
    assert client.post("/api/logout").status_code == 200
    assert client.get("/api/me").json() == {"signed_in": False, "name": None}


def test_log_in_works_across_devices_and_a_stale_session_is_nobody(client: TestClient) -> None:
    signup(client, "Ann")
    old = httpx.Cookies(client.cookies)
    as_person(client, httpx.Cookies())  # another device
    assert client.get("/api/me").json()["signed_in"] is False
    response = client.post("/api/login", json={"name": "aNN", "password": "correct horse"})
    assert response.status_code == 200 and response.json()["name"] == "Ann"
    assert client.get("/api/me").json()["name"] == "Ann"
    client.post("/api/logout")
    as_person(client, old)
    assert client.get("/api/me").json()["name"] == "Ann"  # the first device's session is its own
    as_person(client, httpx.Cookies({"tabletop_session": "forged"}))
    assert client.get("/api/me").json()["signed_in"] is False


def test_taken_and_look_alike_names_are_refused(client: TestClient) -> None:
    signup(client, "Anna")
    for name in ["anna", "ANNA", "\u0410nna", "An-na"]:
        response = client.post("/api/signup", json={"name": name, "password": "another one"})
        assert response.status_code == 409 and "taken" in response.json()["detail"]
    bad = client.post("/api/signup", json={"name": "bot", "password": "long enough"})
    assert bad.status_code == 422 and "reserved" in bad.json()["detail"]
    short = client.post("/api/signup", json={"name": "Carl", "password": "short"})
    assert short.status_code == 422 and "8 to 256" in short.json()["detail"]


def test_a_wrong_name_and_a_wrong_password_get_the_same_answer(client: TestClient) -> None:
    signup(client, "Ann")
    as_person(client, httpx.Cookies())
    wrong_password = client.post("/api/login", json={"name": "Ann", "password": "not it at all"})
    no_such_name = client.post("/api/login", json={"name": "Nobody Here", "password": "not it at all"})
    assert wrong_password.status_code == no_such_name.status_code == 401
    assert wrong_password.json() == no_such_name.json()
    assert "set-cookie" not in wrong_password.headers


def test_log_in_attempts_are_rate_limited_per_address_and_per_name(database: str) -> None:
    with make_client(database, PlayerLimits(logins_per_minute=1, login_burst=3)) as client:
        answers = [client.post("/api/login", json={"name": "Ann", "password": "guess number"}).status_code
                   for _ in range(5)]
        assert answers[:3] == [401, 401, 401] and answers[3:] == [429, 429]
        refused = client.post("/api/login", json={"name": "Ann", "password": "guess number"})
        assert int(refused.headers["Retry-After"]) >= 1
    with make_client(database, PlayerLimits(name_attempts_per_minute=1, name_attempt_burst=2)) as client:
        answers = [client.post("/api/login", json={"name": name, "password": "guess number"}).status_code
                   for name in ["Ann", "ANN", "ann", "Bob"]]
        assert answers == [401, 401, 429, 401]  # one name's attempts, however it is spelt


def test_sign_ups_are_rate_limited_per_address(database: str) -> None:
    with make_client(database, PlayerLimits(signups_per_minute=1, signup_burst=2)) as client:
        codes = [client.post("/api/signup", json={"name": f"Person {c}", "password": "long enough"}).status_code
                 for c in "abc"]
        assert codes == [201, 201, 429]


# -- guests -------------------------------------------------------------------------------------------------
def test_guests_play_unchanged_and_their_games_carry_over_when_they_sign_up(client: TestClient) -> None:
    page = client.get("/")
    assert "tabletop_guest" in client.cookies and "httponly" in page.headers["set-cookie"].lower()
    created = create(client, "duel", DUEL, rated=True)
    assert created["rated"] is True
    ann, bob = token_of(created, 0), token_of(created, 1)
    assert client.get(f"/api/games/{created['id']}", params={"token": ann}).status_code == 200  # a guest plays
    guest_ann = httpx.Cookies(client.cookies)
    as_person(client, httpx.Cookies())
    signup(client, "Bob")
    client.get(f"/api/games/{created['id']}", params={"token": bob})
    play_duel(client, created["id"], [ann, bob], ["left", "right"])
    as_person(client, guest_ann)
    assert signup(client, "Ann")["games_carried_over"] == 1
    profile = client.get("/api/players/Ann")
    assert profile.status_code == 404  # her game was played as a guest: rated for nobody, so not on the board
    second = create(client, "duel", DUEL, rated=True)
    client.get(f"/api/games/{second['id']}", params={"token": token_of(second, 0)})
    assert client.get(f"/api/games/{second['id']}").json()["seats"][0]["name"] == "Ann"  # her account's name
    as_person(client, httpx.Cookies())
    client.post("/api/login", json={"name": "Bob", "password": "correct horse"})
    client.get(f"/api/games/{second['id']}", params={"token": token_of(second, 1)})
    play_duel(client, second["id"], [token_of(second, 0), token_of(second, 1)], ["left", "right"])
    wait_until(lambda: client.get(f"/api/games/{second['id']}/ratings").json()["changes"])
    recent = client.get("/api/players/Ann").json()["recent"]
    assert [g["id"] for g in recent] == [second["id"], created["id"]]  # the guest's game is hers now
    assert recent[1]["won"] is True and recent[1]["replay"] == f"/replay/{created['id']}"


# -- ratings --------------------------------------------------------------------------------------------------
def test_a_rated_duel_moves_both_ratings_as_openskill_says_and_fills_the_leaderboard(client: TestClient) -> None:
    created = create(client, "duel", DUEL, rated=True)
    tokens = [token_of(created, 0), token_of(created, 1)]
    for seat, name in enumerate(["Ann", "Bob"]):
        as_person(client, httpx.Cookies())
        signup(client, name)
        client.get(f"/api/games/{created['id']}", params={"token": tokens[seat]})
    play_duel(client, created["id"], tokens, ["right", "left"])  # Bob wins
    changes = wait_until(lambda: client.get(f"/api/games/{created['id']}/ratings").json()["changes"])
    [[ann], [bob]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[2, 1])
    assert [(c["player"], c["place"], c["before"], c["after"]) for c in changes] == [
        ("Ann", 2, 1500, shown(ann.mu)), ("Bob", 1, 1500, shown(bob.mu))]
    assert changes[1]["change"] > 0 > changes[0]["change"] and changes[0]["provisional"] is True
    board = client.get("/api/leaderboard/duel").json()["players"]
    assert [(p["name"], p["rating"], p["games"], p["provisional"]) for p in board] == [
        ("Bob", shown(bob.mu), 1, True), ("Ann", shown(ann.mu), 1, True)]
    profile = client.get("/api/players/bob").json()
    assert profile["name"] == "Bob" and profile["ratings"][0]["history"] == [1500, shown(bob.mu)]
    assert profile["win_rates"] == [{"against": "people", "games": 1, "wins": 1, "ties": 0, "losses": 0,
                                     "rate": 1.0, "low": pytest.approx(0.2065, abs=1e-3), "high": 1.0}]


def test_the_rematch_of_a_rated_game_is_rated_and_an_unrated_games_is_not(client: TestClient) -> None:
    rated, unrated = create(client, "duel", DUEL, rated=True), create(client, "duel", DUEL)
    jars = []
    for seat, name in enumerate(["Ann", "Bob"]):
        as_person(client, httpx.Cookies())
        signup(client, name)
        for game in (rated, unrated):
            client.get(f"/api/games/{game['id']}", params={"token": token_of(game, seat)})
        jars.append(client.cookies)
    tokens = [token_of(rated, 0), token_of(rated, 1)]
    play_duel(client, rated["id"], tokens, ["right", "left"])  # Bob wins
    play_duel(client, unrated["id"], [token_of(unrated, 0), token_of(unrated, 1)], ["right", "left"])
    again = client.post(f"/api/games/{rated['id']}/rematch", json={"token": tokens[0]}).json()["id"]
    not_rated = client.post(f"/api/games/{unrated['id']}/rematch", json={"token": token_of(unrated, 0)}).json()["id"]
    assert client.get(f"/api/games/{not_rated}/ratings").json() == {"rated": False, "changes": []}
    assert client.get(f"/api/games/{again}/ratings").json() == {"rated": True, "changes": []}
    for seat, jar in enumerate(jars):  # each opens the rematch with the link they hold: the seat is theirs again
        as_person(client, jar)
        client.get(f"/api/games/{again}", params={"token": tokens[seat]})
    play_duel(client, again, tokens, ["left", "right"])  # Ann wins the rematch
    changes = wait_until(lambda: client.get(f"/api/games/{again}/ratings").json()["changes"])
    assert [(c["player"], c["place"]) for c in changes] == [("Ann", 1), ("Bob", 2)]
    assert changes[0]["before"] < 1500 < changes[1]["before"] and changes[0]["change"] > 0 > changes[1]["change"]
    board = client.get("/api/leaderboard/duel").json()["players"]
    assert sorted((p["name"], p["games"]) for p in board) == [("Ann", 2), ("Bob", 2)]
    listed = client.get("/api/tables").json()["tables"]
    assert again not in {t["id"] for t in listed}  # a rematch is the same people's: it is not an open table


def test_an_unrated_game_changes_no_rating(client: TestClient) -> None:
    created = create(client, "duel", DUEL)
    assert created["rated"] is False
    signup(client, "Ann")
    client.get(f"/api/games/{created['id']}", params={"token": token_of(created, 0)})
    play_duel(client, created["id"], [token_of(created, 0), token_of(created, 1)], ["left", "right"])
    assert client.get(f"/api/games/{created['id']}/ratings").json() == {"rated": False, "changes": []}
    assert client.get("/api/leaderboard/duel").json()["players"] == []


def test_games_that_cannot_be_rated_say_why(client: TestClient) -> None:
    one_device = create(client, "duel", [{"kind": "human", "holder": 0}, {"kind": "human", "holder": 0}], rated=True)
    assert one_device["rated"] is False and "one device" in one_device["unrated"]
    odd_bot = create(client, "duel", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], rated=True)
    assert odd_bot["rated"] is False and "no rating" in odd_bot["unrated"]


@dataclass
class Ended:
    """A finished position as the ratings read it: its winners and returns."""

    won: tuple[int, ...]
    scores: list[float]

    def winners(self) -> tuple[int, ...]:
        return self.won

    def returns(self) -> list[float]:
        return self.scores


def places(won: tuple[int, ...], scores: list[float], left: set[int] | None = None) -> list[int]:
    return rank_places(cast(State, Ended(won, scores)), left or set())


def test_places_cover_ties_shared_wins_everyone_losing_and_leavers() -> None:
    assert places((1,), [0, 1]) == [2, 1]
    assert places((0, 2), [30, 10, 30, 5]) == [1, 3, 1, 4]  # a shared win ties for first, then by score
    assert places((0,), [50, 20, 20]) == [1, 2, 2]  # equal scores tie
    assert places((), [-1, -1, -1, -1]) == [1, 1, 1, 1]  # the jungle won: nobody beat anybody
    assert places((1,), [0, 1, 0], left={1}) == [1, 3, 1]  # a winner who left ranks last


@pytest.mark.parametrize("ranks", [[1, 2], [2, 1, 3], [1, 1, 3], [1, 2, 2, 4], [1, 1, 1, 1], [3, 1, 1, 4]])
def test_ratings_of_two_to_four_players_match_openskill(ranks: list[int]) -> None:
    before = [Skill(25 + 3 * i, 8.0 - i) for i in range(len(ranks))]
    after = rate(before, ranks, fixed=set())
    expected = MODEL.rate([[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before], ranks=ranks)
    assert [(a.mu, a.sigma) for a in after] == [(e[0].mu, e[0].sigma) for e in expected]


def test_bots_keep_their_anchored_rating_and_move_the_people_as_a_rated_player_would() -> None:
    expert = bot_skill("donkey-kong", "expert")
    medium = bot_skill("donkey-kong", "medium")
    assert medium is not None and expert is not None
    assert shown(medium.mu) == 1500 and shown(expert.mu) == 1500 + 679 - 345  # docs/agents.md's steps
    after = rate([NEW, expert], [1, 2], fixed={1})
    assert after[1] == expert and after[0].mu > NEW.mu
    [[person], _] = MODEL.rate([[MODEL.rating()], [MODEL.rating(mu=expert.mu, sigma=expert.sigma)]], ranks=[1, 2])
    assert after[0].mu == person.mu
    assert bot_skill("donkey-kong", "mcts:iterations=5") is None
    assert 29 < ELO_PER_MU < 30


def test_unrated_reasons() -> None:
    person = Seat(kind="human", name="Ann", token_hash="a")
    assert unrated_reason("donkey-kong", [person, Seat(kind="bot", name="B", bot="hard")]) is None
    assert "no person" in str(unrated_reason("donkey-kong", [Seat(kind="bot", name="B", bot="hard")] * 2))


def test_a_seat_the_clock_played_for_three_times_in_a_row_has_left() -> None:
    notes = {1: clock_note(1, DECIDE), 3: clock_note(1, ROLL), 5: clock_note(1, DECIDE)}
    assert leavers([0, 1, 0, -1, 0, 1], notes, 2) == {1}
    back = {1: clock_note(1, DECIDE), 3: clock_note(1, DECIDE)}
    assert leavers([0, 1, 0, 1, 0, 1], back, 2) == set()  # they came back and played their last turn


# -- what a stranger can learn or cost ------------------------------------------------------------------
def test_no_account_is_revealed_beyond_the_leaderboard(client: TestClient) -> None:
    signup(client, "Carl")  # an account without a rated game
    unknown = client.get("/api/players/Nobody Here")
    unrated = client.get("/api/players/Carl")
    assert unknown.status_code == unrated.status_code == 404 and unknown.json() == unrated.json()
    assert client.get("/api/leaderboard/duel").json()["players"] == []
    assert client.get("/api/players/" + "x" * 5000).status_code == 404
    assert client.get("/api/leaderboard/nope").status_code == 404


def test_new_endpoints_bound_what_an_anonymous_client_may_cost(database: str) -> None:
    limits = PlayerLimits(logins_per_minute=1, login_burst=2, signups_per_minute=1, signup_burst=2)
    with make_client(database, limits) as client:
        huge = client.post("/api/login", json={"name": "Ann", "password": "p" * 257})
        assert huge.status_code == 422  # refused before it is hashed
        body = client.post("/api/signup", content=b"{" + b" " * 20_000 + b"}",
                           headers={"Content-Type": "application/json"})
        assert body.status_code == 413
        codes = {client.post("/api/play", json={"game": "duel", "wait": 600}).status_code for _ in range(15)}
        assert codes == {200, 429}  # playing now opens tables: rate-limited like creating games
        assert len(client.get("/api/leaderboard/duel", params={"limit": 10**9}).json()["players"]) <= 100


def test_passkey_requests_are_checked_before_any_credential(client: TestClient) -> None:
    signup(client, "Ann")
    taken = client.post("/api/passkeys/signup/options", json={"name": "ANN"})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    assert client.post("/api/passkeys/signup/options", json={"name": "bot"}).status_code == 422
    options = client.post("/api/passkeys/signup/options", json={"name": "Pat"}).json()
    assert options["options"]["rp"]["id"] == "testserver" and options["options"]["user"]["name"] == "Pat"
    forged = client.post("/api/passkeys/signup/verify", json={"challenge": options["challenge"],
                                                              "credential": {"id": "x", "rawId": "x"}})
    assert forged.status_code == 422 and "not accepted" in forged.json()["detail"]
    again = client.post("/api/passkeys/signup/verify", json={"challenge": options["challenge"], "credential": {}})
    assert again.status_code == 409  # a challenge is used once
    login = client.post("/api/passkeys/login/options", json={}).json()
    unknown = client.post("/api/passkeys/login/verify", json={"challenge": login["challenge"],
                                                              "credential": {"id": "nobody"}})
    assert unknown.status_code == 401
    client.post("/api/logout")
    assert client.post("/api/passkeys/register/options", json={}).status_code == 401
