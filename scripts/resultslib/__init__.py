"""Reads a results file of the bench in either form it writes: gzip (`.json.gz`, a run's default) or plain
JSON (`--out` a name without `.gz`, and older files). The form is told by the first two bytes, as the
bench tells it, not by the name."""
import gzip
import json
import statistics

# The names a results file has: a run writes the first, `--out FILE.json` and older benches the second.
SUFFIXES = (".json.gz", ".json")


def load(path):
    """The results file at `path`, decoded, with the samples a file of schema 10 left out computed again
    from its batches, as the bench computes them (SampleTerms)."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    results = json.loads(data)
    for measurement in results.get("measurements") or []:
        fill_samples(measurement)
    return results


def fill_samples(measurement):
    """Puts back the samples a file left out: empty samples beside batches, with sampleTerms. A sample is
    (batch - its process's overhead) / batch size / operations per call, in that order of operations, so
    the doubles are the bench's own."""
    terms, batches = measurement.get("sampleTerms"), measurement.get("batches") or {}
    if not terms or measurement.get("samples") or not batches.get("nanoseconds"):
        return
    forks = measurement.get("forks") or [{"samples": len(batches["nanoseconds"]), "batchSize": batches["size"]}]

    def samples(raw, overheads):
        out, start = [], 0
        for fork, overhead in zip(forks, overheads):
            for batch in raw[start:start + fork["samples"]]:
                per_call = (float(batch) - overhead) / float(fork["batchSize"])
                out.append(per_call / float(terms["operationsPerCall"]) if terms["operationsPerCall"] > 1 else per_call)
            start += fork["samples"]
        return out

    measurement["samples"] = samples(batches["nanoseconds"], terms["overheadNanoseconds"])
    if batches.get("threadCPUNanoseconds") is not None:
        measurement["threadCPUSamples"] = samples(batches["threadCPUNanoseconds"], terms["threadCPUOverheadNanoseconds"])


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


def speed_moved(results, label, clock):
    """The medians of the first and the last quarter of a measurement's forks, in the order they ran, each
    fork counted by its own median, on `clock` ("threadCPU" or wall), or None where the file lacks the
    measurement, the samples or eight forks. `label` is the name as compare prints it, its shape in
    brackets. Where both sides of a comparison moved alike, the machine's speed moved under them (another
    tenant of the host shows in neither side's run queue)."""
    name, _, shape = label.partition(" [")
    shape = shape.rstrip("]") or None
    for measurement in results.get("measurements") or []:
        if measurement["name"] != name or measurement.get("strategy") != shape:
            continue
        samples = measurement.get("threadCPUSamples" if clock == "threadCPU" else "samples") or []
        medians, start = [], 0
        for fork in measurement.get("forks") or []:
            medians.append(statistics.median(samples[start:start + fork["samples"]]))
            start += fork["samples"]
        quarter = len(medians) // 4
        if quarter < 2:
            return None
        return statistics.median(medians[:quarter]), statistics.median(medians[-quarter:])
    return None
