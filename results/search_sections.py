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
    unproven = [f"{board['game']} {board['variant']} {board['board']} ({', '.join(run['options'] for run in board['runs'] if run['result'] != 'proven')})"
                for board in record["records"] if board["proven_runs"] < len(board["runs"])]
    out = ["## One answer under every configuration\n",
           f"Command: `{record['command'].strip()}`, commit {record['commit']}, {record['date'][:10]}. Each board is solved "
           f"with: {'; '.join('`' + options + '`' for options in record['configurations'])}.\n",
           f"- {record['boards']} boards, {runs:,} solves, {proven:,} proven, **{record['disagreements']} disagreements** "
           "(winner and winning first moves).",
           "- Not proven within the per-solve limit (loaded machine): " + ("; ".join(unproven) if unproven else "none") + ".\n"]
    return "\n".join(out)
