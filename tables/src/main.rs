//! `cargo run -p tables [-- --source DIR] [--profiles DIR] [--udhr DIR] [--check]`: writes (or, with --check, compares) the
//! generated tables under `tables/generated/`.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut source = tables::default_source_dir();
    let mut data = tables::detect::TrainingData::default_dirs();
    let mut check = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => check = true,
            "--profiles" => match args.next() {
                Some(dir) => data.profiles = PathBuf::from(dir),
                None => return fail("--profiles needs a directory"),
            },
            "--udhr" => match args.next() {
                Some(dir) => data.udhr = PathBuf::from(dir),
                None => return fail("--udhr needs a directory"),
            },
            "--source" => match args.next() {
                Some(dir) => source = PathBuf::from(dir),
                None => return fail("--source needs a directory"),
            },
            other => {
                return fail(&format!(
                    "unknown argument {other:?}; usage: generate-tables [--source DIR] [--profiles DIR] [--udhr DIR] [--check]"
                ))
            }
        }
    }
    let outputs = match tables::generate_all(&source, &data) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    let dir = tables::generated_dir();
    let mut stale = 0;
    for out in outputs {
        let path = dir.join(out.name);
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(out.text.as_str()) {
                eprintln!("stale: {}", path.display());
                stale += 1;
            }
        } else if let Err(e) = std::fs::write(&path, &out.text) {
            return fail(&format!("cannot write {}: {e}", path.display()));
        } else {
            println!("wrote {} ({} bytes)", path.display(), out.text.len());
        }
    }
    if stale > 0 {
        return fail(&format!(
            "{stale} generated file(s) differ; run `cargo run -p tables`"
        ));
    }
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("generate-tables: {message}");
    ExitCode::FAILURE
}
