"""How figures are written, by the same rules as the bench's FigureText.

Timings are nanoseconds, written with three significant digits in the largest unit that keeps the
number at or above 1 (`999 ns`, `1.00 µs`, `12.3 µs`, `4.56 ms`); the unit is chosen after rounding,
so 999.7 ns is `1.00 µs`. A median's interval is written in the median's unit and precision.
"""

import math

SIGNIFICANT_DIGITS = 3
TIME_UNITS: tuple[tuple[str, float], ...] = (("ns", 1.0), ("µs", 1e3), ("ms", 1e6), ("s", 1e9))


def significant(value: float) -> tuple[str, int]:
    """`value` with three significant digits, and the decimals used."""
    if value == 0 or not math.isfinite(value):
        return ("0" if value == 0 else str(value)), 0
    magnitude = math.floor(math.log10(abs(value)))
    decimals = max(0, SIGNIFICANT_DIGITS - 1 - magnitude)
    rounded = round(abs(value) * 10**decimals) / 10**decimals
    if decimals > 0 and rounded >= 10 ** (magnitude + 1):
        decimals -= 1
    return f"{value:.{decimals}f}", decimals


def scaled(nanoseconds: float) -> tuple[str, str, int]:
    """The number, unit symbol and decimals of a duration, after choosing its unit."""
    if not math.isfinite(nanoseconds):
        return str(nanoseconds), "ns", 0
    index = 0
    while index + 1 < len(TIME_UNITS) and abs(nanoseconds) >= TIME_UNITS[index + 1][1]:
        index += 1
    text, decimals = significant(nanoseconds / TIME_UNITS[index][1])
    if index + 1 < len(TIME_UNITS) and abs(float(text)) >= 1000:
        index += 1
        text, decimals = significant(nanoseconds / TIME_UNITS[index][1])
    return text, TIME_UNITS[index][0], decimals


def duration(nanoseconds: float) -> str:
    """A duration, e.g. `12.3 µs`."""
    text, unit, _ = scaled(nanoseconds)
    return f"{text} {unit}"


def duration_with_interval(median: float, lower: float, upper: float) -> str:
    """A median with its confidence interval in the median's unit: `12.3 µs [12.1, 12.6]`."""
    text, unit, decimals = scaled(median)
    scale = dict(TIME_UNITS)[unit]
    return f"{text} {unit} [{lower / scale:.{decimals}f}, {upper / scale:.{decimals}f}]"


def ratio(value: float) -> str:
    """A ratio, e.g. `24.6×`."""
    return significant(value)[0] + "×"


def axis_duration(nanoseconds: float) -> str:
    """A compact duration for an axis tick: `0`, `500 ns`, `1 µs`, `2.5 ms`."""
    if nanoseconds == 0:
        return "0"
    text, unit, _ = scaled(nanoseconds)
    return f"{trimmed(text)} {unit}"


def axis_number(value: float) -> str:
    """A compact number for an axis tick: `0`, `1`, `2.5`, `20000`."""
    return trimmed(significant(value)[0])


def trimmed(text: str) -> str:
    return text.rstrip("0").rstrip(".") if "." in text else text
