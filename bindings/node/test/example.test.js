// SPDX-License-Identifier: MIT
// The ElizaOS-style GET_EXACT_QUOTE action of examples/: compiled with the
// TypeScript compiler (strict) against the installed package's types, then
// run with a fake agent runtime.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const parlance = require('parlance');

const root = process.env.PARLANCE_ROOT || path.resolve(__dirname, '../../..');
const tsc = process.env.PARLANCE_TSC || 'tsc';

function compile() {
  try { execFileSync(tsc, ['--version']); } catch { return null; }
  const src = require.resolve('parlance/examples/get-exact-quote.ts');
  // Inside the project, so that the compiled file finds the installed package.
  const out = fs.mkdtempSync(path.join(process.cwd(), 'example-'));
  test.after(() => fs.rmSync(out, { recursive: true, force: true }));
  execFileSync(tsc, ['--strict', '--module', 'commonjs', '--target', 'es2020', '--moduleResolution', 'node',
                     '--rootDir', path.dirname(src), '--outDir', out, src], { cwd: process.cwd() });
  return path.join(out, 'get-exact-quote.js');
}

const compiled = compile();

test('the GET_EXACT_QUOTE action', { skip: compiled ? false : `no TypeScript compiler (${tsc})` }, async () => {
  const paper = fs.readFileSync(path.join(root, 'tests/samples/paper.md'), 'utf8');
  const { getExactQuoteAction } = require(compiled);
  const stored = { text: paper };
  const action = getExactQuoteAction(async (runtime) => runtime.text);
  const guide = parlance.describe();
  assert.equal(action.name, 'GET_EXACT_QUOTE');
  assert.deepEqual(action.similes, guide.similes);
  assert.ok(action.similes.includes('QUOTE_FROM'));
  assert.equal(action.examples.length, guide.examples.length);
  const msg = (text) => ({ content: { text } });

  assert.equal(await action.validate(stored, msg('Give me the last two sentences')), true);
  assert.equal(await action.validate(stored, msg('quote the part about pricing')), true);
  assert.equal(await action.validate(stored, msg('thanks, that was helpful')), false);

  // Each example's request, answered by the handler, is the example's answer.
  for (const [user, agent] of action.examples) {
    const said = [];
    const r = await action.handler(stored, msg(user.content.text), undefined, undefined, (c) => said.push(c));
    assert.deepEqual(said, [{ text: agent.content.text, actions: ['GET_EXACT_QUOTE'] }], user.content.text);
    assert.equal(r.text, agent.content.text);
  }
  const r = await action.handler(stored, msg('what does it say about tables'));
  assert.equal(r.success, true);
  for (const s of r.data.spans) assert.match(paper.slice(s.start, s.end), /tables/i);

  const none = await action.handler({ text: null }, msg('last line'));
  assert.equal(none.success, false);
});
