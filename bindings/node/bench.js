// SPDX-License-Identifier: MIT
// node bench.js PACKAGE REQUESTS DOC: mean ns per call of infer (parsed),
// inferJson (the text) and split (parsed) through the package, median of 5
// runs, on the process's CPU clock (steadier than the wall clock on a shared
// machine; tests/bench_bindings.sh). Prints "infer NS infer_json NS split NS".
'use strict';
const fs = require('fs');
const parlance = require(process.argv[2]);
const reqs = fs.readFileSync(process.argv[3], 'utf8').split('\n').filter((l) => l !== '');
const doc = fs.readFileSync(process.argv[4], 'utf8');

function measure(f, calls) {
  const t = [];
  for (let r = 0; r < 5; r++) {
    const t0 = process.cpuUsage();
    for (let k = 0; k < calls; k++) f(k);
    const d = process.cpuUsage(t0);
    t.push((d.user + d.system) * 1000 / calls);
  }
  return t.sort((a, b) => a - b)[2].toFixed(1);
}

const n = reqs.length;
for (let k = 0; k < 100000; k++) parlance.infer(reqs[k % n]);   // warm the JIT
console.log(`infer ${measure((k) => parlance.infer(reqs[k % n]), 300000)}` +
            ` infer_json ${measure((k) => parlance.inferJson(reqs[k % n]), 300000)}` +
            ` split ${measure(() => parlance.split(doc), 3000)}`);
