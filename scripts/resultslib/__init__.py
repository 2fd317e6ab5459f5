"""Reads a results file of the bench in either form it writes: gzip (`.json.gz`, a run's default) or plain
JSON (`--out` a name without `.gz`, and older files). The form is told by the first two bytes, as the
bench tells it, not by the name."""
import gzip
import json

# The names a results file has: a run writes the first, `--out FILE.json` and older benches the second.
SUFFIXES = (".json.gz", ".json")


def load(path):
    """The results file at `path`, decoded."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return json.loads(data)


def is_results_file(name):
    """Whether a file's name is a results file's, and not a hidden temporary one."""
    return not name.startswith(".") and name.endswith(SUFFIXES)


def method_clauses(results):
    """The run's method as its list of clauses: schema 9 states the list; schema 8 and before one string
    of the clauses joined by "; ", which the bench reads as the same list."""
    method = results.get("method") or []
    if isinstance(method, str):
        return [clause.strip() for clause in method.split("; ") if clause.strip()]
    return list(method)
