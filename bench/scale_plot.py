"""Turns bench/scale.sh's measurements into the scale table (markdown) and plot (PNG).

usage: scale_plot.py SCALE.tsv TABLE.md PLOT.png QUERY FILTER CORES

Four panels against the number of tracks, both axes logarithmic where time grows with size:
the first index beside `xmllint --stream`, peak memory of index and filter search, a text
search beside `fzf --filter` and the filter search, and the picker's p99 keystroke latency
with its targets (16 ms at 100k, 30 ms at 500k).
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

tsv, table, plot, query, filter_query, cores = sys.argv[1:7]
rows = list(csv.DictReader(open(tsv), delimiter="\t"))
for row in rows:
    for key, value in row.items():
        row[key] = float(value) if value not in ("", "nan") else float("nan")
tracks = [int(r["tracks"]) for r in rows]


def label(n):
    """10k, 500k, 1M."""
    return f"{n // 1_000_000}M" if n >= 1_000_000 and n % 1_000_000 == 0 else f"{n // 1000}k"


def seconds(s):
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"


lines = [
    f"Measured by `bench/scale.sh` (`make bench`), {cores} cores; generated iTunes exports "
    "(`--playlists 200 --seed 7`). Means of hyperfine runs; peers side by side in the same run.",
    "",
    "| tracks | first index | `xmllint --stream` | ratio | index peak RSS | xmllint RSS "
    "| re-read | `xmllint` | ratio "
    f"| search `{query}` | `fzf --filter` | ratio | `{filter_query}` | its RSS | `search --json` RSS "
    "| picker p50 / p99 keystroke → results | open → full frame |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
]
for r in rows:
    lines.append(
        f"| {label(int(r['tracks']))} | {seconds(r['index_s'])} | {seconds(r['xmllint_s'])} "
        f"| {r['index_s'] / r['xmllint_s']:.2f}× | {r['index_mb']:.0f} MB | {r['xmllint_mb']:.0f} MB "
        f"| {seconds(r['reread_s'])} | {seconds(r['reread_xmllint_s'])} | {r['reread_s'] / r['reread_xmllint_s']:.2f}× "
        f"| {seconds(r['search_s'])} | {seconds(r['fzf_s'])} | {r['search_s'] / r['fzf_s']:.2f}× "
        f"| {seconds(r['filter_s'])} | {r['filter_mb']:.0f} MB | {r['json_mb']:.0f} MB "
        f"| {r['pick_p50_ms']:.1f} / {r['pick_p99_ms']:.1f} ms | {r['pick_open_ms']:.0f} ms |"
    )
open(table, "w").write("\n".join(lines) + "\n")

fig, axes = plt.subplots(2, 2, figsize=(11, 8), dpi=100)
(index_ax, memory_ax), (search_ax, pick_ax) = axes


def panel(ax, title, ylabel, series, log_y=True):
    for values, name, style in series:
        ax.plot(tracks, values, style, label=name, linewidth=1.8, markersize=5)
    ax.set_xscale("log")
    if log_y:
        ax.set_yscale("log")
    ax.set_xticks(tracks, [label(n) for n in tracks])
    ax.minorticks_off()
    ax.set_title(title, fontsize=11)
    ax.set_ylabel(ylabel)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=9)


panel(index_ax, "First index", "seconds", [
    ([r["index_s"] for r in rows], "mixtape index", "o-"),
    ([r["xmllint_s"] for r in rows], "xmllint --stream --noout", "s--"),
])
panel(memory_ax, "Peak memory (RSS)", "MB", [
    ([r["index_mb"] for r in rows], "mixtape index", "o-"),
    ([r["filter_mb"] for r in rows], f"search '{filter_query}'", "^-"),
    ([r["json_mb"] for r in rows], "search --json", "v-"),
    ([r["xmllint_mb"] for r in rows], "xmllint --stream", "s--"),
], log_y=False)
panel(search_ax, "Search, whole process", "seconds", [
    ([r["search_s"] for r in rows], f"mixtape search '{query}'", "o-"),
    ([r["fzf_s"] for r in rows], f"fzf --filter '{query}'", "s--"),
    ([r["filter_s"] for r in rows], f"mixtape search '{filter_query}'", "^-"),
])
panel(pick_ax, "Picker: keystroke → frame with results", "ms", [
    ([r["pick_p99_ms"] for r in rows], "p99", "o-"),
    ([r["pick_p50_ms"] for r in rows], "p50", "^-"),
], log_y=False)
pick_ax.plot([100_000, 500_000], [16, 30], "rx", markersize=9, label="target p99")
pick_ax.legend(fontsize=9)
memory_ax.set_ylim(bottom=0)
pick_ax.set_ylim(bottom=0)
fig.suptitle(f"Mixtape at scale ({cores} cores)", fontsize=13)
fig.tight_layout()
fig.savefig(plot)
