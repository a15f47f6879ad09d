//! Fatal streaming decode against encoding_rs, what happens after each error included, for every
//! encoding of the standard: random inputs (biased toward malformed and truncated sequences, with
//! BOMs at the start and inside) split into random chunks, each chunk one TextDecoder call
//! `decode(chunk, {stream: true})` in fatal mode, the final one without `stream`. A call that
//! throws drops the rest of its chunk and the stream goes on with the next chunk (the decoder
//! keeps its state, "BOM seen" as before that call; after a final call it is reset). Per call, the
//! output and whether it threw must be the same.
//!
//! The oracle is encoding_rs's decoder without BOM handling, given the same chunks
//! (`decode_to_utf16_without_replacement`, `last` for the final one), with the TextDecoder's BOM
//! rule applied here: "BOM seen" is set only by a call that returns and whose output has at least
//! one unit, and the first unit of such a call is dropped if it is U+FEFF and BOM seen was false
//! (UTF-8 and UTF-16BE/LE, unless ignoreBOM).

use text_encoding_wasm::Encoding;

mod common;
use common::calls::{oracle_calls, our_calls, Call};
use common::inputs::{
    random_cjk_input, random_single_byte_input, random_utf16_input, random_utf8_input,
};
use common::{hex, hex16, single_byte_encodings, Failures, Rng};

/// The encoding's BOM as bytes (UTF-8's for the encodings that have none).
fn bom(e: Encoding) -> &'static [u8] {
    match e {
        Encoding::Utf16Le => b"\xFF\xFE",
        Encoding::Utf16Be => b"\xFE\xFF",
        _ => b"\xEF\xBB\xBF",
    }
}

/// One to three random inputs of the encoding's family run together, with a BOM at the start,
/// inside, both or neither.
fn random_stream(rng: &mut Rng, e: Encoding) -> Vec<u8> {
    let mut bytes = Vec::new();
    for _ in 0..1 + rng.below(3) {
        bytes.extend(match e {
            Encoding::Utf8 | Encoding::Replacement => random_utf8_input(rng),
            Encoding::Utf16Le | Encoding::Utf16Be => {
                random_utf16_input(rng, e == Encoding::Utf16Be)
            }
            _ if e.is_cjk() => random_cjk_input(rng, e),
            _ => random_single_byte_input(rng),
        });
    }
    if rng.below(4) == 0 {
        let at = rng.below(bytes.len() + 1);
        bytes.splice(at..at, bom(e).iter().copied());
    }
    if rng.below(3) == 0 {
        bytes.splice(0..0, bom(e).iter().copied());
    }
    bytes
}

/// Up to 7 random cut points (empty chunks included).
fn random_bounds(rng: &mut Rng, len: usize) -> Vec<usize> {
    let mut bounds: Vec<usize> = (0..rng.below(8)).map(|_| rng.below(len + 1)).collect();
    bounds.push(0);
    bounds.push(len);
    bounds.sort_unstable();
    bounds
}

/// `count` random streams of each encoding in `encodings` (`what`), in both BOM modes, against
/// the oracle.
fn check(what: &str, encodings: &[Encoding], count: usize, seed: u64) {
    let mut f = Failures::default();
    let mut rng = Rng::new(seed);
    let mut threw = 0;
    for &e in encodings {
        for _ in 0..count {
            let bytes = random_stream(&mut rng, e);
            let bounds = random_bounds(&mut rng, bytes.len());
            for ignore_bom in [false, true] {
                let tiny = rng.coin();
                let ours = our_calls(e, ignore_bom, &bytes, &bounds, tiny);
                let expected = oracle_calls(e, ignore_bom, &bytes, &bounds);
                threw += ours.iter().filter(|c| c.is_none()).count();
                f.check(ours == expected, || {
                    let show = |calls: &[Call]| {
                        calls
                            .iter()
                            .map(|c| c.as_deref().map_or("error".into(), hex16))
                            .collect::<Vec<_>>()
                            .join(" | ")
                    };
                    format!(
                        "{} ignore_bom={ignore_bom} tiny={tiny} [{}] split {bounds:?}:\n  ours   {}\n  oracle {}",
                        e.name(),
                        hex(&bytes),
                        show(&ours),
                        show(&expected)
                    )
                });
            }
        }
    }
    // The inputs are meant to make calls throw and streams go on after it.
    assert!(threw >= count, "only {threw} calls threw");
    f.finish(&format!("{what}, fatal streams ({threw} calls threw)"));
}

#[test]
fn utf8_and_replacement_fatal_streams() {
    check(
        "UTF-8 and replacement",
        &[Encoding::Utf8, Encoding::Replacement],
        20_000,
        1,
    );
}

#[test]
fn utf16_fatal_streams() {
    check(
        "UTF-16LE and UTF-16BE",
        &[Encoding::Utf16Le, Encoding::Utf16Be],
        20_000,
        2,
    );
}

#[test]
fn single_byte_and_x_user_defined_fatal_streams() {
    let mut encodings = single_byte_encodings();
    encodings.push(Encoding::XUserDefined);
    check("single-byte and x-user-defined", &encodings, 3000, 3);
}

#[cfg(feature = "cjk")]
#[test]
fn cjk_fatal_streams() {
    let encodings: Vec<Encoding> = Encoding::ALL
        .iter()
        .copied()
        .filter(|e| e.is_cjk())
        .collect();
    assert_eq!(encodings.len(), 7);
    check("CJK", &encodings, 15_000, 4);
}
