// SPDX-License-Identifier: MIT
// split_peers.js: runs other sentence splitters from npm on a benchmark made
// by tests/ud_bench.sh, for tests/eval_split.c to score side by side with
// parlance (make eval installs them into build/npm).
//
//   node tests/split_peers.js NODE_MODULES BENCH.tsv OUT_PREFIX
//
// Writes OUT_PREFIX.NAME.tsv for each peer that loads: the benchmark's lines
// with the peer's boundaries (code-point offsets where its second, third...
// sentence begins) in place of the gold ones. Prints each peer's time.
'use strict';
const fs = require('fs');
const path = require('path');

const [modules, bench, prefix] = process.argv.slice(2);
if (!prefix) {
    console.error('usage: node tests/split_peers.js NODE_MODULES BENCH.tsv OUT_PREFIX');
    process.exit(2);
}
const need = (name) => require(path.resolve(modules, name));

// Each peer returns its sentences as strings; where they are in the text is
// found below, so that every peer is scored on the same offsets.
const peers = {
    sbd: () => {
        const sbd = need('sbd');
        const opts = { newline_boundaries: false, html_boundaries: false, sanitize: false };
        return (text) => sbd.sentences(text, opts);
    },
    sentencex: () => {
        const sx = need('sentencex');
        return (text) => sx.segment('en', text);
    },
    'cldr-segmentation': () => {
        const cldr = need('cldr-segmentation');
        return (text) => cldr.sentenceSplit(text, cldr.suppressions.en);
    },
};

// Code-point offsets where sentences after the first begin; a sentence the
// peer rewrote is looked for by its first 16 characters.
function boundaries(text, sentences) {
    const out = [];
    let at = 0;
    for (const raw of sentences) {
        const s = raw.trim();
        if (!s) continue;
        let i = text.indexOf(s, at);
        if (i < 0) i = text.indexOf(s.slice(0, 16), at);
        if (i < 0) continue;
        if (i > 0) out.push(Array.from(text.slice(0, i)).length);
        at = i + 1;
    }
    return [...new Set(out)].sort((a, b) => a - b);
}

const lines = fs.readFileSync(bench, 'utf8').split('\n').filter((l) => l.length > 0);
const rows = lines.map((l) => {
    const a = l.indexOf('\t'), b = l.indexOf('\t', a + 1);
    return { doc: l.slice(0, a), text: l.slice(b + 1) };
});
for (const [name, load] of Object.entries(peers)) {
    let split;
    try {
        split = load();
    } catch (e) {
        console.error(`split_peers: ${name} not available (${e.message.split('\n')[0]})`);
        continue;
    }
    // a peer that throws on a paragraph is scored as leaving it whole
    let failed = 0;
    const t0 = process.hrtime.bigint();
    const found = rows.map((r) => {
        try { return split(r.text); } catch (e) { failed++; return [r.text]; }
    });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const out = rows.map((r, i) => {
        const b = boundaries(r.text, found[i]);
        return `${r.doc}\t${b.length ? b.join(',') : '-'}\t${r.text}\n`;
    });
    fs.writeFileSync(`${prefix}.${name}.tsv`, out.join(''));
    console.log(`split_peers: ${name}: ${rows.length} paragraphs in ${ms.toFixed(0)} ms` +
                (failed ? `, failed on ${failed} (scored as unsplit)` : ''));
}
