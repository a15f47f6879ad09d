//! `cargo run --release --example detect -- [--tld TLD] [--no-utf8] [--costs] FILE...`: the
//! detector's guess for each file (standard input for `-`), with its candidates; `--costs` adds
//! every reading's cost in bits and its language model, for looking into a guess.

use std::io::Read;
use std::process::ExitCode;

use text_encoding_wasm::detect::{Detector, Hint};

fn main() -> ExitCode {
    let (mut tld, mut allow_utf8, mut costs, mut files) = (String::new(), true, false, Vec::new());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--tld" => tld = args.next().unwrap_or_default().to_ascii_lowercase(),
            "--no-utf8" => allow_utf8 = false,
            "--costs" => costs = true,
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        eprintln!("usage: detect [--tld TLD] [--no-utf8] [--costs] FILE...");
        return ExitCode::from(2);
    }
    for file in files {
        let mut bytes = Vec::new();
        let read = if file == "-" {
            std::io::stdin().read_to_end(&mut bytes).map(|_| ())
        } else {
            std::fs::read(&file).map(|b| bytes = b)
        };
        if let Err(e) = read {
            eprintln!("detect: cannot read {file}: {e}");
            return ExitCode::from(1);
        }
        let mut detector = Detector::new();
        detector.feed(&bytes);
        let guess = detector.guess(Hint {
            tld: tld.as_bytes(),
            allow_utf8,
        });
        match guess.encoding {
            Some(e) => println!("{file}: {} ({:.3})", e.name(), guess.confidence),
            None => println!("{file}: not text ({:.3})", guess.confidence),
        }
        for c in &guess.candidates {
            println!("  {:16} {:.4}", c.encoding.name(), c.confidence);
        }
        if costs {
            let mut all = detector.reading_costs();
            all.sort_by_key(|c| c.2);
            for (encoding, model, bits) in all {
                println!("  {:16} {:10} {bits} bits", encoding.name(), model);
            }
        }
    }
    ExitCode::SUCCESS
}
