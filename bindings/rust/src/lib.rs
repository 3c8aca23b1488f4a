// SPDX-License-Identifier: MIT
//! parlance for Rust: exact document requests for agents ("the last two
//! sentences", "lines 5 to 10", "every mention of data") turned into intents
//! and answered verbatim from the document, sentences and profiles, and the
//! action dialect of agent replies.
//!
//! The C library is compiled by the build script and called through its
//! binding layer: every result is the library's own JSON (the CLI prints the
//! same strings), as text (`*_json`) or parsed into a [`Value`]. Offsets
//! count bytes, so they slice the `&str` you passed: `&doc[s.start..s.end]`.
//!
//! ```
//! let i = parlance::infer("could you show me the last two sentences?");
//! assert_eq!(i["mode"].as_str(), Some("last_n"));
//! assert_eq!(i["count"].as_i64(), Some(2));
//! let doc = "Naïve résumés. 😀 Emoji here! Done.";
//! let s = &parlance::split(doc)[1];
//! assert_eq!(&doc[s.start..s.end], "😀 Emoji here!");
//! let a = parlance::answer(doc, "the last sentence");
//! assert_eq!(a["answer"].as_str(), Some("Last sentence (sentence 3, line 1): \"Done.\""));
//! let d = parlance::dialect("Let me check.\n/recall project deadlines", None);
//! assert_eq!(d["execute"][0]["intent"]["query"].as_str(), Some("project deadlines"));
//! ```
use std::cell::RefCell;
use std::ffi::{CStr, CString};
use std::fmt;
use std::os::raw::{c_char, c_int, c_uint, c_void};

mod json;
pub use json::Value;

// The binding layer of runtime/parlance.h: byte strings, sizes and opaque
// caller-owned blocks only, so no struct layout is mirrored here.
extern "C" {
    fn parl_version() -> *const c_char;
    fn parl_grammar_id() -> *const c_char;
    fn parl_infer_json(text: *const c_char, len: usize, out: *mut c_char, cap: usize) -> usize;
    fn parl_is_retrieval_request(text: *const c_char, len: usize) -> bool;
    fn parl_split_json(text: *const c_char, len: usize, flags: c_uint, out: *mut c_char, cap: usize) -> usize;
    fn parl_doc_size(text: *const c_char, len: usize) -> usize;
    fn parl_doc_init(mem: *mut c_void, size: usize, text: *const c_char, len: usize, at: *const c_char)
        -> *const c_void;
    fn parl_analyze_json(doc: *const c_void, flags: c_uint, out: *mut c_char, cap: usize) -> usize;
    fn parl_answer_json(doc: *const c_void, req: *const c_char, len: usize, flags: c_uint, out: *mut c_char,
                        cap: usize) -> usize;
    fn parl_dialect_config_size() -> usize;
    fn parl_config_from_json(cfg: *mut c_void, json: *const c_char, len: usize, err: *mut c_char, cap: usize)
        -> c_int;
    fn parl_dialect_result_size() -> usize;
    fn parl_dialect_json(cfg: *const c_void, msg: *const c_char, len: usize, work: *mut c_void,
                         out: *mut c_char, cap: usize) -> usize;
    fn parl_verb_json(cfg: *const c_void, word: *const c_char, len: usize, out: *mut c_char, cap: usize) -> usize;
    fn parl_describe_work_size() -> usize;
    fn parl_describe_json(work: *mut c_void, size: usize, out: *mut c_char, cap: usize) -> usize;
}

// Flags of runtime/parlance.h (part of the API, not generated numbers).
const JSON_NO_SENTENCES: c_uint = 0x400;
const ANSWER_SUBSTRING: c_uint = 1;

/// A value the library refuses (a configuration), with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

thread_local! {
    static OUT: RefCell<Vec<u8>> = RefCell::new(vec![0; 4096]);
}

/// Runs WRITE(out, cap), one of the library's JSON writers (they return the
/// length they need), until the JSON fits in this thread's buffer.
fn json_text(mut write: impl FnMut(*mut c_char, usize) -> usize) -> String {
    OUT.with(|cell| {
        let mut buf = cell.borrow_mut();
        let mut n = write(buf.as_mut_ptr() as *mut c_char, buf.len());
        if n >= buf.len() {
            buf.resize(n + 1, 0);
            n = write(buf.as_mut_ptr() as *mut c_char, buf.len());
        }
        String::from_utf8(buf[..n].to_vec()).expect("parlance: the library writes UTF-8")
    })
}

fn parsed(text: String) -> Value {
    Value::parse(&text).expect("parlance: the library writes JSON")
}

fn ptr(s: &str) -> *const c_char {
    s.as_ptr() as *const c_char
}

/// The library's version ("0.1.0").
pub fn version() -> &'static str {
    unsafe { CStr::from_ptr(parl_version()) }.to_str().unwrap()
}

/// The grammar the library was generated from: names (modes, units...) follow it.
pub fn grammar_id() -> &'static str {
    unsafe { CStr::from_ptr(parl_grammar_id()) }.to_str().unwrap()
}

/// The intent of a retrieval request as the library's JSON text (`parlance infer`).
pub fn infer_json(request: &str) -> String {
    json_text(|out, cap| unsafe { parl_infer_json(ptr(request), request.len(), out, cap) })
}

/// The intent of a retrieval request: `{"mode": "last_n", "unit": "sentence", "count": 2}`.
pub fn infer(request: &str) -> Value {
    parsed(infer_json(request))
}

/// Could this message be a request about a document (an action's validate gate)?
pub fn is_retrieval_request(message: &str) -> bool {
    unsafe { parl_is_retrieval_request(ptr(message), message.len()) }
}

/// A sentence of a text: `&text[start..end]` is `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    pub index: usize,
    /// Byte offsets into the text.
    pub start: usize,
    pub end: usize,
    /// Code point offsets.
    pub char_start: usize,
    pub char_end: usize,
    pub line: usize,
    pub end_line: usize,
    pub paragraph: usize,
    /// "text", "heading", "item", "quote" or "code".
    pub kind: String,
    pub text: String,
}

impl Sentence {
    fn from_value(v: &Value) -> Sentence {
        let n = |k: &str| v[k].as_usize().expect("parlance: a sentence's offsets");
        Sentence {
            index: n("index"), start: n("start"), end: n("end"), char_start: n("charStart"),
            char_end: n("charEnd"), line: n("line"), end_line: n("endLine"), paragraph: n("paragraph"),
            kind: v["kind"].as_str().unwrap_or("text").to_string(),
            text: v["text"].as_str().unwrap_or("").to_string(),
        }
    }
}

/// The sentences as the library's JSON array (the objects of `parlance split --jsonl`).
pub fn split_json(text: &str) -> String {
    json_text(|out, cap| unsafe { parl_split_json(ptr(text), text.len(), 0, out, cap) })
}

/// The sentences of a text.
pub fn split(text: &str) -> Vec<Sentence> {
    match parsed(split_json(text)) {
        Value::Array(a) => a.iter().map(Sentence::from_value).collect(),
        _ => Vec::new(),
    }
}

/// A text analysed once, for many answers and its profile.
pub struct Document<'a> {
    text: &'a str,
    _mem: Vec<u64>, // the profile and its arrays; the C side aligns within it
    doc: *const c_void,
}

// The block is written once, by new(), and only read afterwards.
unsafe impl Send for Document<'_> {}
unsafe impl Sync for Document<'_> {}

impl<'a> Document<'a> {
    /// Analysed now: the profile's "analyzedAt" is the current time.
    pub fn new(text: &'a str) -> Document<'a> {
        Self::analyzed_at(text, None)
    }

    /// With the profile's "analyzedAt" given (None: now; the library has no clock).
    pub fn analyzed_at(text: &'a str, at: Option<&str>) -> Document<'a> {
        let at = CString::new(at.map_or_else(now_iso, |a| a.replace('\0', ""))).unwrap();
        let size = unsafe { parl_doc_size(ptr(text), text.len()) };
        let mut mem = vec![0u64; (size + 7) / 8];
        let doc = unsafe {
            parl_doc_init(mem.as_mut_ptr() as *mut c_void, mem.len() * 8, ptr(text), text.len(), at.as_ptr())
        };
        assert!(!doc.is_null(), "parlance: the document's block is too small");
        Document { text, _mem: mem, doc }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// `{"intent": ..., "answer": "...", "spans": [{"start", "end", "line"}]}` as text.
    pub fn answer_json(&self, request: &str, substring: bool) -> String {
        let flags = if substring { ANSWER_SUBSTRING } else { 0 };
        json_text(|out, cap| unsafe { parl_answer_json(self.doc, ptr(request), request.len(), flags, out, cap) })
    }

    /// The answer, quoting the document verbatim, with its intent and the spans quoted.
    pub fn answer(&self, request: &str) -> Value {
        parsed(self.answer_json(request, false))
    }

    /// The profile as `parlance profile` prints it (without "sentences" when not SENTENCES).
    pub fn profile_json(&self, sentences: bool) -> String {
        let flags = if sentences { 0 } else { JSON_NO_SENTENCES };
        json_text(|out, cap| unsafe { parl_analyze_json(self.doc, flags, out, cap) })
    }

    pub fn profile(&self) -> Value {
        parsed(self.profile_json(true))
    }
}

/// The current time as the CLI writes it: "2024-05-01T10:30:00.123Z" (UTC).
fn now_iso() -> String {
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let (secs, ms) = (t.as_secs() as i64, t.subsec_millis());
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
    let z = secs.div_euclid(86400) + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    let s = secs.rem_euclid(86400);
    format!("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", year, month, day, s / 3600, s / 60 % 60, s % 60, ms)
}

/// Answers REQUEST from the document's text.
pub fn answer(doc: &str, request: &str) -> Value {
    Document::new(doc).answer(request)
}

/// The profile of a document: counts, paragraphs, sentences, first/last lines...
pub fn profile(doc: &str) -> Value {
    Document::new(doc).profile()
}

/// A host's verbs and aliases, as in a --config file.
pub struct Config {
    mem: Vec<u64>,
}

impl Config {
    /// From its JSON form: `{"verbs": {"notify": {"aliases": ["ping"], "maps_to": "send_message"}}}`.
    pub fn from_json(json: &str) -> Result<Config, Error> {
        let size = unsafe { parl_dialect_config_size() };
        let mut mem = vec![0u64; (size + 7) / 8];
        let mut err = [0u8; 256];
        let rc = unsafe {
            parl_config_from_json(mem.as_mut_ptr() as *mut c_void, ptr(json), json.len(),
                                  err.as_mut_ptr() as *mut c_char, err.len())
        };
        if rc != 0 {
            let n = err.iter().position(|&b| b == 0).unwrap_or(err.len());
            return Err(Error(format!("parlance: {}", String::from_utf8_lossy(&err[..n]))));
        }
        Ok(Config { mem })
    }

    fn ptr(config: Option<&Config>) -> *const c_void {
        config.map_or(std::ptr::null(), |c| c.mem.as_ptr() as *const c_void)
    }
}

thread_local! {
    static DIALECT: RefCell<Vec<u64>> = RefCell::new(Vec::new());
}

/// The actions of an agent's message as the library's JSON text (`parlance dialect`).
pub fn dialect_json(message: &str, config: Option<&Config>) -> String {
    DIALECT.with(|cell| {
        let mut work = cell.borrow_mut();
        if work.is_empty() {
            work.resize((unsafe { parl_dialect_result_size() } + 7) / 8, 0);
        }
        let w = work.as_mut_ptr() as *mut c_void;
        json_text(|out, cap| unsafe { parl_dialect_json(Config::ptr(config), ptr(message), message.len(), w, out, cap) })
    })
}

/// The actions of an agent's message: `{"execute": [...], "skipped": [...]}`.
pub fn dialect(message: &str, config: Option<&Config>) -> Value {
    parsed(dialect_json(message, config))
}

/// How one verb word matches, as the library's JSON text (`parlance verb`).
pub fn verb_json(word: &str, config: Option<&Config>) -> String {
    json_text(|out, cap| unsafe { parl_verb_json(Config::ptr(config), ptr(word), word.len(), out, cap) })
}

/// How one verb word matches: `{"input", "verb", "tier", "distance", "confidence", ...}`.
pub fn verb(word: &str, config: Option<&Config>) -> Value {
    parsed(verb_json(word, config))
}

/// The agent guidance as the library's JSON text (`parlance describe --json`).
pub fn describe_json() -> String {
    let size = unsafe { parl_describe_work_size() };
    let mut work = vec![0u64; (size + 7) / 8];
    json_text(|out, cap| unsafe { parl_describe_json(work.as_mut_ptr() as *mut c_void, work.len() * 8, out, cap) })
}

/// The agent guidance: name, description, similes, examples, system prompt...
pub fn describe() -> Value {
    parsed(describe_json())
}
