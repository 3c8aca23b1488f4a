// SPDX-License-Identifier: MIT
// The crate held to the CLI: every case of bindings/cases/README.md gives
// the CLI's JSON, byte for byte (offsets are bytes, as in the CLI).
// PARLANCE_ROOT is the repository, PARLANCE_CLI the CLI to compare with.
use parlance::{Config, Document, Value};
use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    std::env::var("PARLANCE_ROOT").map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
}

fn path(rel: &str) -> String {
    root().join(rel).to_string_lossy().into_owned()
}

fn read(rel: &str) -> String {
    fs::read_to_string(path(rel)).unwrap_or_else(|e| panic!("{}: {}", rel, e))
}

fn cli(args: &[&str], stdin: Option<&str>) -> String {
    let exe = std::env::var("PARLANCE_CLI").unwrap_or_else(|_| path("build/parlance"));
    let mut child = Command::new(&exe).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()
        .unwrap_or_else(|e| panic!("{}: {}", exe, e));
    let input = stdin.unwrap_or("").to_string();
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || { let _ = pipe.write_all(input.as_bytes()); });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "parlance {:?} failed", args);
    String::from_utf8(out.stdout).unwrap()
}

fn lines(s: &str) -> Vec<String> {
    s.split('\n').filter(|l| !l.is_empty()).map(String::from).collect()
}

/// The matrix's `- {q: "...", ...}` lines of a section; the quoted text is a JSON string.
fn cases(section: &str) -> Vec<(String, String)> {
    let text = read("grammar/tests.yaml");
    let mut inside = false;
    let mut v = Vec::new();
    for l in text.lines() {
        if !l.starts_with(' ') && !l.starts_with('#') && l.ends_with(':') {
            inside = l == format!("{}:", section);
        }
        let t = l.trim_start();
        if !inside || !t.starts_with("- {q: \"") {
            continue;
        }
        let body = &t[6..];
        let mut end = 1;
        let b = body.as_bytes();
        while b[end] != b'"' {
            end += if b[end] == b'\\' { 2 } else { 1 };
        }
        let q = Value::parse(&body[..=end]).unwrap();
        v.push((q.as_str().unwrap().to_string(), body[end + 1..].to_string()));
    }
    v
}

fn samples() -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(path("tests/samples")).unwrap()
        .map(|e| format!("tests/samples/{}", e.unwrap().file_name().to_string_lossy())).collect();
    v.sort();
    v.push("bindings/cases/unicode.txt".to_string());
    v
}

#[test]
fn matrix() {
    let reqs: Vec<String> = cases("infer").into_iter().map(|c| c.0).collect();
    assert!(reqs.len() >= 50);
    let want = lines(&cli(&["infer", "--batch"], Some(&(reqs.join("\n") + "\n"))));
    assert_eq!(want.len(), reqs.len());
    for (q, w) in reqs.iter().zip(&want) {
        assert_eq!(&parlance::infer_json(q), w, "{}", q);
        assert_eq!(parlance::infer(q), Value::parse(w).unwrap(), "{}", q);
    }
}

#[test]
fn gate() {
    let gate = cases("gate");
    assert!(gate.len() > 10);
    for (q, rest) in gate {
        assert_eq!(parlance::is_retrieval_request(&q), rest.contains("gate: true"), "{}", q);
    }
}

#[test]
fn split_samples_and_golden_rules() {
    for name in samples() {
        let want = lines(&cli(&["split", "--jsonl", &path(&name)], None));
        assert_eq!(parlance::split_json(&read(&name)), format!("[{}]", want.join(",")), "{}", name);
    }
    let rules = Value::parse(&read("tests/data/golden_rules_en.json")).unwrap();
    for r in rules["cases"].as_array().unwrap() {
        let text = r["text"].as_str().unwrap();
        let want = lines(&cli(&["split", "--jsonl", "-"], Some(text)));
        assert_eq!(parlance::split_json(text), format!("[{}]", want.join(",")), "{}", text);
    }
}

#[test]
fn profile() {
    for name in samples() {
        let at = "2024-01-01T00:00:00Z";
        let want = cli(&["profile", "--at", at, &path(&name)], None);
        let text = read(&name);
        assert_eq!(Document::analyzed_at(&text, Some(at)).profile_json(true), want, "{}", name);
        let bare = cli(&["profile", "--no-sentences", "--at", at, &path(&name)], None);
        assert_eq!(Document::analyzed_at(&text, Some(at)).profile_json(false), bare, "{}", name);
    }
}

#[test]
fn answers() {
    let mut groups: Vec<((String, String), Vec<String>)> = Vec::new();
    for l in read("tests/golden/ask.cases").lines() {
        let f: Vec<&str> = l.split('\t').collect();
        if l.starts_with('#') || f.len() != 3 {
            continue;
        }
        let key = (f[0].to_string(), f[1].to_string());
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.1.push(f[2].to_string()),
            None => groups.push((key, vec![f[2].to_string()])),
        }
    }
    let mut n = 0;
    for ((sample, flags), reqs) in groups {
        let name = format!("tests/samples/{}", sample);
        let file = path(&name);
        let mut args = vec!["ask", "--json"];
        if flags != "-" {
            args.extend(flags.split(' '));
        }
        args.push(&file);
        let want = lines(&cli(&args, Some(&(reqs.join("\n") + "\n"))));
        let text = read(&name);
        let doc = Document::new(&text);
        for (q, w) in reqs.iter().zip(&want) {
            assert_eq!(&doc.answer_json(q, flags.contains("--substring")), w, "{}", q);
            n += 1;
        }
    }
    assert!(n > 50);
}

#[test]
fn offsets_slice_str() {
    let doc = "Naïve résumés. 😀 Emoji here! Then 👩‍💻 coding. Done.";
    let got: Vec<&str> = parlance::split(doc).iter().map(|s| &doc[s.start..s.end]).collect();
    assert_eq!(got, ["Naïve résumés.", "😀 Emoji here!", "Then 👩‍💻 coding.", "Done."]);
    let s = &parlance::split(doc)[1];
    assert_eq!((s.char_start, s.char_end), (15, 28));
    let a = parlance::answer(doc, "find coding");
    let span = &a["spans"][0];
    assert_eq!(&doc[span["start"].as_usize().unwrap()..span["end"].as_usize().unwrap()], "coding");
    assert_eq!(parlance::profile(doc)["charCount"].as_usize(), Some(doc.chars().count()));
    assert_eq!(parlance::infer("find \"café 😀\"")["search"].as_str(), Some("café 😀"));
}

#[test]
fn verbs_and_dialect() {
    let config = Config::from_json(&read("bindings/cases/config.json")).unwrap();
    let yaml = path("bindings/cases/config.yaml");
    for w in lines(&read("bindings/cases/verbs.txt")) {
        assert_eq!(parlance::verb_json(&w, None) + "\n", cli(&["verb", &w], None), "{}", w);
        assert_eq!(parlance::verb_json(&w, Some(&config)) + "\n", cli(&["verb", &w, "--config", &yaml], None), "{}", w);
    }
    let messages = read("bindings/cases/dialect.txt");
    let messages: Vec<&str> = messages.split("\n%%\n").collect();
    assert!(messages.len() >= 10);
    for m in messages {
        assert_eq!(parlance::dialect_json(m, None) + "\n", cli(&["dialect", "-"], Some(m)), "{}", m);
        assert_eq!(parlance::dialect_json(m, Some(&config)) + "\n", cli(&["dialect", "--config", &yaml, "-"], Some(m)),
                   "{}", m);
    }
}

#[test]
fn refused_config() {
    let e = Config::from_json(r#"{"verbs": {"notify": {"aliases": ["ping"]}}}"#).err().unwrap();
    assert!(e.0.contains("a new verb needs maps_to: 'notify'"), "{}", e);
    assert!(e.0.starts_with("parlance: config: byte "), "{}", e);
    assert!(Config::from_json(r#"{"verbs": {"recall": {"maps_to": "x"}}}"#).is_err());
    assert!(Config::from_json("{\"verbs\": [}").is_err());
}

#[test]
fn analyzed_now() {
    let cli_at = || {
        let p = Value::parse(&cli(&["profile", "-"], Some("x"))).unwrap();
        p["analyzedAt"].as_str().unwrap()[..16].to_string()
    };
    let before = cli_at();
    let p = Document::new("One. Two.").profile();
    let after = cli_at();
    let at = p["analyzedAt"].as_str().unwrap();
    assert_eq!(at.len(), 24, "{}", at);
    assert!(at[..16] == before || at[..16] == after, "{} vs the CLI's {} / {}", at, before, after);
}

#[test]
fn describe() {
    assert_eq!(parlance::describe_json(), cli(&["describe", "--json"], None));
    assert_eq!(parlance::describe()["name"].as_str(), Some("GET_EXACT_QUOTE"));
}

#[test]
fn version() {
    let v = cli(&["--version"], None);
    assert_eq!(Some(parlance::version()), v.lines().next().unwrap().split(' ').nth(1));
    assert_eq!(parlance::version(), env!("CARGO_PKG_VERSION"));
    assert!(parlance::grammar_id().len() >= 16);
}
