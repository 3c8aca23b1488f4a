// SPDX-License-Identifier: MIT
// The package as a user installs it (require('parlance') from an empty
// project), held to the CLI: every case of bindings/cases/README.md gives
// the CLI's JSON, with offsets in UTF-16 units. PARLANCE_ROOT is the
// repository, PARLANCE_CLI the CLI to compare with.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const parlance = require('parlance');

const root = process.env.PARLANCE_ROOT || path.resolve(__dirname, '../../..');
const cliPath = process.env.PARLANCE_CLI || path.join(root, 'build/parlance');
const file = (p) => path.join(root, p);
const read = (p) => fs.readFileSync(file(p), 'utf8');
const cli = (args, input) => execFileSync(cliPath, args, { input, encoding: 'utf8', maxBuffer: 1 << 26 });
const lines = (s) => s.split('\n').filter((l) => l !== '');

// The matrix: "- {q: "...", mode: ...}" lines; the quoted text is a JSON string.
function cases(section) {
  const body = read('grammar/tests.yaml').split(/^(\w+):$/m);
  const text = body[body.indexOf(section) + 1];
  return [...text.matchAll(/^\s*- \{q: ("(?:[^"\\]|\\.)*")(.*)\}$/gm)].map((m) => ({ q: JSON.parse(m[1]), rest: m[2] }));
}

const utf8 = (s) => Buffer.byteLength(s, 'utf8');

// A sentence, paragraph or quote of the CLI (byte offsets) against the
// binding's (UTF-16 offsets): the same text at both, every other key equal.
function sameSpan(doc, got, want, what) {
  assert.equal(utf8(doc.slice(0, got.start)), want.start, `${what}: start`);
  assert.equal(utf8(doc.slice(0, got.end)), want.end, `${what}: end`);
  if (want.text !== undefined) assert.equal(doc.slice(got.start, got.end), want.text, `${what}: slice`);
  assert.deepEqual({ ...got, start: 0, end: 0 }, { ...want, start: 0, end: 0 }, what);
}

test('the test matrix: infer gives the CLI\'s JSON (the seed\'s 50 first)', () => {
  const reqs = cases('infer').map((c) => c.q);
  assert.ok(reqs.length >= 50);
  const want = lines(cli(['infer', '--batch'], reqs.join('\n') + '\n'));
  assert.equal(want.length, reqs.length);
  reqs.forEach((q, i) => {
    assert.equal(parlance.inferJson(q), want[i], q);
    assert.deepEqual(parlance.infer(q), JSON.parse(want[i]), q);
  });
});

test('the gate cases', () => {
  const gate = cases('gate');
  assert.ok(gate.length > 10);
  for (const c of gate) assert.equal(parlance.isRetrievalRequest(c.q), /gate: true/.test(c.rest), c.q);
});

function sampleTexts() {
  const docs = fs.readdirSync(file('tests/samples')).map((f) => ['tests/samples/' + f, read('tests/samples/' + f)]);
  docs.push(['bindings/cases/unicode.txt', read('bindings/cases/unicode.txt')]);
  return docs;
}

test('split: the samples and accented, emoji, CJK text, sliced in UTF-16', () => {
  for (const [name, doc] of sampleTexts()) {
    const want = lines(cli(['split', '--jsonl', file(name)])).map((l) => JSON.parse(l));
    const got = parlance.split(doc);
    assert.equal(got.length, want.length, name);
    got.forEach((s, i) => sameSpan(doc, s, want[i], `${name} sentence ${i + 1}`));
  }
});

test('split: the Golden Rules inputs', () => {
  const rules = JSON.parse(read('tests/data/golden_rules_en.json')).cases;
  for (const r of rules) {
    const want = lines(cli(['split', '--jsonl', '-'], r.text)).map((l) => JSON.parse(l));
    const got = parlance.split(r.text);
    assert.equal(got.length, want.length, r.text);
    got.forEach((s, i) => sameSpan(r.text, s, want[i], r.text));
  }
});

test('profile: the CLI\'s profile, offsets in UTF-16', () => {
  for (const [name, doc] of sampleTexts()) {
    const want = JSON.parse(cli(['profile', '--at', '2024-01-01T00:00:00Z', file(name)]));
    const got = parlance.profile(doc, { analyzedAt: '2024-01-01T00:00:00Z' });
    got.paragraphs.forEach((p, i) => sameSpan(doc, p, want.paragraphs[i], `${name} paragraph ${i + 1}`));
    got.sentences.forEach((s, i) => sameSpan(doc, s, want.sentences[i], `${name} sentence ${i + 1}`));
    assert.deepEqual({ ...got, paragraphs: [], sentences: [] }, { ...want, paragraphs: [], sentences: [] }, name);
    const bare = parlance.profile(doc, { sentences: false });
    assert.ok(Math.abs(Date.parse(bare.analyzedAt) - Date.now()) < 60000, bare.analyzedAt);
    assert.equal(bare.sentences, undefined);
    assert.equal(bare.wordCount, want.wordCount);
  }
});

test('answer: the ask cases give the CLI\'s answers and spans', () => {
  const byDoc = new Map();
  for (const l of read('tests/golden/ask.cases').split('\n')) {
    const f = l.split('\t');
    if (l.startsWith('#') || f.length !== 3) continue;
    const k = f[0] + '\t' + f[1];
    if (!byDoc.has(k)) byDoc.set(k, []);
    byDoc.get(k).push(f[2]);
  }
  let n = 0;
  for (const [k, reqs] of byDoc) {
    const [sample, flags] = k.split('\t');
    const name = 'tests/samples/' + sample;
    const args = ['ask', '--json', ...(flags === '-' ? [] : flags.split(' ')), file(name)];
    const want = lines(cli(args, reqs.join('\n') + '\n')).map((l) => JSON.parse(l));
    const doc = read(name);
    reqs.forEach((q, i) => {
      const got = parlance.answer(doc, q, { substring: flags.includes('--substring') });
      assert.deepEqual(got.intent, want[i].intent, q);
      assert.equal(got.answer, want[i].answer, q);
      assert.equal(got.spans.length, want[i].spans.length, q);
      got.spans.forEach((s, j) => sameSpan(doc, s, want[i].spans[j], `${q} span ${j + 1}`));
      n++;
    });
  }
  assert.ok(n > 50);
});

test('offsets slice JavaScript strings: accents and emoji', () => {
  const doc = 'Naïve résumés. 😀 Emoji here! Then 👩‍💻 coding. Done.';
  const got = parlance.split(doc).map((s) => doc.slice(s.start, s.end));
  assert.deepEqual(got, ['Naïve résumés.', '😀 Emoji here!', 'Then 👩‍💻 coding.', 'Done.']);
  const a = parlance.answer(doc, 'find coding');
  assert.equal(doc.slice(a.spans[0].start, a.spans[0].end), 'coding');
  const p = parlance.profile(doc);
  assert.equal(p.charCount, [...doc].length);
  assert.equal(doc.slice(p.sentences[2].start, p.sentences[2].end), 'Then 👩‍💻 coding.');
  assert.equal(parlance.infer('find "café 😀"').search, 'café 😀');
  // A lone surrogate is encoded as U+FFFD, as TextEncoder does: offsets still slice.
  const odd = 'A\ud800b. Next one.';
  assert.equal(odd.slice(parlance.split(odd)[1].start), 'Next one.');
});

test('verb: the CLI\'s matches, with and without a configuration', () => {
  const config = JSON.parse(read('bindings/cases/config.json'));
  for (const w of lines(read('bindings/cases/verbs.txt'))) {
    assert.deepEqual(parlance.verb(w), JSON.parse(cli(['verb', w])), w);
    assert.deepEqual(parlance.verb(w, config), JSON.parse(cli(['verb', w, '--config', file('bindings/cases/config.yaml')])), w);
  }
});

test('dialect: the CLI\'s actions, with and without a configuration', () => {
  const config = read('bindings/cases/config.json');
  const messages = read('bindings/cases/dialect.txt').split('\n%%\n');
  assert.ok(messages.length >= 10);
  for (const m of messages) {
    assert.deepEqual(parlance.dialect(m), JSON.parse(cli(['dialect', '-'], m)), m);
    assert.deepEqual(parlance.dialect(m, JSON.parse(config)),
                     JSON.parse(cli(['dialect', '--config', file('bindings/cases/config.yaml'), '-'], m)), m);
  }
});

test('a configuration the library refuses is an Error naming the byte', () => {
  assert.throws(() => parlance.dialect('/x', { verbs: { notify: { aliases: ['ping'] } } }),
                /config: byte \d+: a new verb needs maps_to: 'notify'/);
  assert.throws(() => parlance.verb('x', '{"verbs": {"recall": {"maps_to": "x"}}}'),
                /compiled verb takes extra_aliases only/);
  assert.throws(() => parlance.verb('x', '{"verbs": [}'), /config: byte/);
  assert.throws(() => parlance.infer(42), TypeError);
});

test('describe: the CLI\'s guidance', () => {
  assert.deepEqual(parlance.describe(), JSON.parse(cli(['describe', '--json'])));
});

test('Document: many answers from one analysis, then closed', () => {
  const d = new parlance.Document(read('tests/samples/paper.md'));
  assert.equal(d.answer('how many sentences').answer, 'The document has 33 sentences.');
  assert.match(d.answer('last line').answer, /^Last line/);
  assert.equal(d.profile().sentenceCount, 33);
  d.close();
  d.close();
});

test('version and grammar', () => {
  assert.equal(parlance.version, cli(['--version']).split('\n')[0].split(' ')[1]);
  assert.equal(parlance.version, require('parlance/package.json').version);
  assert.match(parlance.grammarId, /^[0-9a-f]{16,}$/);
});
