// SPDX-License-Identifier: MIT
// cargo run --release --example bench -- REQUESTS DOC: mean ns per call of
// infer (parsed), infer_json (the text) and split (parsed) through the
// crate, median of 5 runs on the process's CPU clock (tests/bench_bindings.sh).

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
}
const CLOCK_PROCESS_CPUTIME_ID: i32 = 2; // Linux

fn cpu_ns() -> f64 {
    let mut ts = Timespec { sec: 0, nsec: 0 };
    unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    ts.sec as f64 * 1e9 + ts.nsec as f64
}

fn measure(mut f: impl FnMut(usize), calls: usize) -> String {
    let mut t: Vec<f64> = (0..5)
        .map(|_| {
            let t0 = cpu_ns();
            for k in 0..calls {
                f(k);
            }
            (cpu_ns() - t0) / calls as f64
        })
        .collect();
    t.sort_by(|a, b| a.partial_cmp(b).unwrap());
    format!("{:.1}", t[2])
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let reqs: Vec<String> = std::fs::read_to_string(&args[1]).unwrap().lines()
        .filter(|l| !l.is_empty()).map(String::from).collect();
    let doc = std::fs::read_to_string(&args[2]).unwrap();
    let n = reqs.len();
    let mut sink = 0usize;
    let infer = measure(|k| sink += parlance::infer(&reqs[k % n]).get("mode").is_some() as usize, 1_000_000);
    let json = measure(|k| sink += parlance::infer_json(&reqs[k % n]).len(), 1_000_000);
    let split = measure(|_| sink += parlance::split(&doc).len(), 10_000);
    println!("infer {} infer_json {} split {}", infer, json, split);
    eprintln!("({})", sink % 2);
}
