"""The web table in a real browser: Debian's Chromium driven by Playwright (no browser download).

One run through a fight, as a GM and a player would see it: create an encounter from a bundled
scenario, compose a shot and see its odds and its line of fire, commit it, watch the player's
page follow live, undo, a refused action's message, hovering a person on each page, the GM
asking for the players' dice, and the player's token refused a GM action.
With ``FIREFIGHT_SCREENSHOTS=DIR`` the pages are saved there (docs/img holds the README's).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from encounter_support import WAREHOUSE
from firefight.dice import Dice
from firefight.encounter.scenario import load_scenario
from firefight.service import EncounterService
from firefight.store import open_store
from store_support import backend_url
from web_support import KEYS, running_server

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Generous: the page's own updates take well under a second; CI's machine may be busy.
WAIT_MS = 15_000


def _page(browser: Any, url: str, *, player: bool = False) -> Any:
    """A page open at ``url``: the GM's at a laptop's size, a player's at a tablet's."""
    page = browser.new_page(
        viewport={"width": 1024, "height": 768} if player else {"width": 1280, "height": 800}
    )
    page.set_default_timeout(WAIT_MS)
    page.goto(url)
    return page


@pytest.fixture
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {CHROMIUM} is missing: .ci/run installs it", pytrace=False)
        pytest.skip(f"browser tests skipped: no {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


def test_a_fight_from_the_browser(browser: object, tmp_path: Path) -> None:
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    shots = os.environ.get("FIREFIGHT_SCREENSHOTS")
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        # No encounter yet: the form to create one is open.
        gm.fill("#create-name", "raid")
        gm.select_option("#create-example", "warehouse")
        gm.fill("#create-seed", "3")
        gm.click("#create-form button[type=submit]")
        expect(gm.locator("#map svg")).to_be_visible()
        expect(gm.locator("#log-list")).to_contain_text("round 1")

        player = _page(
            browser, f"{base}/play?token={KEYS.player_token('raid', 'Mara')}", player=True
        )
        expect(player.locator("#who")).to_contain_text("Playing Mara in raid")
        expect(player.locator("#map svg")).to_be_visible()
        expect(player.locator("#live")).to_have_class("live on")
        expect(player.locator("#composer")).to_be_hidden()

        # Compose a shot: its odds and its line of fire on the map, before committing.
        gm.select_option("#actor", "Mara")
        gm.select_option("#verb", "shoots")
        gm.fill("#words", "Viktor")
        gm.click("#odds-button")
        expect(gm.locator("#odds-table")).to_contain_text("%")
        expect(gm.locator("#composed")).to_have_text("Mara shoots Viktor")
        expect(gm.locator("#map svg g.overlay")).to_have_count(1)
        if shots:
            gm.screenshot(path=f"{shots}/gm-page.png", full_page=True)
        gm.fill("#seed", "1")
        # Typed again just before committing: the odds that keystroke schedules are not asked
        # of the scene after the shot, where they would overwrite its message with a refusal.
        gm.fill("#words", "Viktor")
        gm.click("#commit")
        expect(gm.locator("#act-msg")).to_contain_text("#2 Mara shoots Viktor")
        gm.wait_for_timeout(1_000)
        expect(gm.locator("#act-msg")).to_contain_text("#2 Mara shoots Viktor")
        expect(gm.locator("#log-list")).to_contain_text("Mara shoots Viktor")

        # The player's page follows without a reload.
        expect(player.locator("#log-list")).to_contain_text("Mara shoots Viktor")
        if shots:
            player.screenshot(path=f"{shots}/player-page.png", full_page=True)

        gm.click("#undo")
        expect(gm.locator("#act-msg")).to_contain_text("undone")
        expect(player.locator("#log-list")).to_contain_text("undo #2")
        # DEC-711: redo plays it again with its dice; a GM command goes in the whole line.
        gm.click("#redo")
        expect(gm.locator("#act-msg")).to_contain_text("redone: #4 Mara shoots Viktor")
        gm.fill("#line", "hits Jonah 5")
        gm.click("#commit")
        expect(gm.locator("#act-msg")).to_contain_text("#5 hits Jonah 5: done")

        # A refused action: its rule and why, and nothing changed.
        gm.fill("#line", "Mara dances")
        gm.click("#commit")
        expect(gm.locator("#act-msg")).to_contain_text("Refused (R-6)")
        expect(gm.locator("#turn")).to_contain_text("Log at record 5")

        # Both pages fit their screens (1280×800, a tablet held upright): nothing runs off the
        # side but the state table, which scrolls in its own box.
        player.set_viewport_size({"width": 768, "height": 1024})
        for page in (gm, player):
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

        # Hovering a person: the GM reads the figures, the player an NPC's wound in words.
        gm_title = gm.locator('#map svg g.person[data-name="Viktor"] > title')
        expect(gm_title).to_contain_text("hits: ")
        player_title = player.locator('#map svg g.person[data-name="Viktor"] > title')
        expect(player_title).to_contain_text("looks: ")
        expect(player_title).not_to_contain_text("hits: ")

        # The GM asks for the players' dice: the player's form takes the faces they rolled.
        gm.check("#players-act")
        expect(player.locator("#composer")).to_be_visible()
        expect(player.locator("#dice")).to_be_hidden()
        gm.check("#players-roll")
        expect(player.locator("#dice")).to_be_visible()
        expect(player.locator("#dice-seeded")).to_be_hidden()
        expect(player.locator("#rolls")).to_be_visible()

        # The player's token cannot do what the GM does.
        status = player.evaluate(
            """async (token) => (await fetch("/api/encounters/raid/undo", {method: "POST",
                headers: {Authorization: "Bearer " + token, "Content-Type": "application/json"},
                body: "{}"})).status""",
            KEYS.player_token("raid", "Mara"),
        )
        assert status == 403


def test_the_gm_s_dice_roll_the_next_round_too(browser: object, tmp_path: Path) -> None:
    """The dice the GM chose (docs/web.md, Dice) roll a round's change as they roll an action:
    the initiative rolled at the table and typed in was thrown away, and the server rolled a
    fresh seed; a round's dice given wrong are refused as an action's are, nothing changed.
    Faces taken are cleared: left in the box, the next action rolled them again."""
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        gm.fill("#create-name", "raid")
        gm.select_option("#create-example", "warehouse")
        gm.fill("#create-seed", "3")
        gm.click("#create-form button[type=submit]")
        expect(gm.locator("#log-list")).to_contain_text("round 1")
        gm.check("input[name=dice][value=physical]")
        gm.fill("#rolls", "1")  # the initiative takes 2d10 each: too few
        gm.click("#next-round")
        expect(gm.locator("#act-msg")).to_contain_text("ran out of scripted dice: 1 given")
        expect(gm.locator("#rolls")).to_have_value("1")
        faces = [1, 2, 3, 4, 5, 6, 7, 8]
        gm.fill("#rolls", ", ".join(map(str, [*faces, 9, 10])))
        gm.click("#next-round")
        expect(gm.locator("#act-msg")).to_contain_text("next round: #2")
        # DEC-718: faces the rules did not ask for are named, as the command line names them.
        expect(gm.locator("#act-msg")).to_contain_text("2 not needed: 9, 10")
        # Faces rolled at the table are rolled once: taken, they are cleared (the next action
        # would have rolled them again); refused, they stay to be put right.
        expect(gm.locator("#rolls")).to_have_value("")
        record = gm.evaluate(
            """async (token) => (await (await fetch("/api/encounters/raid/log",
                {headers: {Authorization: "Bearer " + token}})).json()).records.pop()""",
            KEYS.gm_token(),
        )
        assert record["kind"] == "round"
        assert record["dice"]["source"] == "scripted" and record["dice"]["used"] == faces


def test_d_4_a_cards_gm_types_card_names_in_the_page(browser: object, tmp_path: Path) -> None:
    """D-4, DEC-679: the dice box takes a cards GM's cards by name (any case) as typed; one
    that is no card is refused with the sentence naming it, and stays in the box to be put
    right."""
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        gm.fill("#create-name", "alley")
        gm.select_option("#create-example", "cards-alley")
        gm.fill("#create-seed", "3")
        gm.click("#create-form button[type=submit]")
        expect(gm.locator("#log-list")).to_contain_text("round 1")
        first = gm.evaluate(
            """async (token) => (await (await fetch("/api/encounters/alley",
                {headers: {Authorization: "Bearer " + token}})).json()).state.initiative[0][0]""",
            KEYS.gm_token(),
        )
        target = "Rico" if first != "Rico" else "Jilly"
        gm.check("input[name=dice][value=physical]")
        gm.fill("#line", f"{first} shoots {target}")
        gm.fill("#rolls", "QH, zh")
        gm.click("#commit")
        expect(gm.locator("#act-msg")).to_contain_text("'zh' is neither a die face nor a card")
        expect(gm.locator("#rolls")).to_have_value("QH, zh")
        gm.fill("#rolls", "qh, 10s AS, " + ", ".join("1" * 9))
        gm.click("#commit")
        expect(gm.locator("#act-msg")).to_contain_text(f"#2 {first} shoots {target}")
        record = gm.evaluate(
            """async (token) => (await (await fetch("/api/encounters/alley/log",
                {headers: {Authorization: "Bearer " + token}})).json()).records.pop()""",
            KEYS.gm_token(),
        )
        drawn = [c for e in record["trace"] if e.get("type") == "roll" for c in e.get("cards", [])]
        assert drawn[:3] == ["QH", "10S", "AS"]


def test_dec_701_an_encounter_stored_under_a_slash_plays_in_the_page(
    browser: object, tmp_path: Path
) -> None:
    """DEC-686, DEC-701: "north/raid", stored before names with `/` were refused, opens on the
    GM's page (map, log), takes an action, and its player's page follows it live: every
    address the page builds for it was a 404."""
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url:
        store = open_store(url)
        EncounterService(store).new("raid", load_scenario(WAREHOUSE), Dice.seeded(3))
        store.close()
        with sqlite3.connect(tmp_path / "store.db") as connection:
            connection.execute("UPDATE encounters SET name = 'north/raid'")
        connection.close()
        with running_server(url) as base:
            gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
            expect(gm.locator("#encounters")).to_have_value("north/raid")
            expect(gm.locator("#map svg")).to_be_visible()
            expect(gm.locator("#log-list")).to_contain_text("round 1")
            player = _page(
                browser, f"{base}/play?token={KEYS.player_token('north/raid', 'Mara')}", player=True
            )
            expect(player.locator("#who")).to_contain_text("Playing Mara in north/raid")
            expect(player.locator("#map svg")).to_be_visible()
            expect(player.locator("#live")).to_have_class("live on")
            gm.fill("#line", "Mara waits")
            gm.fill("#seed", "1")
            gm.click("#commit")
            expect(gm.locator("#act-msg")).to_contain_text("#2 Mara waits")
            expect(player.locator("#log-list")).to_contain_text("Mara waits")
