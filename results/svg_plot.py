"""Minimal SVG charts (line and bar) so results/update needs nothing beyond Python 3."""
import math
from xml.sax.saxutils import escape

PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"]


def _frame(width, height, title, x_label, y_label):
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="15">{escape(title)}</text>',
             f'<text x="{width / 2}" y="{height - 8}" text-anchor="middle">{escape(x_label)}</text>',
             f'<text x="16" y="{height / 2}" text-anchor="middle" transform="rotate(-90 16 {height / 2})">'
             f'{escape(y_label)}</text>']
    return parts


def line_chart(series, title, x_label, y_label, log_y=False, width=640, height=400):
    """series: {name: [(x, y), ...]}; returns SVG text."""
    left, right, top, bottom = 70, 150, 35, 50
    points = [p for values in series.values() for p in values if p[1] is not None and (not log_y or p[1] > 0)]
    if not points:
        raise ValueError(f"no data for chart '{title}'")
    xs = [p[0] for p in points]
    ys = [math.log10(p[1]) if log_y else p[1] for p in points]
    x_min, x_max = min(xs), max(xs)
    y_min, y_max = min(ys), max(ys)
    if log_y:
        y_min, y_max = math.floor(y_min), math.ceil(y_max)
    else:
        y_min = min(0, y_min)
    x_max = x_max if x_max > x_min else x_min + 1
    y_max = y_max if y_max > y_min else y_min + 1
    plot_w, plot_h = width - left - right, height - top - bottom

    def sx(x):
        return left + (x - x_min) / (x_max - x_min) * plot_w

    def sy(y):
        return top + plot_h - (y - y_min) / (y_max - y_min) * plot_h

    parts = _frame(width, height, title, x_label, y_label)
    parts.append(f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#888"/>')
    ticks = range(int(y_min), int(y_max) + 1) if log_y else [y_min + (y_max - y_min) * k / 5 for k in range(6)]
    for tick in ticks:
        label = f"1e{tick}" if log_y else f"{tick:.3g}"
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{sy(tick):.1f}" y2="{sy(tick):.1f}" stroke="#eee"/>')
        parts.append(f'<text x="{left - 6}" y="{sy(tick) + 4:.1f}" text-anchor="end">{label}</text>')
    for k in range(6):
        x = x_min + (x_max - x_min) * k / 5
        parts.append(f'<text x="{sx(x):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{x:.3g}</text>')
    for index, (name, values) in enumerate(series.items()):
        colour = PALETTE[index % len(PALETTE)]
        kept = sorted((x, math.log10(y) if log_y else y) for x, y in values if y is not None and (not log_y or y > 0))
        if not kept:
            continue
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in kept)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for x, y in kept:
            parts.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="{colour}"/>')
        legend_y = top + 10 + 18 * index
        parts.append(f'<rect x="{width - right + 12}" y="{legend_y - 9}" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{width - right + 30}" y="{legend_y + 1}">{escape(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def bar_chart(bars, title, x_label, y_label, width=640, height=360):
    """bars: [(label, value)]; returns SVG text."""
    left, right, top, bottom = 70, 20, 35, 60
    if not bars:
        raise ValueError(f"no data for chart '{title}'")
    peak = max(value for _, value in bars) or 1
    plot_w, plot_h = width - left - right, height - top - bottom
    step = plot_w / len(bars)
    parts = _frame(width, height, title, x_label, y_label)
    for k in range(6):
        value = peak * k / 5
        y = top + plot_h - plot_h * k / 5
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eee"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{value:.3g}</text>')
    for index, (label, value) in enumerate(bars):
        bar_h = plot_h * value / peak
        x = left + index * step
        parts.append(f'<rect x="{x + step * 0.1:.1f}" y="{top + plot_h - bar_h:.1f}" width="{step * 0.8:.1f}" '
                     f'height="{bar_h:.1f}" fill="{PALETTE[0]}"/>')
        parts.append(f'<text x="{x + step / 2:.1f}" y="{top + plot_h + 16}" text-anchor="middle" '
                     f'font-size="10">{escape(str(label))}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
