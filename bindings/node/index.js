// SPDX-License-Identifier: MIT
// parlance for Node.js: the C runtime compiled to WebAssembly (parlance.wasm,
// no imports, no native build at install) behind a small wrapper. Every
// result is the library's own JSON (the CLI prints the same strings), parsed;
// offsets ("start"/"end") count UTF-16 code units, so they slice JavaScript
// strings directly.
'use strict';

const fs = require('fs');
const path = require('path');

const wasm = new WebAssembly.Instance(
  new WebAssembly.Module(fs.readFileSync(path.join(__dirname, 'parlance.wasm'))), {});
const C = wasm.exports;

// Flags of runtime/parlance.h (part of the API, not generated numbers).
const JSON_UTF16 = 0x200;
const JSON_NO_SENTENCES = 0x400;
const ANSWER_SUBSTRING = 1;

const encoder = new TextEncoder();

// A block of wasm memory that grows (and never shrinks) as calls need.
class Block {
  constructor(size) { this.ptr = C.malloc(size); this.cap = size; }
  ensure(size) {
    if (size <= this.cap) return;
    C.free(this.ptr);
    this.cap = Math.max(size, this.cap * 2);
    this.ptr = C.malloc(this.cap);
    if (!this.ptr) throw new Error('parlance: out of wasm memory');
  }
}

const input = new Block(4096);   // the text of the current call
const output = new Block(4096);  // the JSON it returns
// A Buffer over the whole wasm memory (no copy): node's UTF-8 codecs are
// the fastest way in and out. Made again when malloc grows the memory.
let heap = Buffer.from(C.memory.buffer);

function bytes() {
  if (heap.buffer !== C.memory.buffer) heap = Buffer.from(C.memory.buffer);
  return heap;
}

// Copies S into BLOCK as UTF-8 (a lone surrogate becomes U+FFFD, as
// TextEncoder does); returns its length in bytes.
function put(block, s) {
  block.ensure(s.length * 3);
  return bytes().write(s, block.ptr, block.cap, 'utf8');
}

function text(ptr, n) {
  return bytes().toString('utf8', ptr, ptr + n);
}

// Runs WRITE(out, cap) (one of the runtime's parl_*_json writers, which
// return the length they need) until the JSON fits; returns it.
function json(write) {
  let n = write(output.ptr, output.cap) >>> 0;
  if (n >= output.cap) {
    output.ensure(n + 1);
    n = write(output.ptr, output.cap) >>> 0;
  }
  return text(output.ptr, n);
}

function check(value, name) {
  if (typeof value !== 'string') throw new TypeError(`parlance: ${name} must be a string`);
}

/** The intent of a retrieval request, as the library's JSON text. */
function inferJson(request) {
  check(request, 'request');
  const n = put(input, request);
  return json((out, cap) => C.parl_infer_json(input.ptr, n, out, cap));
}

// Intents by their JSON text: many requests share one ("the last two
// sentences", "give me the final 2 sentences"), and parsing costs more than
// inferring. The objects are frozen, so sharing them is safe.
const intents = new Map();

function deepFreeze(v) {
  if (v !== null && typeof v === 'object') {
    for (const k of Object.keys(v)) deepFreeze(v[k]);
    Object.freeze(v);
  }
  return v;
}

/** The intent of a retrieval request: {mode, unit?, count?, start?, end?, search?, ...} (frozen). */
function infer(request) {
  const text = inferJson(request);
  let intent = intents.get(text);
  if (intent === undefined) {
    if (intents.size >= 4096) intents.clear();
    intent = deepFreeze(JSON.parse(text));
    intents.set(text, intent);
  }
  return intent;
}

/** Could this message be a request about a document (the action's validate gate)? */
function isRetrievalRequest(message) {
  check(message, 'message');
  const n = put(input, message);
  return C.parl_is_retrieval_request(input.ptr, n) !== 0;
}

/** The sentences of a text, with offsets in UTF-16 units (text.slice(start, end)). */
function split(doc) {
  check(doc, 'doc');
  const n = put(input, doc);
  return JSON.parse(json((out, cap) => C.parl_split_json(input.ptr, n, JSON_UTF16, out, cap)));
}

// A text analysed once: kept in wasm memory with its parl_doc block.
const registry = new FinalizationRegistry((ptrs) => { for (const p of ptrs) C.free(p); });

class Document {
  constructor(doc, options = {}) {
    check(doc, 'doc');
    const bytes8 = encoder.encode(doc);
    this.text = doc;
    this.length = bytes8.length;
    this.textPtr = C.malloc(bytes8.length + 1);
    bytes().set(bytes8, this.textPtr);
    // "analyzedAt" is when the text was analysed (the library has no clock).
    const at = options.analyzedAt ?? new Date().toISOString();
    check(at, 'analyzedAt');
    const a = encoder.encode(at + '\0');
    const atPtr = C.malloc(a.length);
    bytes().set(a, atPtr);
    const size = C.parl_doc_size(this.textPtr, this.length) >>> 0;
    this.memPtr = C.malloc(size);
    this.doc = C.parl_doc_init(this.memPtr, size, this.textPtr, this.length, atPtr);
    C.free(atPtr);
    if (!this.textPtr || !this.memPtr || !this.doc) throw new Error('parlance: out of wasm memory');
    this.token = {};
    registry.register(this, [this.textPtr, this.memPtr], this.token);
  }

  /** {intent, answer, spans: [{start, end, line}]}, offsets in UTF-16 units. */
  answer(request, options = {}) {
    check(request, 'request');
    const n = put(input, request);
    const flags = JSON_UTF16 | (options.substring ? ANSWER_SUBSTRING : 0);
    return JSON.parse(json((out, cap) => C.parl_answer_json(this.doc, input.ptr, n, flags, out, cap)));
  }

  /** The document profile (the seed's camelCase fields). */
  profile(options = {}) {
    const flags = JSON_UTF16 | (options.sentences === false ? JSON_NO_SENTENCES : 0);
    return JSON.parse(json((out, cap) => C.parl_analyze_json(this.doc, flags, out, cap)));
  }

  /** Frees the wasm memory now (otherwise the garbage collector does). */
  close() {
    if (!this.doc) return;
    registry.unregister(this.token);
    C.free(this.textPtr);
    C.free(this.memPtr);
    this.doc = 0;
  }
}

// The last document answered or profiled, kept for the next call about the
// same text (and the same analyzedAt, when one is given).
let last = null;
function documentOf(doc, analyzedAt) {
  if (!last || last.text !== doc || last.givenAt !== analyzedAt) {
    if (last) last.close();
    last = new Document(doc, { analyzedAt });
    last.givenAt = analyzedAt;
  }
  return last;
}

/** Answers REQUEST from the document's text: {intent, answer, spans}. */
function answer(doc, request, options = {}) {
  check(doc, 'doc');
  return documentOf(doc).answer(request, options);
}

/** The profile of a document: counts, paragraphs, sentences, first/last lines... */
function profile(doc, options = {}) {
  check(doc, 'doc');
  return documentOf(doc, options.analyzedAt).profile(options);
}

// Configurations by their JSON text, read once into wasm memory.
const configs = new Map();
function configOf(config) {
  if (config === undefined || config === null) return 0;
  const key = typeof config === 'string' ? config : JSON.stringify(config);
  let ptr = configs.get(key);
  if (ptr) return ptr;
  ptr = C.malloc(C.parl_dialect_config_size() >>> 0);
  const n = put(input, key);
  const err = output.ptr;
  if (C.parl_config_from_json(ptr, input.ptr, n, err, output.cap) !== 0) {
    const msg = text(err, bytes().indexOf(0, err) - err);
    C.free(ptr);
    throw new Error(`parlance: ${msg}`);
  }
  if (configs.size >= 16) { for (const p of configs.values()) C.free(p); configs.clear(); }
  configs.set(key, ptr);
  return ptr;
}

let dialectWork = 0;

/** The actions of an agent's message: {execute: [...], skipped: [...]}. */
function dialect(message, config) {
  check(message, 'message');
  const cfg = configOf(config);
  if (!dialectWork) dialectWork = C.malloc(C.parl_dialect_result_size() >>> 0);
  const n = put(input, message);
  return JSON.parse(json((out, cap) => C.parl_dialect_json(cfg, input.ptr, n, dialectWork, out, cap)));
}

/** How one verb word matches: {input, verb, tier, distance, confidence, ...}. */
function verb(word, config) {
  check(word, 'word');
  const cfg = configOf(config);
  const n = put(input, word);
  return JSON.parse(json((out, cap) => C.parl_verb_json(cfg, input.ptr, n, out, cap)));
}

let guidance = null;
/** The agent guidance: {name, description, similes, examples, system, retrievalInstructions}. */
function describe() {
  if (!guidance) {
    const size = C.parl_describe_work_size() >>> 0;
    const work = C.malloc(size);
    guidance = json((out, cap) => C.parl_describe_json(work, size, out, cap));
    C.free(work);
  }
  return JSON.parse(guidance);
}

function cString(ptr) {
  const h = bytes();
  return text(ptr, h.indexOf(0, ptr) - ptr);
}

module.exports = {
  infer, inferJson, isRetrievalRequest, split, answer, profile, dialect, verb, describe, Document,
  version: cString(C.parl_version()),
  grammarId: cString(C.parl_grammar_id()),
};
