"""An arm of the proof: a load on the machine and an injection into root's commit."""
import re
from dataclasses import dataclass

LOADS = ("quiet", "steady", "pulsed")
# The cost limits' margin: a shape whose commit is within it of stored's may ship, beyond it not.
MARGIN = 1.05
DEFAULT = "quiet:none,quiet:1.05,steady:none,steady:1.05,pulsed:none,pulsed:1.05"


@dataclass(frozen=True)
class Arm:
    """One arm: `load` is quiet, steady or pulsed; `target` is root's landing ratio to stored's the
    injection aims at (None: no injection)."""
    load: str
    target: float | None

    @property
    def injection(self) -> str:
        return "none" if self.target is None else f"{self.target:.2f}"

    @property
    def name(self) -> str:
        return f"{self.load}:{self.injection}"

    @property
    def stem(self) -> str:
        """How the arm's results files begin: `steady-1.05` then `-ROUND.json`."""
        return f"{self.load}-{self.injection}"


def parse_arms(text: str) -> list[Arm]:
    """The arms of a comma-separated list of `LOAD:INJECTION` (a bare `none` is `quiet:none`).

    - Throws: ValueError, saying what is wrong, for an entry that is not an arm (the old raw fractions
      such as `0.05` included: the injection is now the ratio aimed at, such as `1.05`).
    """
    arms = []
    for entry in text.split(","):
        entry = entry.strip()
        if entry == "none":
            entry = "quiet:none"
        load, _, injection = entry.partition(":")
        if load not in LOADS:
            if re.fullmatch(r"0\.\d+", entry):
                raise ValueError(f"'{entry}' is a raw fraction of the old arms; give LOAD:TARGET, e.g. quiet:{1 + float(entry):.2f}")
            raise ValueError(f"unknown arm '{entry}': LOAD:INJECTION, LOAD one of {', '.join(LOADS)}")
        if injection == "none":
            target = None
        elif re.fullmatch(r"1\.\d+", injection) and 1 < float(injection) < 2:
            target = float(injection)
        else:
            raise ValueError(f"unknown injection '{injection}' in '{entry}': none or a target ratio such as 1.02, 1.05, 1.10")
        arm = Arm(load, target)
        if arm in arms:
            raise ValueError(f"arm '{arm.name}' is given twice")
        arms.append(arm)
    return arms
