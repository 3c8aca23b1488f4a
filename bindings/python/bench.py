# SPDX-License-Identifier: MIT
"""python3 bench.py REQUESTS DOC: mean ns per call of infer (parsed),
infer_json (the text) and split (parsed) through the package, median of 5
runs on the process's CPU clock (tests/bench_bindings.sh). Prints "infer NS infer_json NS split NS"."""
import sys
import time

import parlance

with open(sys.argv[1], encoding="utf-8") as f:
    reqs = [l for l in f.read().split("\n") if l]
with open(sys.argv[2], encoding="utf-8") as f:
    doc = f.read()


def measure(fn, calls):
    t = []
    for _ in range(5):
        t0 = time.process_time_ns()
        fn(calls)
        t.append((time.process_time_ns() - t0) / calls)
    return f"{sorted(t)[2]:.1f}"


def infer(calls):
    n = len(reqs)
    for k in range(calls):
        parlance.infer(reqs[k % n])


def infer_json(calls):
    n = len(reqs)
    for k in range(calls):
        parlance.infer_json(reqs[k % n])


def split(calls):
    for _ in range(calls):
        parlance.split(doc)


print(f"infer {measure(infer, 100000)} infer_json {measure(infer_json, 100000)} split {measure(split, 1000)}")
