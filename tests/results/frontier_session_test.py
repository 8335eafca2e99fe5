#!/usr/bin/env python3
"""results/frontier_session end to end, in a scratch git repository holding a copy of results/.

Two sessions of one Kōnane 7x7 run: the first from nothing, the second resuming the first's full
checkpoint in the same folder (a kept machine). Each is wrapped up by hand (`wrap --now`), and the
scheduled wrap-up must then leave the run alone. Checked: the commit holds the record, the new
compact copy (its SHA-256 in the record) and the README row, and nothing else the checkout had
staged; the totals and history carry over; the trajectory holds each progress line once; bad
input is refused with a message.

usage: frontier_session_test.py PAPAMU SOURCE_DIR
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

WAIT_SECONDS = 120


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def wait_for(what, predicate):
    """Polls an observable event (a file's line, a process's end) instead of sleeping a fixed time."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    fail(f"timed out waiting for {what}")


def git(repo, *words):
    return subprocess.run(["git", "-C", repo, *words], check=True, capture_output=True, text=True).stdout


def make_repository(source, scratch):
    """results/ without its committed checkpoints, certificates and puzzles (tens of MB that
    neither the wrap-up nor results/update reads), in a fresh repository with one commit."""
    repo = os.path.join(scratch, "repo")
    shutil.copytree(os.path.join(source, "results"), os.path.join(repo, "results"),
                    ignore=shutil.ignore_patterns("*.compact", "__pycache__", "certificates", "puzzles"))
    git(repo, "init", "-q")
    git(repo, "config", "user.name", "frontier session test")
    git(repo, "config", "user.email", "test@example.invalid")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "scratch")
    return repo


def progress_lines(path):
    if not os.path.exists(path):
        return []
    with open(path) as handle:
        return [line for line in handle.read().splitlines() if line.strip()]


def script(repo, *words, expect=0):
    finished = subprocess.run([sys.executable, os.path.join(repo, "results", "frontier_session"), *words],
                              capture_output=True, text=True)
    check(finished.returncode == expect,
          f"frontier_session {' '.join(words[:1])}: exit {finished.returncode}, expected {expect}: {finished.stderr}")
    return finished


def run_session(repo, papamu, workdir, session, how):
    start_lines = len(progress_lines(os.path.join(workdir, "konane-7x7-test.log")))
    script(repo, "start", "--name", "konane-7x7-test", "--papamu", papamu, "--workdir", workdir,
           "--wrap-at", "2099-01-01 00:00", "--session", session, "--how", how, "--rev", "abc1234",
           "--", "konane", "7x7", "--threads", "1", "--hash", "16", "--progress-interval", "1")
    wait_for("a progress line", lambda: len(progress_lines(os.path.join(workdir, "konane-7x7-test.log"))) >= start_lines + 2)
    with open(os.path.join(workdir, "session.json")) as handle:
        pid = json.load(handle)["pid"]
    waiter = [line for line in subprocess.run(["pgrep", "-f", f"frontier_session wrap --workdir {workdir}"],
                                              capture_output=True, text=True).stdout.split()]
    check(len(waiter) == 1, f"one scheduled wrap-up waits, found {waiter}")
    script(repo, "wrap", "--workdir", workdir, "--now")
    check(not os.path.exists(f"/proc/{pid}/cmdline") or open(f"/proc/{pid}/cmdline", "rb").read() == b"",
          "the solve stopped")
    # The scheduled wrap-up sees the hand-run one's claim and leaves (it polls every 20 s).
    wait_for("the scheduled wrap-up to leave", lambda: not os.path.exists(f"/proc/{waiter[0]}"))
    script(repo, "wrap", "--workdir", workdir, "--now", expect=1)


def record_of(repo):
    with open(os.path.join(repo, "results", "data", "frontier.json")) as handle:
        runs = [run for run in json.load(handle)["runs"] if run["board"] == "7x7" and "konane-7x7-test" in run["command"]]
    check(len(runs) == 1, f"one record of the test run, found {len(runs)}")
    return runs[0]


def solve_nodes(workdir):
    with open(os.path.join(workdir, "solve.json")) as handle:
        return json.load(handle)["statistics"]["nodes"]


def main():
    papamu, source = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as scratch:
        repo = make_repository(source, scratch)
        workdir = os.path.join(scratch, "work")
        # Bad input: a wrap-up time in the past.
        finished = script(repo, "start", "--name", "x", "--papamu", papamu, "--workdir", workdir, "--wrap-at",
                          "2001-01-01 00:00", "--session", "s", "--how", "h", "--", "konane", "7x7", expect=1)
        check("not in the future" in finished.stderr, f"the past wrap-up time is named: {finished.stderr}")
        # Something else staged in the checkout stays out of the wrap-up's commit.
        with open(os.path.join(repo, "results", "README.md"), "a") as handle:
            handle.write("\nstaged, not the wrap-up's\n")
        git(repo, "add", "results/README.md")

        run_session(repo, papamu, workdir, "session one", "from nothing")
        first_nodes = solve_nodes(workdir)
        committed = git(repo, "show", "--name-only", "--format=%s", "HEAD").split("\n")
        check(committed[0].startswith("results: Kōnane 7x7, session one (abc1234 from nothing, 1 thread"), committed[0])
        check("results/checkpoints/konane-7x7-test.compact" in committed, f"the compact copy is committed: {committed}")
        check("results/README.md" not in committed, "what was staged before stays out of the commit")
        check("results/README.md" in git(repo, "diff", "--cached", "--name-only"), "and stays staged")
        record = record_of(repo)
        compact = os.path.join(repo, record["compact_checkpoint"]["path"])
        with open(compact, "rb") as handle:
            check(hashlib.sha256(handle.read()).hexdigest() == record["compact_checkpoint"]["sha256"], "compact SHA-256")
        check(record["nodes"] == first_nodes and record["sessions"] == 1, "first session's totals")
        check(record["commit"] == "abc1234 (from nothing)", record["commit"])
        with open(os.path.join(repo, "results", "checkpoints", "README.md")) as handle:
            rows = [line for line in handle if line.startswith("| `konane-7x7-test.compact` |")]
        check(len(rows) == 1 and "session one" in rows[0], f"the README row: {rows}")

        run_session(repo, papamu, workdir, "session two", "resumed on the same machine")
        record = record_of(repo)
        check(record["nodes"] == first_nodes + solve_nodes(workdir), "the totals add up over both sessions")
        check(record["sessions"] == 2, f"two sessions, found {record['sessions']}")
        check(record["commit"] == "abc1234 (from nothing), then abc1234 (resumed on the same machine)", record["commit"])
        check("--resume-from results/checkpoints/konane-7x7-test.compact" in record["command"], record["command"])
        times = [point["time"] + point["run"] for point in record["trajectory"]]
        check(len(times) == len(set(times)), "each progress line once in the trajectory")
        check(len(times) == min(40, len(progress_lines(os.path.join(workdir, "konane-7x7-test.log")))),
              "every progress line of both sessions (up to 40)")
        status = script(repo, "status", "--workdir", workdir).stdout
        check("not running" in status and "finished" in status, f"status: {status}")
    print("frontier_session: two sessions recorded, committed and carried over")


if __name__ == "__main__":
    main()
