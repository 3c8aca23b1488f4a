# SPDX-License-Identifier: MIT
"""The package held to the CLI: every case of bindings/cases/README.md gives
the CLI's JSON, with offsets in code points. PARLANCE_ROOT is the
repository, PARLANCE_CLI the CLI to compare with."""
import datetime
import json
import os
import re
import subprocess
import unittest

import parlance

ROOT = os.environ.get("PARLANCE_ROOT") or os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
CLI = os.environ.get("PARLANCE_CLI") or os.path.join(ROOT, "build", "parlance")


def path(rel):
    return os.path.join(ROOT, rel)


def read(rel):
    with open(path(rel), encoding="utf-8", newline="") as f:
        return f.read()


def cli(args, stdin=None):
    return subprocess.run([CLI] + args, input=stdin.encode() if stdin is not None else None,
                          stdout=subprocess.PIPE, check=True).stdout.decode("utf-8")


def lines(text):
    return [l for l in text.split("\n") if l]


def cases(section):
    """The matrix's "- {q: "...", ...}" lines; the quoted text is a JSON string."""
    text = re.split(r"^(\w+):$", read("grammar/tests.yaml"), flags=re.M)
    body = text[text.index(section) + 1]
    return [(json.loads(m.group(1)), m.group(2))
            for m in re.finditer(r'^\s*- \{q: ("(?:[^"\\]|\\.)*")(.*)\}$', body, re.M)]


def samples():
    docs = [("tests/samples/" + f) for f in sorted(os.listdir(path("tests/samples")))]
    return [(d, read(d)) for d in docs + ["bindings/cases/unicode.txt"]]


class Parlance(unittest.TestCase):
    def same_span(self, doc, got, want, what):
        """The CLI's byte offsets against the binding's code points."""
        self.assertEqual(len(doc[:got["start"]].encode()), want["start"], what)
        self.assertEqual(len(doc[:got["end"]].encode()), want["end"], what)
        if "text" in want:
            self.assertEqual(doc[got["start"]:got["end"]], want["text"], what)
        self.assertEqual(dict(got, start=0, end=0), dict(want, start=0, end=0), what)

    def test_matrix(self):
        reqs = [q for q, _ in cases("infer")]
        self.assertGreaterEqual(len(reqs), 50)
        want = lines(cli(["infer", "--batch"], "\n".join(reqs) + "\n"))
        self.assertEqual(len(want), len(reqs))
        for q, w in zip(reqs, want):
            self.assertEqual(parlance.infer_json(q), w, q)
            self.assertEqual(parlance.infer(q), json.loads(w), q)

    def test_gate(self):
        gate = cases("gate")
        self.assertGreater(len(gate), 10)
        for q, rest in gate:
            self.assertEqual(parlance.is_retrieval_request(q), "gate: true" in rest, q)

    def test_split_samples(self):
        for name, doc in samples():
            want = [json.loads(l) for l in lines(cli(["split", "--jsonl", path(name)]))]
            got = parlance.split(doc)
            self.assertEqual(len(got), len(want), name)
            for i, (g, w) in enumerate(zip(got, want)):
                self.same_span(doc, g, w, f"{name} sentence {i + 1}")

    def test_split_golden_rules(self):
        with open(path("tests/data/golden_rules_en.json"), encoding="utf-8") as f:
            rules = json.load(f)["cases"]
        for r in rules:
            want = [json.loads(l) for l in lines(cli(["split", "--jsonl", "-"], r["text"]))]
            got = parlance.split(r["text"])
            self.assertEqual(len(got), len(want), r["text"])
            for g, w in zip(got, want):
                self.same_span(r["text"], g, w, r["text"])

    def test_profile(self):
        at = "2024-01-01T00:00:00Z"
        for name, doc in samples():
            want = json.loads(cli(["profile", "--at", at, path(name)]))
            got = parlance.profile(doc, analyzed_at=at)
            for i, (g, w) in enumerate(zip(got["paragraphs"], want["paragraphs"])):
                self.same_span(doc, g, w, f"{name} paragraph {i + 1}")
            for i, (g, w) in enumerate(zip(got["sentences"], want["sentences"])):
                self.same_span(doc, g, w, f"{name} sentence {i + 1}")
            self.assertEqual(len(got["sentences"]), len(want["sentences"]))
            self.assertEqual(dict(got, paragraphs=0, sentences=0), dict(want, paragraphs=0, sentences=0), name)
            bare = parlance.profile(doc, sentences=False)
            self.assertNotIn("sentences", bare)
            when = datetime.datetime.fromisoformat(bare["analyzedAt"].replace("Z", "+00:00"))
            self.assertLess(abs((datetime.datetime.now(datetime.timezone.utc) - when).total_seconds()), 60)

    def test_answers(self):
        groups = {}
        for l in read("tests/golden/ask.cases").split("\n"):
            f = l.split("\t")
            if not l.startswith("#") and len(f) == 3:
                groups.setdefault((f[0], f[1]), []).append(f[2])
        n = 0
        for (sample, flags), reqs in groups.items():
            name = "tests/samples/" + sample
            args = ["ask", "--json"] + ([] if flags == "-" else flags.split(" ")) + [path(name)]
            want = [json.loads(l) for l in lines(cli(args, "\n".join(reqs) + "\n"))]
            doc = read(name)
            for q, w in zip(reqs, want):
                got = parlance.answer(doc, q, substring="--substring" in flags)
                self.assertEqual(got["intent"], w["intent"], q)
                self.assertEqual(got["answer"], w["answer"], q)
                self.assertEqual(len(got["spans"]), len(w["spans"]), q)
                for g, s in zip(got["spans"], w["spans"]):
                    self.same_span(doc, g, s, q)
                n += 1
        self.assertGreater(n, 50)

    def test_offsets_index_python_strings(self):
        doc = "Naïve résumés. 😀 Emoji here! Then 👩‍💻 coding. Done."
        got = [doc[s["start"]:s["end"]] for s in parlance.split(doc)]
        self.assertEqual(got, ["Naïve résumés.", "😀 Emoji here!", "Then 👩‍💻 coding.", "Done."])
        a = parlance.answer(doc, "find coding")
        self.assertEqual(doc[a["spans"][0]["start"]:a["spans"][0]["end"]], "coding")
        p = parlance.profile(doc)
        self.assertEqual(p["charCount"], len(doc))
        self.assertEqual(parlance.infer('find "café 😀"')["search"], "café 😀")
        odd = "A\ud800b. Next one."   # a lone surrogate is sent as '?': offsets still index
        self.assertEqual(odd[parlance.split(odd)[1]["start"]:], "Next one.")

    def test_verbs(self):
        config = json.loads(read("bindings/cases/config.json"))
        for w in lines(read("bindings/cases/verbs.txt")):
            self.assertEqual(parlance.verb(w), json.loads(cli(["verb", w])), w)
            self.assertEqual(parlance.verb(w, config),
                             json.loads(cli(["verb", w, "--config", path("bindings/cases/config.yaml")])), w)

    def test_dialect(self):
        config = read("bindings/cases/config.json")
        messages = read("bindings/cases/dialect.txt").split("\n%%\n")
        self.assertGreaterEqual(len(messages), 10)
        for m in messages:
            self.assertEqual(parlance.dialect(m), json.loads(cli(["dialect", "-"], m)), m)
            self.assertEqual(parlance.dialect(m, json.loads(config)),
                             json.loads(cli(["dialect", "--config", path("bindings/cases/config.yaml"), "-"], m)), m)

    def test_refused_config(self):
        with self.assertRaisesRegex(parlance.ParlanceError, r"config: byte \d+: a new verb needs maps_to: 'notify'"):
            parlance.dialect("/x", {"verbs": {"notify": {"aliases": ["ping"]}}})
        with self.assertRaisesRegex(parlance.ParlanceError, "compiled verb takes extra_aliases only"):
            parlance.verb("x", '{"verbs": {"recall": {"maps_to": "x"}}}')
        with self.assertRaises(TypeError):
            parlance.infer(42)

    def test_describe(self):
        self.assertEqual(parlance.describe(), json.loads(cli(["describe", "--json"])))

    def test_document(self):
        d = parlance.Document(read("tests/samples/paper.md"))
        self.assertEqual(d.answer("how many sentences")["answer"], "The document has 33 sentences.")
        self.assertEqual(d.profile()["sentenceCount"], 33)

    def test_version(self):
        self.assertEqual(parlance.version, cli(["--version"]).split("\n")[0].split(" ")[1])
        self.assertRegex(parlance.grammar_id, "^[0-9a-f]{16,}$")


if __name__ == "__main__":
    unittest.main()
