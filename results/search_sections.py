"""RESULTS.md sections about the search's shortcuts and its self-consistency (used by results/update)."""
import statistics

from markdown_table import table


def decomposition_section(record):
    """Kōnane region decomposition: agreement with negamax, and what it costs or saves per solve."""
    out = ["## Kōnane decomposition\n",
           "`papamu solve konane … --decomposition on` splits jump-phase positions into regions that can never "
           "interact (decomposition/README.md) and decides sums of small regions by their combinatorial game values "
           f"(cgt/). Command: `{record['command']}`, commit {record['commit']}, {record['date'][:10]}.\n",
           f"- Random positions of every Kōnane board up to 30 cells (standard and single-jump), compared with memoized "
           f"negamax: {record['positions_compared']:,} positions, {record['decided_by_decomposition_at_root']:,} decided "
           f"at the root by decomposition, **{record['disagreements']} disagreements**.",
           f"- Every board up to 30 cells in every variant solved with and without it: {len(record['boards'])} boards, "
           f"**{record['board_disagreements']} disagreements** (winner and winning first moves); nodes "
           f"{sum(b['nodes_off'] for b in record['boards']):,} without, {sum(b['nodes_on'] for b in record['boards']):,} with.\n",
           "Whole-board solves (one thread, CPU seconds = user + sys of the command; median of the repeats):\n"]
    groups = {}
    for solve in record["solves"]:
        groups.setdefault(solve["command"], []).append(solve)
    rows = []
    for command, runs in groups.items():
        decomposition = runs[0]["decomposition"]
        rows.append([f"`{command}`", runs[0]["winner"], f"{runs[0]['nodes']:,}",
                     f"{statistics.median(run['cpu_seconds'] for run in runs):.2f}",
                     f"{decomposition.get('answered', 0):,}" if decomposition.get("used") else "—"])
    out.append(table(["command", "winner", "nodes", "CPU s", "positions decided by decomposition"], rows))
    off = {command.split(" --decomposition")[0]: runs for command, runs in groups.items() if "--decomposition off" in command}
    changes = []
    for command, runs in groups.items():
        board = command.split(" --decomposition")[0]
        if "--decomposition on" in command and "--decomposition-stones" not in command and board in off:
            before = statistics.median(run["cpu_seconds"] for run in off[board])
            after = statistics.median(run["cpu_seconds"] for run in runs)
            changes.append(f"{board.split()[-1]}: nodes {(runs[0]['nodes'] - off[board][0]['nodes']) / off[board][0]['nodes']:+.0%}, "
                           f"CPU ×{after / before:.2f}")
    out.append("With the default region limit against without: " + "; ".join(changes) +
               ". It stays off by default while the CPU it costs (each group's exhaustive reach, region values) "
               "exceeds what the saved nodes are worth.\n")
    return "\n".join(out)


def agreement_section(record):
    """Every small board under many solver configurations: they must all agree."""
    runs = sum(len(board["runs"]) for board in record["records"])
    proven = sum(board["proven_runs"] for board in record["records"])
    def open_runs(board):
        return [run for run in board["runs"] if run["result"] not in ("proven", "error")]
    unproven = [f"{board['game']} {board['variant']} {board['board']} ({', '.join(run['options'] for run in open_runs(board))})"
                for board in record["records"] if open_runs(board)]
    refused = {}
    for board in record["records"]:
        for run in board["runs"]:
            if run["result"] == "error":
                refused.setdefault((run["options"], run.get("error", "").split("\n")[0]), []).append(f"{board['game']} {board['variant']} {board['board']}")
    out = ["## One answer under every configuration\n",
           f"Command: `{record['command'].strip()}`, commit {record['commit']}, {record['date'][:10]}. Each board is solved "
           f"with: {'; '.join('`' + options + '`' for options in record['configurations'])}.\n",
           f"- {record['boards']} boards, {runs:,} solves, {proven:,} proven, **{record['disagreements']} disagreements** "
           "(winner and winning first moves).",
           "- Not proven within the per-solve limit (loaded machine): " + ("; ".join(unproven) if unproven else "none") + "."]
    for (options, error), boards in refused.items():
        out.append(f"- Refused, not applicable: `{options}` on {len(boards)} boards ({boards[0]} … {boards[-1]}): \"{error}\".")
    out.append("")
    return "\n".join(out)


def search_change_section(records):
    """One search against another on the same positions, per change: nodes and CPU seconds, answers compared."""
    out = ["## Search before and after a change\n"]
    for record in records:
        out.append(f"**{record['change']}.** Old binary at {record['old_commit']}, new at {record['commit']}, "
                   f"{record['date'][:10]}; `papamu solve … {record['solve_options']}`, {record['rounds']} alternating rounds, "
                   f"CPU seconds = user + sys of the command, median. Command: `{record['command']}`. "
                   f"Answers (value, or winner and winning first moves) that differ: **{record['disagreements']}**.\n")
        rows = []
        for case in record["cases"]:
            old, new = case["old"], case["new"]
            rows.append([case["case"], f"{old['nodes']:,}", f"{new['nodes']:,}", f"{old['nodes'] / max(new['nodes'], 1):.2f}×",
                         f"{old['median_cpu_seconds']:.2f}", f"{new['median_cpu_seconds']:.2f}",
                         f"{old['median_cpu_seconds'] / max(new['median_cpu_seconds'], 1e-3):.2f}×",
                         "yes" if case["agree"] else "**no**"])
        out.append(table(["case", "nodes before", "nodes after", "fewer nodes", "CPU s before", "CPU s after", "faster",
                          "same answer"], rows))
        out.append("")
    return "\n".join(out) + "\n"


def negamax_ratio_section(record):
    """Whole-command wall time of df-pn against the plain memoized negamax (issue #13's figure)."""
    out = ["## Search against the baseline, whole command\n",
           f"`papamu solve START` (value and a winning move) against `papamu solve GAME RxC --method negamax` (value), "
           f"wall time of the whole command, rounds alternating, medians. Command: `{record['command']}`, commit "
           f"{record['commit']}, {record['date'][:10]}, load average {record['load_average'][0]:.2f} at the end.\n"]
    rows = [[f"{board['game']} {board['variant']} {board['board']}", f"{board['median_seconds']['start_position']:.2f} s",
             f"{board['median_seconds']['negamax']:.2f} s", f"{board['ratio']:.1f}×",
             f"{board['median_seconds']['every_opening']:.2f} s"] for board in record["boards"]]
    out.append(table(["board", "`solve START`", "`solve --method negamax`", "ratio", "`solve GAME RxC` (every opening)"], rows))
    return "\n".join(out) + "\n"


def compaction_section(record):
    """What a compact checkpoint keeps of a stopped solve (bench/measure_compaction)."""
    out = ["## Compact checkpoints\n",
           "A solve stopped by `--node-limit` with a full checkpoint, that checkpoint compacted by "
           "`papamu checkpoint compact … --max-size` to shares of its own compact size, and the nodes a solve resumed "
           "from each still needs to finish (one thread, "
           f"`--hash {record['hash_mb']}`: exact counts). Work kept is the share of the stopped run's nodes that the "
           "resume did not have to redo: (fresh − resume) / stopped, where fresh is the whole solve from nothing. "
           f"Command: `{record['command']}`, commit {record['commit']}, {record['date'][:10]}.\n"]
    rows = []
    for case in record["cases"]:
        for resume in case["resumes"]:
            kept = (case["fresh_nodes"] - resume["resume_nodes"]) / case["stopped_nodes"]
            rows.append([f"`{case['target']}` ({case['variant']})", f"{case['stopped_nodes']:,} of {case['fresh_nodes']:,}",
                         resume["kept"], f"{resume['bytes']:,}", f"{resume['entries']:,} of {case['full_entries']:,}",
                         f"{resume['bytes'] / max(resume['entries'], 1):.1f}", f"{resume['resume_nodes']:,}", f"{kept:.0%}"])
    out.append(table(["solve", "stopped after (nodes)", "resumed from", "bytes", "entries", "bytes per entry",
                      "nodes to finish", "work kept"], rows))
    return "\n".join(out) + "\n"


def projection_lines(projection):
    """A frontier board's projection (results/project_frontier): the fit and what it says."""
    points = ", ".join(f"{point['board']} {point['nodes']:,}" + ("" if point["source"] == "solved now" else f" (recorded, {point['commit']})")
                       for point in projection["points"])
    hours = (f"; at the run's {projection['target_nodes_per_second'] / 1e3:.0f} k nodes/s (its average over every session) about "
             f"{projection['projected_hours']:,.0f} h in all; its runs have searched {projection['target_searched_nodes'] / projection['projected_nodes']:.1%} "
             "of that many nodes (every session counted, though a resume from a compact checkpoint repeats some)"
             if projection.get("projected_hours") else "")
    searched = projection.get("target_searched_nodes") or 0
    latest_rate = projection.get("target_latest_nodes_per_second")
    if searched >= projection["projected_nodes_high"]:
        hours += ", more than the projection's whole range: it underestimates this board"
    elif latest_rate and searched >= projection["projected_nodes_low"]:
        # Inside the range the central figure's "rest" would promise an end the fit cannot see.
        hours += (", already inside the projection's range, so the fit no longer says how much is left: reaching the "
                  f"range's top would take about {(projection['projected_nodes_high'] - searched) / latest_rate / 3600:,.0f} h "
                  f"more at its latest run's {latest_rate / 1e3:.0f} k nodes/s ({projection['target_threads']} threads)")
    elif projection.get("remaining_hours_at_latest_rate") is not None:
        hours += (f", and the rest would take about {projection['remaining_hours_at_latest_rate']:,.0f} h at its latest run's "
                  f"{latest_rate / 1e3:.0f} k nodes/s ({projection['target_threads']} threads)")
    return [f"- Projection for {projection['game']} {projection['variant']} {projection['target']} (`{projection['command']}`, "
            f"{projection['date'][:10]}, {projection['commit']}): start positions solved with one thread ({points} nodes) fit "
            f"×{10 ** projection['log10_nodes_per_cell']:.2f} nodes per cell, so its {projection['target_cells']} cells need about "
            f"{projection['projected_nodes']:.2g} nodes ({projection['projected_nodes_low']:.2g} to "
            f"{projection['projected_nodes_high']:.2g}, one standard error of the extrapolation){hours}. An estimate, not a "
            "bound: a table far smaller than the search costs re-search the small boards never paid."]


def thread_scaling_section(batches):
    """One position at 1 and more threads, batch by batch (bench/measure_threads --out)."""
    out = ["## One position, 1 against 2 threads\n",
           "`bench/measure_threads`: interleaved runs of one position at each thread count, medians; every other "
           "process stopped during a batch. The cross-core latency (`bench/cross_core_latency`, one way, CPUs 0 and "
           "1, before and after the batch) is what a line written by one worker costs the other: on this VM it "
           "changes from hour to hour, and the speed-up with it. Speed-up is wall time at 1 thread over wall "
           "time at N (whole command); the search's own speed-up leaves out the process's start and the table's "
           "allocation (its seconds from the solve's JSON; batches since 2026-12-04). CPU and node ratios are "
           "against 1 thread. Capacity (batches run with `--independent`) is what "
           "N cores give N independent one-thread solves started together (N × the one-thread time over theirs): the "
           "VM's vCPUs can share a host core, and then no search reaches N×; the speed-up is also given as a share "
           "of it.\n"]
    rows = []
    for batch in batches:
        base = batch["threads"][0]
        latency = batch.get("cross_core_latency_ns")
        for entry in batch["threads"][1:]:
            rows.append([batch["date"][:16].replace("T", " "), batch["commit"], f"`{batch['position']}`", str(batch["hash_mb"]),
                         str(batch["runs"]), "—" if not latency else f"{latency[0]:.0f} / {latency[1]:.0f} ns",
                         f"{base['median_wall_seconds']:.3f} s", f"{entry['threads']}: {entry['median_wall_seconds']:.3f} s",
                         f"{entry['speedup']:.2f}×",
                         f"{entry['search_speedup']:.2f}× ({entry['median_search_seconds']:.3f} s)" if "search_speedup" in entry else "—",
                         f"{entry['cpu_ratio']:.2f}", f"{entry['node_ratio']:.2f}",
                         f"{entry['capacity']:.2f}× ({entry['speedup'] / entry['capacity']:.0%})" if "capacity" in entry else "—"])
    out.append(table(["date (UTC)", "commit", "position", "--hash", "runs", "latency before / after", "1 thread",
                      "N threads", "speed-up", "search's own speed-up (N threads)", "CPU ratio", "node ratio",
                      "capacity (speed-up's share)"], rows))
    out.append(f"Command (last batch): `{batches[-1]['command']}`.\n")
    return "\n".join(out) + "\n"
