//! Regenerates every table from ../shared/whatwg-encoding and compares it byte for byte with the
//! committed output. Skipped (with a note) when ../shared is not beside the repository.

#[test]
fn committed_tables_match_the_index_files() {
    let source = tables::default_source_dir();
    if !source.join("encodings.json").exists() {
        eprintln!("skipped: {} not present", source.display());
        return;
    }
    let outputs = tables::generate_all(&source, &tables::detect::TrainingData::default_dirs())
        .expect("generation succeeds");
    assert!(!outputs.is_empty());
    for out in outputs {
        let path = tables::generated_dir().join(out.name);
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{} missing: {e}", path.display()));
        assert!(
            committed == out.text,
            "{} differs from a fresh generation; run `cargo run -p tables`",
            out.name
        );
    }
}
