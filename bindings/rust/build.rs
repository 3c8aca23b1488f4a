// SPDX-License-Identifier: MIT
// Compiles the C library (runtime/ and gen/ of the repository, plain C11 with
// no dependencies) with the system's C compiler into a static library: no
// crates.io dependency, so Debian's cargo builds it offline. PARLANCE_SRC
// names the repository when the crate is used from elsewhere; CC, CFLAGS
// and AR are honoured.
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;

fn sources(top: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for dir in ["runtime", "gen"] {
        let d = top.join(dir);
        println!("cargo:rerun-if-changed={}", d.display());
        for e in fs::read_dir(&d).unwrap_or_else(|e| panic!("parlance: {}: {}", d.display(), e)) {
            let p = e.expect("parlance: reading the sources").path();
            if p.extension().map_or(false, |x| x == "c") {
                v.push(p);
            }
        }
    }
    v.sort();
    v
}

fn compile(cc: &str, flags: &[String], top: &Path, src: &Path, obj: &Path) {
    let status = Command::new(cc)
        .args(["-std=c11", "-O2", "-fPIC", "-fvisibility=hidden"])
        .args(flags)
        .arg("-I").arg(top.join("runtime"))
        .arg("-I").arg(top.join("gen"))
        .arg("-c").arg(src)
        .arg("-o").arg(obj)
        .status()
        .unwrap_or_else(|e| panic!("parlance: cannot run the C compiler '{}': {}", cc, e));
    assert!(status.success(), "parlance: {} did not compile", src.display());
}

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let top = env::var("PARLANCE_SRC").map(PathBuf::from).unwrap_or_else(|_| manifest.join("../.."));
    assert!(top.join("runtime/parlance.h").is_file(),
            "parlance: no C sources at {} (set PARLANCE_SRC to the repository)", top.display());
    println!("cargo:rerun-if-env-changed=PARLANCE_SRC");
    println!("cargo:rerun-if-env-changed=CC");
    println!("cargo:rerun-if-env-changed=CFLAGS");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let cc = env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let flags: Vec<String> = env::var("CFLAGS").unwrap_or_default().split_whitespace().map(String::from).collect();
    let srcs = sources(&top);
    let objs: Vec<PathBuf> = srcs
        .iter()
        .map(|s| out.join(format!("{}-{}.o", s.parent().unwrap().file_name().unwrap().to_string_lossy(),
                                  s.file_stem().unwrap().to_string_lossy())))
        .collect();
    // Two at a time: the machines this is built on are small.
    let jobs: Vec<(PathBuf, PathBuf)> = srcs.into_iter().zip(objs.iter().cloned()).collect();
    let half = (jobs.len() + 1) / 2;
    thread::scope(|s| {
        for part in jobs.chunks(half.max(1)) {
            let (cc, flags, top) = (&cc, &flags, &top);
            s.spawn(move || for (src, obj) in part { compile(cc, flags, top, src, obj) });
        }
    });
    let lib = out.join("libparlance.a");
    let _ = fs::remove_file(&lib);
    let ar = env::var("AR").unwrap_or_else(|_| "ar".to_string());
    let status = Command::new(&ar).arg("rcs").arg(&lib).args(&objs).status()
        .unwrap_or_else(|e| panic!("parlance: cannot run '{}': {}", ar, e));
    assert!(status.success(), "parlance: {} failed", ar);
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=parlance");
}
