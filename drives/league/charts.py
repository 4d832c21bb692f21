"""Server-drawn SVG line charts: the geometry here, the markup in ``drives/_line_chart.svg``.

No JavaScript and no third-party assets: a chart is a handful of polylines and
labels that any browser, screen reader (through ``<title>`` and ``<desc>``) or
printer can show. Missing values (a drive the player did not play) break the
line rather than pretend to a zero.

>>> chart = line_chart([Series("Ann", [10, None, 30], "own")], ["1", "2", "3"],
...                    title="t", desc="d", x_label="Drive", y_label="Points")
>>> [len(line.segments) for line in chart.lines], chart.y_ticks[-1].label
([2], '30')
>>> chart.rows[:2]
(('1', ('10',)), ('2', ('–',)))
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format

Number = Decimal | int | float


@dataclass(frozen=True)
class Series:
    """One line: a name for the legend, a value per x position (None: no value), a CSS class."""

    name: str
    values: Sequence[Number | None]
    css_class: str


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    label: str


@dataclass(frozen=True)
class Line:
    """A series placed on the chart: polylines between gaps, and a dot per value."""

    name: str
    css_class: str
    segments: tuple[str, ...]  # "x,y x,y …" for <polyline points>
    points: tuple[Point, ...]
    legend_y: float


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    left: float
    top: float
    right: float
    bottom: float
    title: str
    desc: str
    x_label: str
    y_label: str
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    lines: tuple[Line, ...]
    #: The figures drive by drive (an x label, then each series' value or "–"): the chart's
    #: text equivalent, a table a screen reader can walk.
    rows: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def x_label_x(self) -> float:
        return (self.left + self.right) / 2

    @property
    def y_label_y(self) -> float:
        return (self.top + self.bottom) / 2


def nice_step(span: float, steps: int = 4) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``steps`` intervals.

    >>> nice_step(37), nice_step(0.3), nice_step(0)
    (10, 0.1, 1)
    """
    if span <= 0:
        return 1
    raw = span / steps
    power = 10 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 5, 10):
        if raw <= multiple * power:
            step = multiple * power
            return int(step) if step >= 1 else round(step, 10)
    return 10 * power  # pragma: no cover - the loop always returns


def line_chart(
    series: Sequence[Series],
    x_labels: Sequence[str],
    *,
    title: str,
    desc: str,
    x_label: str,
    y_label: str,
    width: int = 480,
    height: int = 300,
) -> LineChart:
    """Place the series on a chart with a y axis from 0 (or the lowest value) to a round top."""
    left, top, right, bottom = 48.0, 60.0, width - 28.0, height - 50.0
    values = [float(v) for s in series for v in s.values if v is not None]
    low = min([0.0, *values])
    high = max([1.0, *values])
    step = nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    count = max(len(x_labels), 1)

    # The first and last drives sit in from the axes so that their labels fit.
    first, last = left + 20, right - 4

    def x_at(index: int) -> float:
        if count == 1:
            return (first + last) / 2
        return first + (last - first) * index / (count - 1)

    def y_at(value: float) -> float:
        return bottom - (bottom - top) * (value - low) / (high - low)

    y_ticks = []
    tick = low
    while tick <= high + step / 2:
        y_ticks.append(Tick(round(y_at(tick), 1), short_number(tick)))
        tick += step
    # Label every drive when there is room, else every k-th counting back from the latest.
    every = math.ceil(count / 7)
    x_ticks = [
        Tick(round(x_at(i), 1), label)
        for i, label in enumerate(x_labels)
        if (count - 1 - i) % every == 0
    ]
    lines = []
    for number, one in enumerate(series):
        segments: list[list[str]] = [[]]
        points = []
        for index, value in enumerate(one.values):
            if value is None:
                if segments[-1]:
                    segments.append([])
                continue
            x, y = round(x_at(index), 1), round(y_at(float(value)), 1)
            segments[-1].append(f"{x},{y}")
            points.append(Point(x, y, short_number(value)))
        lines.append(
            Line(
                name=one.name,
                css_class=one.css_class,
                segments=tuple(" ".join(s) for s in segments if s),
                points=tuple(points),
                legend_y=18.0 + 20 * number,  # one line each: names can be long
            )
        )
    rows = tuple(
        (label, tuple("–" if value is None else short_number(value) for value in values))
        for label, values in zip(
            x_labels, zip(*(one.values for one in series), strict=True), strict=True
        )
    )
    return LineChart(
        width, height, left, top, right, bottom, title, desc, x_label, y_label,
        tuple(x_ticks), tuple(y_ticks), tuple(lines), rows,
    )  # fmt: skip


def short_number(value: Number) -> str:
    """1.50 → "1.5", 30.00 → "30": labels as short as the value allows, in the reader's
    style (decimal comma, thousands separator) like every figure (drives.numbers)."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    if text == "-0":
        return "0"
    places = len(text.partition(".")[2])
    return number_format(Decimal(text), decimal_pos=places, force_grouping=True)
