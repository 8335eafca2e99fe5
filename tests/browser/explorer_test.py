#!/usr/bin/env python3
"""The explorer page in a real browser: Chromium headless, driven by Selenium.

Builds small tables (Konane 4x4 and 4x5, Unane 3x4 no-pie) and a puzzle file in a temporary folder, starts
`papamu serve --port 0`, and then, by clicks and keys as a person would:
  1. plays a line on the board by clicking stones and targets, and after each move checks the
     move list shown (every move, its value and remoteness) and the URL against the JSON API;
  2. undoes and redoes with the keyboard, reloads the page from its URL, and starts a new game
     with the game, board and variant pickers;
  3. opens a puzzle, plays a wrong move (the page must show the refutation), undoes it, and
     solves the puzzle by clicks while the page answers for the defender;
  4. saves a screenshot, and stops the server with SIGTERM (it must exit cleanly, status 0).

Usage: explorer_test.py PAPAMU_BINARY [--screenshot FILE]
Exit status 77 (ctest's "skipped") with a message when Chromium, chromedriver or Selenium is absent.
No fixed sleeps: every wait is for something the page or the server shows.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

SKIP = 77
TIMEOUT = 30  # seconds for any one thing the page must show


def browser_parts():
    """(chromium, chromedriver) paths, or exit 77 naming what is missing."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("skipped: python3-selenium is not installed (scripts/bootstrap installs it)")
        sys.exit(SKIP)
    if not chromium or not driver:
        print("skipped: chromium or chromedriver is not installed (scripts/bootstrap installs them)")
        sys.exit(SKIP)
    return chromium, driver


def run(command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


class Server:
    """papamu serve on a free port; the URL comes from its 'listening on' line."""

    def __init__(self, papamu, arguments):
        self.process = subprocess.Popen([papamu, "serve", "--port", "0", *arguments],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()  # blocks until the server prints it (or dies)
        if "listening on " not in line:
            raise SystemExit("papamu serve did not start: " + line + self.process.stderr.read())
        self.url = line.split("listening on ", 1)[1].strip()

    def api(self, path, **parameters):
        query = urllib.parse.urlencode(parameters)
        with urllib.request.urlopen(self.url + path.lstrip("/") + ("?" + query if query else ""), timeout=TIMEOUT) as response:
            return json.load(response)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        out, _ = self.process.communicate(timeout=TIMEOUT)
        assert self.process.returncode == 0, f"papamu serve exited with {self.process.returncode} after SIGTERM"
        assert "stopped" in out, "papamu serve did not say it stopped: " + out


class Page:
    def __init__(self, chromium, driver_path):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"):
            options.add_argument(argument)
        self.driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
        self.driver.set_page_load_timeout(TIMEOUT)

    def wait(self, condition, what):
        from selenium.webdriver.support.ui import WebDriverWait
        return WebDriverWait(self.driver, TIMEOUT, poll_frequency=0.02).until(lambda _: condition(), message=what)

    def shown(self):
        return int(self.driver.find_element("tag name", "body").get_attribute("data-shown") or 0)

    def open(self, url):
        self.driver.get(url)
        self.wait(lambda: self.shown() >= 1, "the page shows a position")

    def text(self, element_id):
        return self.driver.find_element("id", element_id).text

    def position(self):
        return self.text("position-text")

    def click_cell(self, cell):
        """A stone when there is one on the cell, else the cell itself."""
        stones = self.driver.find_elements("css selector", f'#board-svg circle.stone[data-cell="{cell}"]')
        target = stones[0] if stones else self.driver.find_element("css selector", f'#board-svg rect[data-cell="{cell}"]')
        target.click()

    def play_by_clicks(self, server, variant, move):
        """Clicks the move's stone (and its target), and waits for the next position."""
        info = server.api("/api/position", p=self.position(), variant=variant)
        found = [candidate for candidate in info["moves"] if candidate["move"] == move]
        assert found, f"{move} is not a legal move of {info['position']}"
        before = self.shown()
        self.click_cell(found[0]["from"])
        if found[0]["from"] != found[0]["to"]:
            self.click_cell(found[0]["to"])
        self.wait(lambda: self.shown() > before, f"the page plays {move}")
        return found[0]["after"]

    def press(self, key):
        from selenium.webdriver.common.action_chains import ActionChains
        before = self.shown()
        ActionChains(self.driver).send_keys(key).perform()
        self.wait(lambda: self.shown() > before, f"the page answers the key {key!r}")

    def listed_moves(self):
        return [(button.get_attribute("data-move"), button.get_attribute("data-value"), button.get_attribute("data-remoteness"))
                for button in self.driver.find_elements("css selector", "#moves button")]


def check_against_api(page, server, variant):
    """The move list on the page is the API's, in the same order, values and remoteness included."""
    probe = server.api("/api/probe", p=page.position(), variant=variant)
    expected = [(move["move"], move["result_for_mover"], str(move["remoteness"]) if "remoteness" in move else "") for move in probe["moves"]]
    shown = page.listed_moves()
    assert shown == expected, f"moves shown {shown} differ from the API's {expected} at {page.position()}"
    assert probe["value"] in page.text("status"), f"status {page.text('status')!r} does not give the value {probe['value']}"
    assert page.text("best-line") == (" ".join(probe["best_line"]) or "—")
    parameters = urllib.parse.parse_qs(urllib.parse.urlparse(page.driver.current_url).query)
    assert parameters["p"] == [page.position()], "the URL does not hold the position"
    return probe


def explore(page, server):
    start = server.api("/api/start", game="konane", board="4x5")["position"]
    page.open(server.url + "?" + urllib.parse.urlencode({"p": start}))
    assert page.position() == start
    probe = check_against_api(page, server, "standard")
    line = probe["best_line"][:5]
    assert len(line) == 5, "Konane 4x5 lasts more than 5 plies with best play"
    positions = [start]
    for move in line:
        positions.append(page.play_by_clicks(server, "standard", move))
        assert page.position() == positions[-1]
        check_against_api(page, server, "standard")
    assert page.text("played") == " ".join(line)
    page.press("\ue012")  # ArrowLeft: undo
    assert page.position() == positions[-2]
    page.press("\ue012")
    assert page.position() == positions[-3]
    page.press("\ue014")  # ArrowRight: redo
    assert page.position() == positions[-2]
    check_against_api(page, server, "standard")
    # A link reproduces the position.
    page.open(page.driver.current_url)
    assert page.position() == positions[-2]
    # The pickers start a new game: Unane 3x4 without the pie rule.
    from selenium.webdriver.support.ui import Select
    Select(page.driver.find_element("id", "game")).select_by_value("unane")
    Select(page.driver.find_element("id", "variant")).select_by_value("no-pie")
    board = page.driver.find_element("id", "board")
    board.clear()
    board.send_keys("3x4")
    before = page.shown()
    page.driver.find_element("id", "new-game").click()
    page.wait(lambda: page.shown() > before, "the page starts the picked game")
    assert page.position() == server.api("/api/start", game="unane", board="3x4", variant="no-pie")["position"]
    assert "variant=no-pie" in page.driver.current_url
    check_against_api(page, server, "no-pie")
    return positions


def solve_puzzle(page, server, puzzle_file):
    page.open(server.url + "?" + urllib.parse.urlencode({"puzzle": puzzle_file, "n": 1}))
    puzzle = server.api("/api/puzzles", file=puzzle_file, n=1)["puzzle"]
    assert page.position() == puzzle["position"]
    assert "to play and win" in page.text("puzzle-status")
    # A losing first move: the page must say so, with the refutation from /api/verify.
    probe = server.api("/api/probe", p=puzzle["position"], variant=puzzle["variant"])
    losing = [move["move"] for move in probe["moves"] if move["result_for_mover"] == "loss"]
    assert losing, "a puzzle has a losing move (puzzles/README.md)"
    page.play_by_clicks(server, puzzle["variant"], losing[0])
    page.wait(lambda: "Not this one" in page.text("puzzle-status"), "the page rejects a losing move")
    assert "loses" in page.text("puzzle-status")
    page.press("\ue012")  # undo the wrong move
    assert page.position() == puzzle["position"]
    # The solution, the winner's moves by clicks; the page plays the defender's replies.
    for index in range(0, len(puzzle["solution"]), 2):
        page.play_by_clicks(server, puzzle["variant"], puzzle["solution"][index])
        if index + 1 < len(puzzle["solution"]):
            reply = puzzle["solution"][index + 1]
            page.wait(lambda: page.text("played").split()[-1:] == [reply], f"the page answers with {reply}")
    page.wait(lambda: page.text("puzzle-status").startswith("Solved"), "the page says the puzzle is solved")
    assert page.text("played") == " ".join(puzzle["solution"])


def screenshot(page, server, path):
    """A mid-game Konane 4x5 position with a stone selected, its targets coloured."""
    start = server.api("/api/start", game="konane", board="4x5")["position"]
    page.open(server.url + "?" + urllib.parse.urlencode({"p": start}))
    for move in server.api("/api/probe", p=start)["best_line"][:3]:
        page.play_by_clicks(server, "standard", move)
    probe = server.api("/api/probe", p=page.position())
    info = server.api("/api/position", p=page.position())
    best = next(move for move in info["moves"] if move["move"] == probe["moves"][0]["move"])
    page.click_cell(best["from"])
    page.wait(lambda: page.driver.find_elements("css selector", "#board-svg .target"), "the selected stone's targets are drawn")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    page.driver.save_screenshot(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("papamu")
    parser.add_argument("--screenshot", default=os.path.join(tempfile.gettempdir(), "papamu-explorer.png"))
    arguments = parser.parse_args()
    chromium, driver = browser_parts()
    with tempfile.TemporaryDirectory(prefix="papamu-browser-") as folder:
        tables = os.path.join(folder, "tables")
        puzzles = os.path.join(folder, "konane-4x5.jsonl")
        run([arguments.papamu, "build", "konane", "4x4", "--tb", tables, "--threads", "1"])
        run([arguments.papamu, "build", "konane", "4x5", "--tb", tables, "--threads", "1"])
        run([arguments.papamu, "build", "unane", "3x4", "--tb", tables, "--threads", "1", "--variant", "no-pie"])
        run([arguments.papamu, "puzzles", "konane", "4x5", "--count", "5", "--tb", tables, "--out", puzzles])
        server = Server(arguments.papamu, ["--tb", tables, "--puzzles", puzzles])
        page = None
        try:
            page = Page(chromium, driver)
            explore(page, server)
            solve_puzzle(page, server, "konane-4x5.jsonl")
            screenshot(page, server, arguments.screenshot)
            errors = [entry for entry in page.driver.get_log("browser") if entry["level"] == "SEVERE"]
            assert not errors, f"the page logged errors: {errors}"
        finally:
            if page:
                page.driver.quit()
            if server.process.poll() is None:
                server.stop()
    print(f"browser test passed; screenshot: {arguments.screenshot}")


if __name__ == "__main__":
    main()
