"""Server-rendered SVG charts (no JavaScript build step)."""
from __future__ import annotations

from django.utils.html import escape


#: Label size in the SVG's own units. The chart is drawn 380 units wide and shown at most 30rem wide
#: (app.css), so on a 390 px phone (about 364 px of chart) a label is about 12 px, never under 11.
FONT_SIZE = 12.5


def cumulative_svg(points: list[tuple[str, float]], width: int = 380, height: int = 190, title: str = "",
                   fmt=None) -> str:
    """A line of cumulative points (or any figure: a rating) per evening, with a zero line and
    labelled ends (dates as the caller formats them: the language's SHORT_DATE_FORMAT); ``fmt``
    writes a value (default: as it is)."""
    fmt = fmt or str
    pad_left, pad_right, pad_y = 46, 10, 20
    values = [v for _, v in points] or [0]
    low, high = min(0, *values), max(0, *values)
    span = (high - low) or 1
    inner_w, inner_h = width - pad_left - pad_right, height - 2 * pad_y
    step = inner_w / max(len(points) - 1, 1)

    def y(value: int) -> float:
        return pad_y + (high - value) / span * inner_h

    coords = [(pad_left + i * step, y(v)) for i, (_, v) in enumerate(points)]
    line = " ".join(f"{x:.1f},{yy:.1f}" for x, yy in coords)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" class="chart" '
        f'aria-label="{escape(title)}"><title>{escape(title)}</title>',
        f'<line x1="{pad_left}" x2="{width - pad_right}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#999" stroke-dasharray="4 3"/>',
        f'<text x="{pad_left - 4}" y="{y(high) + 4:.1f}" text-anchor="end" font-size="{FONT_SIZE}">{escape(fmt(high))}</text>',
        f'<text x="{pad_left - 4}" y="{y(low) + 4:.1f}" text-anchor="end" font-size="{FONT_SIZE}">{escape(fmt(low))}</text>',
    ]
    if coords:
        parts.append(f'<polyline fill="none" stroke="#24453a" stroke-width="2" points="{line}"/>')
        for (x, yy), (label, value) in zip(coords, points):
            parts.append(f'<circle cx="{x:.1f}" cy="{yy:.1f}" r="3" fill="#24453a">'
                         f'<title>{escape(label)}: {escape(fmt(value))}</title></circle>')
        parts.append(f'<text x="{pad_left}" y="{height - 3}" font-size="{FONT_SIZE}">{escape(points[0][0])}</text>')
        parts.append(f'<text x="{width - pad_right}" y="{height - 3}" font-size="{FONT_SIZE}" text-anchor="end">'
                     f'{escape(points[-1][0])}</text>')
    parts.append("</svg>")
    return "".join(parts)


#: The charts' colours: the app's green for what was won or gained, a muted red for what was lost,
#: and a second green for a second series (printable in greyscale: they differ in lightness too).
GAIN, LOSS, SECOND = "#24453a", "#a33b2b", "#8fb8a2"


def bars_svg(items: list[tuple[str, float, str]], title: str = "", width: int = 380) -> str:
    """Horizontal bars, one per item (label, value, the value as the caller writes it: kroner in the
    page's language), drawn from a zero line so that losses go left; one row per item, so a phone
    reads every name and a long list grows downwards, never sideways."""
    row, pad_y, label_w, value_w = 22, 6, 110, 78
    height = pad_y * 2 + row * max(len(items), 1)
    values = [float(v) for _l, v, _t in items] or [0.0]
    low, high = min(0.0, *values), max(0.0, *values)
    span = (high - low) or 1.0
    inner = width - label_w - value_w

    def x(value: float) -> float:
        return label_w + (value - low) / span * inner

    zero = x(0.0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" class="chart" '
             f'aria-label="{escape(title)}"><title>{escape(title)}</title>']
    for i, (label, value, text) in enumerate(items):
        top = pad_y + i * row
        end = x(float(value))
        left, w = min(zero, end), abs(end - zero)
        colour = GAIN if value >= 0 else LOSS
        short = label if len(label) <= 16 else label[:15] + "…"
        parts.append(f'<text x="{label_w - 4}" y="{top + row * 0.68:.1f}" text-anchor="end" font-size="{FONT_SIZE}">'
                     f'{escape(short)}</text>')
        parts.append(f'<rect x="{left:.1f}" y="{top + 3}" width="{max(w, 0.5):.1f}" height="{row - 6}" fill="{colour}">'
                     f'<title>{escape(label)}: {escape(text)}</title></rect>')
        parts.append(f'<text x="{width - 2}" y="{top + row * 0.68:.1f}" text-anchor="end" font-size="{FONT_SIZE}">'
                     f'{escape(text)}</text>')
    parts.append(f'<line x1="{zero:.1f}" x2="{zero:.1f}" y1="{pad_y}" y2="{height - pad_y}" stroke="#999"/>')
    parts.append("</svg>")
    return "".join(parts)


def columns_svg(labels: list[str], series: list[tuple[str, list[float]]], title: str = "", width: int = 380,
                height: int = 200, fmt=None) -> str:
    """Stacked columns, one per label (an evening, dated as the caller writes it), of up to two
    series of values at or above zero, with a legend, the largest stack's value and the first and
    last labels (as ``cumulative_svg``): fifty evenings still fit a phone's width. ``fmt`` writes a
    value (kroner in the page's language); default: a plain number."""
    fmt = fmt or _number
    pad_left, pad_right, pad_top, pad_bottom = 46, 10, 26, 20
    colours = (GAIN, SECOND)
    stacks = [sum(float(values[i]) for _n, values in series) for i in range(len(labels))]
    high = max(stacks, default=0.0) or 1.0
    inner_w, inner_h = width - pad_left - pad_right, height - pad_top - pad_bottom
    step = inner_w / max(len(labels), 1)
    bar = max(step * 0.7, 1.0)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" class="chart" '
             f'aria-label="{escape(title)}"><title>{escape(title)}</title>']
    legend_x = pad_left
    for (name, _values), colour in zip(series, colours):
        parts.append(f'<rect x="{legend_x}" y="6" width="10" height="10" fill="{colour}"/>'
                     f'<text x="{legend_x + 14}" y="15" font-size="{FONT_SIZE}">{escape(name)}</text>')
        legend_x += 24 + int(len(name) * FONT_SIZE * 0.6)
    base = pad_top + inner_h
    parts.append(f'<line x1="{pad_left}" x2="{width - pad_right}" y1="{base}" y2="{base}" stroke="#999"/>')
    parts.append(f'<text x="{pad_left - 4}" y="{pad_top + 4}" text-anchor="end" font-size="{FONT_SIZE}">'
                 f'{escape(fmt(high if any(stacks) else 0))}</text>')
    parts.append(f'<text x="{pad_left - 4}" y="{base + 4}" text-anchor="end" font-size="{FONT_SIZE}">0</text>')
    for i, label in enumerate(labels):
        left, top = pad_left + i * step + (step - bar) / 2, base
        for (name, values), colour in zip(series, colours):
            h = float(values[i]) / high * inner_h
            if h <= 0:
                continue
            top -= h
            parts.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{bar:.1f}" height="{h:.1f}" fill="{colour}">'
                         f'<title>{escape(label)} · {escape(name)}: {escape(fmt(values[i]))}</title></rect>')
    if labels:
        parts.append(f'<text x="{pad_left}" y="{height - 4}" font-size="{FONT_SIZE}">{escape(labels[0])}</text>')
        if len(labels) > 1:
            parts.append(f'<text x="{width - pad_right}" y="{height - 4}" font-size="{FONT_SIZE}" text-anchor="end">'
                         f'{escape(labels[-1])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _number(value: float) -> str:
    """A value on an axis: whole numbers as such, others to two places."""
    return str(int(value)) if float(value).is_integer() else f"{float(value):.2f}"
