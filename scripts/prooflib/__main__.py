"""The commands scripts/decision-proof runs (PYTHONPATH=scripts python3 -m prooflib COMMAND ...):

  arms LIST                    each arm of LIST as `LOAD INJECTION STEM`, one a line; exit 2 when LIST is bad
  calibrate OUTDIR LIST FILE...  writes OUTDIR/calibration.json from no-injection quiet runs' FILEs, with
                               the injection of each target of LIST, and prints it
  injection OUTDIR TARGET      prints the BENCH_AB_ROOT_COMMIT_WORK for TARGET from OUTDIR/calibration.json
                               (adding it there), or `none` when the build is already at or beyond it
  show OUTDIR LIST             prints OUTDIR/calibration.json, adding the injection of each target of LIST
  report OUTDIR RUNS LIST      prints the proof's table and verdict; exit 0 (PASS) or 1 (FAIL)
"""
import json
import os
import sys

from .arms import parse_arms
from .calibration import calibrate, describe, with_injections
from .report import load_runs, report


def calibration_path(out: str) -> str:
    return os.path.join(out, "calibration.json")


def read_calibration(out: str) -> dict | None:
    try:
        with open(calibration_path(out)) as file:
            return json.load(file)
    except FileNotFoundError:
        return None


def write_calibration(out: str, calibration: dict) -> None:
    part = calibration_path(out) + ".part"
    with open(part, "w") as file:
        json.dump(calibration, file, indent=2)
        file.write("\n")
    os.replace(part, calibration_path(out))


def targets(arms: str) -> list[float]:
    return sorted({arm.target for arm in parse_arms(arms) if arm.target is not None})


def main(arguments: list[str]) -> int:
    command, rest = (arguments[0], arguments[1:]) if arguments else ("", [])
    try:
        if command == "arms" and len(rest) == 1:
            for arm in parse_arms(rest[0]):
                print(arm.load, arm.injection, arm.stem)
        elif command == "calibrate" and len(rest) >= 3:
            calibration = with_injections(calibrate(rest[2:]), targets(rest[1]))
            write_calibration(rest[0], calibration)
            print(describe(calibration))
        elif command == "injection" and len(rest) == 2:
            calibration = read_calibration(rest[0])
            if calibration is None:
                raise ValueError(f"no calibration in {rest[0]}")
            calibration = with_injections(calibration, [float(rest[1])])
            write_calibration(rest[0], calibration)
            fraction = calibration["injections"][f"{float(rest[1]):.2f}"]
            print("none" if fraction is None else f"{fraction:.6f}")
        elif command == "show" and len(rest) == 2:
            calibration = read_calibration(rest[0])
            if calibration is None:
                raise ValueError(f"no calibration in {rest[0]}")
            calibration = with_injections(calibration, targets(rest[1]))
            write_calibration(rest[0], calibration)
            print(describe(calibration))
        elif command == "report" and len(rest) == 3:
            arms = parse_arms(rest[2])
            text, judgement = report(load_runs(rest[0], int(rest[1]), arms, read_calibration(rest[0])), arms, int(rest[1]))
            print(text)
            return 1 if judgement.problems else 0
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except (ValueError, OSError, KeyError) as error:
        print(f"decision-proof: {error}", file=sys.stderr)
        return 2
    return 0


sys.exit(main(sys.argv[1:]))
