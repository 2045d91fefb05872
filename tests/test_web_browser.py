"""The web table in a real browser: Debian's Chromium driven by Playwright (no browser download).

One run through a fight, as a GM and a player would see it: create an encounter from a bundled
scenario, compose a shot and see its odds and its line of fire, commit it, watch the player's
page follow live, undo, a refused action's message, hovering a person on each page, the GM
asking for the players' dice, and the player's token refused a GM action. Then a short fight
of gurps and one of cpr walked through as their GM would (docs/web.md, "What a GM sees of each
ruleset"): each ruleset's own verbs from the form, what the table shows, refusals that change
nothing, undo, the next round, the page read again and a player's page.
With ``FIREFIGHT_SCREENSHOTS=DIR`` the pages are saved there (docs/img holds the README's).
"""

from __future__ import annotations

import os
import re
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
        _create(gm, "raid", "warehouse")
        expect(gm.locator("#map svg")).to_be_visible()

        player = _page(
            browser, f"{base}/play?token={KEYS.player_token('raid', 'Mara')}", player=True
        )
        expect(player.locator("#who")).to_contain_text("Playing Mara in raid")
        expect(player.locator("#map svg")).to_be_visible()
        expect(player.locator("#live")).to_have_class("live on")
        expect(player.locator("#composer")).to_be_hidden()
        # DEC-925: the player reads the scene's notes under the state table, as the GM does.
        expect(player.locator("#scene-notes")).to_contain_text("barrier: crates")

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
        # DEC-956: the GM's word (a GM's modifier) is offered the GM, not the player.
        for page, mods in ((player, 0), (gm, 1)):
            page.select_option("#verb", "shoots")
            expect(page.locator('#options [data-flag="ap"]')).to_have_count(1)
            expect(page.locator('#options [data-flag="mod"]')).to_have_count(mods)
        # DEC-850: the player's odds are of the scene as they see it, and say so; the GM's not.
        player.fill("#line", "Mara shoots Viktor --ap 1")
        player.click("#odds-button")
        expect(player.locator("#odds")).to_contain_text("as you see the scene")
        expect(player.locator("#odds-table")).to_contain_text("%")
        gm.fill("#line", "Mara shoots Viktor --ap 1")
        gm.click("#odds-button")
        expect(gm.locator("#odds-table")).to_contain_text("%")
        expect(gm.locator("#odds")).not_to_contain_text("as you see the scene")
        player.fill("#line", "")
        gm.fill("#line", "")
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


def test_a_second_commit_before_the_page_is_read_again_builds_on_the_first(
    browser: object, tmp_path: Path
) -> None:
    """A GM who commits again before the page has read the table back is not told someone else
    changed the fight first: the record the first commit made is the one the second builds on.
    The page's read of the table is held here, as a slow connection would hold it."""
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        _create(gm, "raid", "warehouse")
        gm.route(re.compile(r".*/api/encounters/raid$"), lambda route: None)
        for number, line in ((2, "set Viktor unconscious"), (3, "set Lev dead")):
            gm.fill("#line", line)
            gm.click("#commit")
            expect(gm.locator("#act-msg")).to_contain_text(f"#{number} {line}")


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
        _create(gm, "raid", "warehouse")
        gm.check("input[name=dice][value=physical]")
        gm.fill("#rolls", "1")  # the initiative takes 2d10 each: too few
        gm.click("#next-round")
        expect(gm.locator("#act-msg")).to_contain_text("D-3: ran out of scripted dice: 1 given")
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


def test_a_seed_the_box_cannot_read_is_refused_and_nothing_sent(
    browser: object, tmp_path: Path
) -> None:
    """The seed boxes are number boxes: what they cannot read ("abc", "1e") leaves them empty.
    A form's own check stops its submit, but the next round's button is none: it sent no seed,
    and a random one was rolled without a word. The page now says the seed is a whole number
    and sends nothing; nor does an encounter's creation or an action."""
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        posted: list[str] = []
        gm.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
        gm.fill("#create-name", "raid")
        gm.select_option("#create-example", "warehouse")
        gm.type("#create-seed", "1e")  # Chromium takes no letter but e in a number box
        gm.click("#create-form button[type=submit]")
        gm.fill("#create-seed", "3")
        assert posted == []
        gm.click("#create-form button[type=submit]")
        expect(gm.locator("#log-list")).to_contain_text("round 1")
        posted.clear()
        gm.type("#seed", "1e")
        gm.fill("#line", "Mara waits")
        gm.click("#commit")
        gm.click("#next-round")
        expect(gm.locator("#act-msg")).to_contain_text("The seed is a whole number, 0 or more")
        assert not [u for u in posted if u.endswith(("/act", "/next-round"))], posted
        expect(gm.locator("#log-list")).not_to_contain_text("round 2")
        # DEC-957: past 2^53 - 1 a browser sends the nearest number it holds, another seed.
        gm.fill("#seed", "9007199254740993")
        gm.click("#commit")
        expect(gm.locator("#act-msg")).to_contain_text("The seed is at most 9007199254740991")
        assert not [u for u in posted if u.endswith(("/act", "/next-round"))], posted
        gm.click("#show-create")
        gm.fill("#create-name", "second")
        gm.select_option("#create-example", "warehouse")
        gm.fill("#create-seed", "9007199254740993")
        gm.click("#create-form button[type=submit]")
        expect(gm.locator("#create-msg")).to_contain_text("The seed is at most 9007199254740991")
        assert not [u for u in posted if u.endswith("/api/encounters")], posted


def test_dec_847_the_page_says_when_the_fight_is_decided(browser: object, tmp_path: Path) -> None:
    """DEC-847 (DEC-810 at the web table): the turn's heading says who is left standing once
    one side is, as the session's prompt does."""
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        _create(gm, "raid", "warehouse")
        expect(gm.locator("#turn h2")).to_have_text("Warehouse raid — round 1")
        for line in ("set Viktor unconscious", "set Lev dead"):
            gm.fill("#line", line)
            gm.click("#commit")
            expect(gm.locator("#act-msg")).to_contain_text(line)
        heading = "Warehouse raid — round 1 · hunters left standing"
        expect(gm.locator("#turn h2")).to_have_text(heading)


def test_d_4_a_cards_gm_types_card_names_in_the_page(browser: object, tmp_path: Path) -> None:
    """D-4, DEC-679: the dice box takes a cards GM's cards by name (any case) as typed; one
    that is no card is refused with the sentence naming it, and stays in the box to be put
    right."""
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        _create(gm, "alley", "cards-alley")
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
        expect(gm.locator("#act-msg")).to_contain_text("D-4: dice.rolls takes whole die faces")
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


def _compose(
    page: Any, actor: str, verb: str, words: str = "", *, odds: str = "", **options: str | bool
) -> None:
    """The action form filled as a GM fills it: who, the verb, what follows and the options
    (``--move-between`` as ``move_between``); with ``odds``, the odds asked for, and the line
    they compose must be ``odds``."""
    from playwright.sync_api import expect

    page.fill("#line", "")
    page.select_option("#actor", actor)
    page.select_option("#verb", verb)
    page.fill("#words", words)
    for name, value in options.items():
        field = page.locator(f'#options [data-flag="{name.replace("_", "-")}"]')
        if value is True:
            field.check()
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    if odds:
        page.click("#odds-button")
        expect(page.locator("#composed")).to_have_text(odds)


def _commit(page: Any, said: str, *, rolls: str = "") -> None:
    """Commit what is composed, rolled here with seed 1 or at the table as ``rolls``; the
    message must say ``said``."""
    from playwright.sync_api import expect

    if rolls:
        page.check("input[name=dice][value=physical]")
        page.fill("#rolls", rolls)
    else:
        page.check("input[name=dice][value=seeded]")
        page.fill("#seed", "1")
    page.click("#commit")
    expect(page.locator("#act-msg")).to_contain_text(said)


def _row(page: Any, name: str) -> Any:
    """``name``'s row of the state table."""
    return page.locator("#state-table tbody tr").filter(
        has=page.locator("td", has_text=re.compile(rf"^{re.escape(name)}$"))
    )


def _refused_and_unchanged(page: Any, line: str, said: str, rows: tuple[str, ...]) -> None:
    """``line`` in the whole line is refused with ``said`` (its rule and why), and the turn
    (the log's head) and the ``rows`` named read as before."""
    from playwright.sync_api import expect

    turn = page.locator("#turn").inner_text()
    before = [_row(page, n).inner_text() for n in rows]
    page.fill("#line", line)
    page.click("#commit")
    expect(page.locator("#act-msg")).to_contain_text(said)
    assert page.locator("#turn").inner_text() == turn
    assert [_row(page, n).inner_text() for n in rows] == before
    page.fill("#line", "")


def _kept_on_reload(page: Any, rows: tuple[str, ...], turn: str) -> None:
    """The page read again shows the same ``rows`` and ``turn``: the store's, not the page's."""
    from playwright.sync_api import expect

    shown = [_row(page, n).inner_text() for n in rows]
    page.reload()
    expect(page.locator("#turn")).to_contain_text(turn)
    assert [_row(page, n).inner_text() for n in rows] == shown


def _create(page: Any, name: str, example: str) -> None:
    from playwright.sync_api import expect

    page.fill("#create-name", name)
    page.select_option("#create-example", example)
    page.fill("#create-seed", "3")
    page.click("#create-form button[type=submit]")
    expect(page.locator("#log-list")).to_contain_text("round 1")


def test_a_gurps_gm_walks_a_fight_through_the_page(browser: object, tmp_path: Path) -> None:
    """A gurps GM's seconds at Dry Gulch from the page's controls: a braced aim (GUR-MOD-1)
    and a wait for opportunity fire on the map and in the state table (GUR-OPP-1, DEC-774), a
    refusal naming its rule that changes nothing, undo, a snap shot's trace, the aimed shot of
    the next second (Acc 2) and what it did to Bob (HP, stun, posture, shock), a move past
    Move refused (GUR-CORE-1), a timed reload loaded as the next second starts (GUR-RELOAD-1),
    the page read again, and Ann's player page: Bob's hurt in words from his HP (DEC-433,
    DEC-772; gurps leaves the shared hits at 0). The whole line's example has whoever is up
    acting (DEC-746) as the turn passes: it was read once, when the form was."""
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        _create(gm, "gulch", "dry-gulch")
        turn, ann, bob = gm.locator("#turn"), _row(gm, "Ann"), _row(gm, "Bob")
        # The dice box's example is 3d6's faces, not rmu's d100s.
        expect(gm.locator("#rolls")).to_have_attribute("placeholder", "e.g. 3, 5, 4")
        expect(turn).to_contain_text("Up: Ann (a maneuver)")
        # The whole line's example has whoever is up acting (DEC-746), and follows the turn.
        line = gm.locator("#line")
        expect(line).to_have_attribute("placeholder", "e.g. Ann shoots Bob --location head")
        expect(bob).to_contain_text("10/10")

        # Round 1: Ann aims (the form's own verb); the table says at whom and for how long.
        _compose(gm, "Ann", "aims", "Bob", braced=True, odds="Ann aims Bob --braced")
        expect(gm.locator("#odds-table")).to_contain_text("done")
        _commit(gm, "#2 Ann aims Bob --braced: done")
        expect(ann).to_contain_text("aiming at Bob (1, braced)")
        expect(turn).to_contain_text("Up: Bob (a maneuver)")
        expect(line).to_have_attribute("placeholder", "e.g. Bob shoots Ann --location head")

        # Bob waits for opportunity fire on a place (in feet, as the moves' hint says).
        _compose(gm, "Bob", "waits", watch="3", at="0,3")
        watch = gm.locator("#options label", has_text="--watch")
        expect(watch).to_have_attribute("title", re.compile("a number of hexes, line or cone"))
        _commit(gm, "#3 Bob waits --watch 3 --at 0,3: done")
        expect(bob).to_contain_text("watching 3 hexes at 0,3 ft")
        expect(gm.locator("#map svg")).to_contain_text("Bob watches 3 hexes (GUR-OPP-1)")
        _refused_and_unchanged(
            gm,
            "Bob kneels",
            "Refused (GUR-CORE-1): Bob has already taken this second's maneuver (a second is "
            "one maneuver each, DEC-216); wait for the next second.",
            ("Bob",),
        )

        # Undo the wait: Bob snaps off a shot instead, and its trace says why it is hard.
        gm.click("#undo")
        expect(gm.locator("#act-msg")).to_contain_text("undone: #4 undo #3")
        expect(bob).not_to_contain_text("watching")
        expect(gm.locator("#map svg")).not_to_contain_text("Bob watches")
        expect(turn).to_contain_text("Up: Bob (a maneuver)")
        gm.fill("#line", "Bob shoots Ann")
        _commit(gm, "#5 Bob shoots Ann: miss", rolls="4, 4, 4")
        expect(bob).to_contain_text("45 6/7")
        newest = gm.locator("#log-list > li").first
        expect(newest).to_contain_text("Bob shoots Ann with the 45: missed by 8")
        newest.locator("summary").click()
        expect(newest.locator("pre")).to_contain_text("snap shot  [GUR-MOD-1]")

        gm.click("#next-round")
        expect(gm.locator("#act-msg")).to_contain_text("next round: #6 round 2")
        expect(turn).to_contain_text("Dry Gulch — round 2")
        expect(line).to_have_attribute("placeholder", "e.g. Ann shoots Bob --location head")

        # Round 2: the aimed shot with the scenario's own dice leaves Bob stunned and down.
        _compose(gm, "Ann", "shoots", "Bob", odds="Ann shoots Bob")
        expect(gm.locator("#odds-table")).to_contain_text("hit")
        _commit(gm, "#7 Ann shoots Bob: hit", rolls="3, 3, 3, 5, 5, 4, 5, 4, 4, 4, 4")
        expect(gm.locator("#log-list > li").first).to_contain_text("aimed: Acc 2  [GUR-MOD-1]")
        expect(bob).to_contain_text("2/10")
        expect(bob).to_contain_text("stunned, prone")
        # the shock weighs on his own turn, still to come this second (DEC-895)
        expect(bob).to_contain_text("shock -4")
        expect(bob).not_to_contain_text("next turn")
        expect(ann).not_to_contain_text("aiming")
        _refused_and_unchanged(
            gm,
            "Bob drops",
            "Refused (GUR-CORE-1): Bob is stunned: they can only try to recover.",
            ("Ann", "Bob"),
        )

        # Round 3: the shock went with the turn Bob let pass; Ann cannot outrun her Move, and
        # reloads.
        gm.click("#next-round")
        expect(turn).to_contain_text("round 3")
        expect(bob).not_to_contain_text("shock")
        _compose(gm, "Ann", "moves", "0,60", odds="Ann moves 0,60")
        expect(gm.locator("#words")).to_have_attribute("placeholder", "[to] X,Y (X,Y in ft)")
        expect(gm.locator("#act-msg")).to_contain_text(
            "Refused (GUR-CORE-1): Ann covers at most Move 6 yd (18 ft) in a second, "
            "not 20 yd (60 ft)."
        )
        _compose(gm, "Ann", "reloads")
        _commit(gm, "#9 Ann reloads: success")
        expect(ann).to_contain_text("reloading 38 1 s")
        expect(ann).to_contain_text("38 5/6")
        gm.click("#next-round")  # the reload's last second over: loaded as the next one starts
        expect(turn).to_contain_text("round 4")
        expect(ann).to_contain_text("38 6/6")
        expect(ann).not_to_contain_text("reloading")
        _kept_on_reload(gm, ("Ann", "Bob"), "round 4")

        player = _page(
            browser, f"{base}/play?token={KEYS.player_token('gulch', 'Ann')}", player=True
        )
        expect(player.locator("#who")).to_contain_text("Playing Ann in gulch")
        expect(_row(player, "Ann")).to_contain_text("38 6/6")
        expect(_row(player, "Bob")).to_contain_text("barely standing")
        expect(_row(player, "Bob")).not_to_contain_text("2/10")


def test_a_cpr_gm_walks_a_fight_through_the_page(browser: object, tmp_path: Path) -> None:
    """A cpr GM's turn at the night market from the page's controls: two shots of a ROF 2
    pistol (CPR-ROF-1) stopped by V's SP, an aimed shot at the head past Juno's dodge
    (CPR-AIM-1, CPR-DOD-1), V's Move, Rook's autofire (C-5) through V's armor, which it ablates
    (C-3), a reload refused with its rule for the Action spent (CPR-REF-1), undo, the next turn's
    reload (CPR-AMMO-1), the page read again, and V's player page: V's own figures, Juno's
    wound in words (DEC-433)."""
    from playwright.sync_api import Browser, expect

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        _create(gm, "market", "night-market")
        turn, v, juno, rook = (gm.locator("#turn"), *(_row(gm, n) for n in ("V", "Juno", "Rook")))
        expect(turn).to_contain_text("Initiative: Juno → V → Rook")
        expect(gm.locator("#rolls")).to_have_attribute("placeholder", "e.g. 7, 4, 6")
        expect(turn).to_contain_text("Up: Juno (Move and Action)")
        headings = gm.locator("#state-table thead")
        for heading in ("turn", "HP", "wound", "SP body/head", "at (m)"):
            expect(headings).to_contain_text(heading)
        expect(v).to_contain_text("40/40")
        expect(v).to_contain_text("11/7")

        _compose(gm, "Juno", "shoots", "V", twice=True, odds="Juno shoots V --twice")
        expect(gm.locator("#odds-table")).to_contain_text("hit")
        _commit(gm, "#2 Juno shoots V --twice: hit")
        newest = gm.locator("#log-list > li").first
        expect(newest).to_contain_text("SP 11 holds it: 0 HP lost")
        expect(v).to_contain_text("40/40")
        expect(juno).to_contain_text("pistol 10/12")

        _compose(gm, "V", "shoots", "Juno", aim="head")
        _commit(gm, "#3 V shoots Juno --aim head: hit", rolls="2, 10, 9, 4, 4, 3")
        expect(newest).to_contain_text("Juno takes 11 damage to the head: SP 0 stops 0, 22 HP")
        newest.locator("summary").click()
        expect(newest.locator("pre")).to_contain_text("[CPR-DOD-1]")
        expect(juno).to_contain_text("8/30")
        expect(juno).to_contain_text("seriously wounded")
        expect(v.locator("td").nth(2)).to_have_text("Move")

        _compose(gm, "V", "moves", "2,3")
        _commit(gm, "#4 V moves 2,3: done")
        expect(v).to_contain_text("2,3")

        _compose(gm, "Rook", "autofires", "V")
        _commit(gm, "#5 Rook autofires V: hit", rolls="9, 5, 4")
        expect(v).to_contain_text("24/40")
        expect(v).to_contain_text("10/7")  # the body armor ablated
        expect(rook).to_contain_text("smg 4/30")
        _refused_and_unchanged(
            gm,
            "Rook reloads",
            "Refused (CPR-REF-1): Rook has already spent this turn's Action",
            ("V", "Rook"),
        )

        gm.click("#undo")
        expect(gm.locator("#act-msg")).to_contain_text("undone: #6 undo #5: Rook autofires V")
        expect(v).to_contain_text("40/40")
        expect(v).to_contain_text("11/7")
        expect(rook).to_contain_text("smg 14/30")

        gm.click("#next-round")
        expect(turn).to_contain_text("Night market — round 2")
        expect(rook).to_contain_text("Move and Action")
        _compose(gm, "Rook", "reloads")
        _commit(gm, "#8 Rook reloads: done")
        expect(rook).to_contain_text("smg 30/30 basic (+14 basic)")
        # The encounter's entry in the list counts the records as they come.
        expect(gm.locator("#encounters option:checked")).to_have_text("market (cpr, 8 records)")
        _kept_on_reload(gm, ("V", "Juno", "Rook"), "round 2")

        player = _page(
            browser, f"{base}/play?token={KEYS.player_token('market', 'V')}", player=True
        )
        expect(player.locator("#who")).to_contain_text("Playing V in market")
        expect(_row(player, "V")).to_contain_text("11/7")
        expect(_row(player, "Juno")).to_contain_text("badly wounded")
        expect(_row(player, "Juno")).not_to_contain_text("8/30")


def test_dec_982_a_page_with_older_table_settings_is_refused_and_reads_them_again(
    browser: object, tmp_path: Path
) -> None:
    """DEC-982: a page that read the table's settings before another change sent its whole
    list and overwrote it, showing again someone just hidden. Here another server hides Lev
    unseen by the page (its store, not this server's events); the GM's click hiding Viktor is
    refused, the page says so and shows the settings as they are: Lev hidden, Viktor not."""
    from playwright.sync_api import Browser, expect

    from firefight.store.table_settings import Tables, TableSettings

    assert isinstance(browser, Browser)
    expect.set_options(timeout=WAIT_MS)
    with backend_url("sqlite", tmp_path) as url, running_server(url) as base:
        gm = _page(browser, f"{base}/?token={KEYS.gm_token()}")
        _create(gm, "raid", "warehouse")
        expect(gm.locator('[data-hide="Lev"]')).not_to_be_checked()
        with open_store(url) as store:
            Tables(store).put("raid", TableSettings(hidden=frozenset({"Lev"})))
        gm.check('[data-hide="Viktor"]')
        expect(gm.locator("#act-msg")).to_contain_text(
            "its table settings were changed since this page read them (revision 0, now 1)"
        )
        expect(gm.locator('[data-hide="Lev"]')).to_be_checked()
        expect(gm.locator('[data-hide="Viktor"]')).not_to_be_checked()
        with open_store(url) as store:
            assert Tables(store).get("raid").hidden == {"Lev"}
        # Read again, the page's next change is taken: the row is drawn hidden once it is.
        gm.check('[data-hide="Viktor"]')
        expect(gm.locator("tr.hidden-row")).to_have_count(2)
        with open_store(url) as store:
            assert Tables(store).get("raid").hidden == {"Lev", "Viktor"}
