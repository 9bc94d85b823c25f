"""Server-rendered SVG charts (no JavaScript build step)."""
from __future__ import annotations

from django.utils.html import escape


def cumulative_svg(points: list[tuple[str, int]], width: int = 640, height: int = 220, title: str = "") -> str:
    """A line of cumulative points per evening, with a zero line and labelled ends."""
    pad_left, pad_right, pad_y = 44, 10, 18
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
        f'<text x="{pad_left - 4}" y="{y(high) + 4:.1f}" text-anchor="end" font-size="11">{high}</text>',
        f'<text x="{pad_left - 4}" y="{y(low) + 4:.1f}" text-anchor="end" font-size="11">{low}</text>',
    ]
    if coords:
        parts.append(f'<polyline fill="none" stroke="#24453a" stroke-width="2" points="{line}"/>')
        for (x, yy), (label, value) in zip(coords, points):
            parts.append(f'<circle cx="{x:.1f}" cy="{yy:.1f}" r="3" fill="#24453a"><title>{escape(label)}: {value}</title></circle>')
        parts.append(f'<text x="{pad_left}" y="{height - 3}" font-size="11">{escape(points[0][0])}</text>')
        parts.append(f'<text x="{width - pad_right}" y="{height - 3}" font-size="11" text-anchor="end">{escape(points[-1][0])}</text>')
    parts.append("</svg>")
    return "".join(parts)
