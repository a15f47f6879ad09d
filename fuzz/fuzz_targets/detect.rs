//! Fuzz target `detect`: the encoding detector on any bytes, fed whole and in fuzzer-chosen
//! chunks, with and without UTF-8 allowed and with a top-level-domain hint.
//!
//! Asserts: no panic; the chunked guess equals the whole one; confidences are in 0..=1, the
//! candidates are ranked best first with one entry per encoding, and the answer is the first
//! candidate (or `None`, with no candidates, for bytes that are not text).
//!
//! Input: `[flags, chunk lengths..., payload...]`; flags bit 0 allows UTF-8, bit 1 adds the hint
//! "jp", bits 4..=7 how many chunk lengths (in bytes) follow.

#![no_main]

use libfuzzer_sys::fuzz_target;
use text_encoding_wasm::detect::{detect, Detector, Hint};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else { return };
    let chunks = ((flags >> 4) as usize).min(rest.len());
    let (lengths, payload) = rest.split_at(chunks);
    let hint = Hint { tld: if flags & 2 != 0 { b"jp" } else { b"" }, allow_utf8: flags & 1 != 0 };

    let whole = detect(payload, hint);
    let mut detector = Detector::new();
    let mut at = 0;
    for &n in lengths {
        let end = (at + n as usize).min(payload.len());
        detector.feed(&payload[at..end]);
        at = end;
    }
    detector.feed(&payload[at..]);
    assert_eq!(detector.guess(hint), whole);

    assert!((0.0..=1.0).contains(&whole.confidence));
    match whole.encoding {
        None => assert!(whole.candidates.is_empty()),
        Some(e) => assert_eq!(whole.candidates.first().map(|c| c.encoding), Some(e)),
    }
    for pair in whole.candidates.windows(2) {
        assert!(pair[0].confidence >= pair[1].confidence);
    }
    let mut encodings: Vec<usize> = whole.candidates.iter().map(|c| c.encoding.ordinal()).collect();
    encodings.sort_unstable();
    encodings.dedup();
    assert_eq!(encodings.len(), whole.candidates.len());
    assert!(whole.candidates.iter().all(|c| (0.0..=1.0).contains(&c.confidence)));
});
