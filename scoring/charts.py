"""Server-rendered SVG charts (no JavaScript build step)."""
from __future__ import annotations

from django.utils.html import escape


#: Label size in the SVG's own units. The chart is drawn 380 units wide and shown at most 30rem wide
#: (app.css), so on a 390 px phone (about 364 px of chart) a label is about 12 px, never under 11.
FONT_SIZE = 12.5


def cumulative_svg(points: list[tuple[str, int]], width: int = 380, height: int = 190, title: str = "") -> str:
    """A line of cumulative points per evening, with a zero line and labelled ends (dates as the
    caller formats them: the language's SHORT_DATE_FORMAT)."""
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
        f'<text x="{pad_left - 4}" y="{y(high) + 4:.1f}" text-anchor="end" font-size="{FONT_SIZE}">{high}</text>',
        f'<text x="{pad_left - 4}" y="{y(low) + 4:.1f}" text-anchor="end" font-size="{FONT_SIZE}">{low}</text>',
    ]
    if coords:
        parts.append(f'<polyline fill="none" stroke="#24453a" stroke-width="2" points="{line}"/>')
        for (x, yy), (label, value) in zip(coords, points):
            parts.append(f'<circle cx="{x:.1f}" cy="{yy:.1f}" r="3" fill="#24453a"><title>{escape(label)}: {value}</title></circle>')
        parts.append(f'<text x="{pad_left}" y="{height - 3}" font-size="{FONT_SIZE}">{escape(points[0][0])}</text>')
        parts.append(f'<text x="{width - pad_right}" y="{height - 3}" font-size="{FONT_SIZE}" text-anchor="end">'
                     f'{escape(points[-1][0])}</text>')
    parts.append("</svg>")
    return "".join(parts)
