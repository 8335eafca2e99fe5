"""The RESULTS.md section of tables checked after their build (tablebase/build_and_check)."""
from markdown_table import table


def table_checks_section(checks, human_count, human_bytes, human_seconds):
    out = ["## Tables checked after their build\n",
           "Long builds made by `tablebase/build_and_check`: the build's figures added up over its runs (a run stopped "
           "by Ctrl-C or SIGTERM and resumed counts with its own time), then `papamu tb-verify` (every layer file read "
           "in full: header, checksum, every block, the win/loss counts; then samples re-checked by exact search on "
           "the small layers, by the retrograde equation against their moves' entries on every layer, and by df-pn "
           "on every layer) and the start and every opening line probed in the table against the values "
           "`papamu solve` proves.\n"]
    rows = []
    for check in checks:
        build, cross = check["build"], check["cross_check"]
        verified = check["tb_verify"]["tables"][0]
        failures = verified["failures"] + [f"{item['what']}: table {item['table']}, search {item['search']}"
                                           for item in cross["disagreements"]]
        rows.append([build["game"], build["variant"], build["board"], human_count(build["positions"]),
                     human_bytes(build["bytes_on_disk"]), f"{build['bits_per_position']:.2f}",
                     f"{human_seconds(build['seconds'])} ({build.get('runs', 1)} runs), {build['cpu_seconds'] / 3600:.2f} CPU h",
                     f"{build['peak_rss_kib'] / 1024 / 1024:.1f} GiB",
                     f"{verified['layers_checked']} layers, {human_count(verified['entries_checked'])} entries",
                     f"{verified['samples_checked']} / {verified['consistency_samples_checked']} / "
                     f"{verified['dfpn_samples_checked']} ({human_count(verified['dfpn_nodes'])} df-pn nodes)",
                     f"{cross['positions_compared']} positions: {'agree' if cross['agree'] else 'DISAGREE'}",
                     f"{cross['start_value']} in {cross['start_remoteness']}",
                     "none" if not failures else "; ".join(failures)[:300], build["commit"]])
    out.append(table(["game", "variant", "board", "positions", "on disk", "bits/position", "build", "peak memory",
                      "files checked", "samples: exact / consistency / df-pn", "against solve", "start (table)",
                      "failures", "built by"], rows))
    commands = sorted({check["tb_verify_command"] for check in checks})
    out.append("\nCommands: `tablebase/build_and_check build/cli/papamu TABLE_ROOT GAME RxC --threads 2 [--memory SIZE]` "
               "(again after a stop: it resumes), which runs " + ", ".join(f"`{command}`" for command in commands) +
               " and `tablebase/cross_check_solve`.\n")
    return "\n".join(out)
