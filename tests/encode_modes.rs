//! Differential tests of the encode modes built on "encode or fail" (the standard entry's
//! `encodeOrFail`, `percentEncodeAfterEncoding` and the non-standard "replace" mode, in
//! js/idl/encode-modes.js) against encoding_rs 0.8.44: for every encoding that has an encoder, random
//! UTF-16 inputs mixing code points the encoding can and cannot represent (lone surrogates,
//! ISO-2022-JP's Roman and jis0208 code points and its U+000E/U+000F/U+001B errors, gb18030's
//! four-byte range and U+E5E5) are run the way js/idl/encode-modes.js runs the wasm encoder: "encode or
//! fail" repeated on one encoder until the input is consumed, keeping the bytes before each
//! unmappable code point and the encoder's state across it. The runs (bytes and code point) must
//! be the same, and so must the "replace" output, where each replacement ("?", "\", "¥" or "〓",
//! whichever the encoding can encode) goes through the same encoder.

use text_encoding_wasm::{Encoder, EncoderResult, Encoding};

mod common;
use common::{hex, oracle, Rng};

/// Code points that exercise every encoder's mappable and unmappable paths.
const POOL: &[u32] = &[
    0x41, 0x5C, 0x7E, 0x20, 0x0E, 0x0F, 0x1B, 0x80, 0xA5, 0xE9, 0xFF, 0x100, 0x3B1, 0x416, 0x203E,
    0x20AC, 0x2212, 0x2261, 0x203D, 0x3042, 0x30A2, 0x4E2D, 0x65E5, 0xAC00, 0xD55C, 0xE5E5, 0xE7C7,
    0xF780, 0xFF0D, 0xFF71, 0xFF9F, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF, 0x20000,
];

/// A random UTF-16 input: pool code points, random BMP ones and lone surrogates.
fn random_units(rng: &mut Rng) -> Vec<u16> {
    let mut units = Vec::new();
    for _ in 0..rng.below(16) {
        match rng.below(10) {
            0 => units.push(0xD800 + rng.below(0x800) as u16),
            1 => units.push(rng.below(0xD800) as u16),
            _ => {
                let c = char::from_u32(rng.pick(POOL)).expect("scalar");
                let mut buf = [0u16; 2];
                units.extend_from_slice(c.encode_utf16(&mut buf));
            }
        }
    }
    units
}

/// One "encode or fail" run: its bytes and the code point it stopped at.
type Run = (Vec<u8>, Option<u32>);

/// "Encode or fail" until `input` is consumed, with `step(input, output, last)` as the encoder,
/// writing `replacement` (through `encode_replacement`) after each error; returns the runs and the
/// whole output with replacements.
fn runs_with<S, R>(input: &[u16], mut step: S, mut encode_replacement: R) -> (Vec<Run>, Vec<u8>)
where
    S: FnMut(&[u16], &mut Vec<u8>) -> (usize, Option<u32>),
    R: FnMut() -> Vec<u8>,
{
    let mut runs = Vec::new();
    let mut replaced = Vec::new();
    let mut at = 0;
    let mut current = Vec::new();
    loop {
        let (read, error) = step(&input[at..], &mut current);
        at += read;
        replaced.extend_from_slice(&current);
        runs.push((std::mem::take(&mut current), error));
        match error {
            Some(_) => replaced.extend(encode_replacement()),
            None => return (runs, replaced),
        }
    }
}

/// Why an encoder call stopped, ours or encoding_rs's.
enum Stop {
    InputEmpty,
    OutputFull,
    Unmappable(char),
}

impl From<EncoderResult> for Stop {
    fn from(result: EncoderResult) -> Stop {
        match result {
            EncoderResult::InputEmpty => Stop::InputEmpty,
            EncoderResult::OutputFull => Stop::OutputFull,
            EncoderResult::Unmappable(c) => Stop::Unmappable(c),
        }
    }
}

impl From<encoding_rs::EncoderResult> for Stop {
    fn from(result: encoding_rs::EncoderResult) -> Stop {
        match result {
            encoding_rs::EncoderResult::InputEmpty => Stop::InputEmpty,
            encoding_rs::EncoderResult::OutputFull => Stop::OutputFull,
            encoding_rs::EncoderResult::Unmappable(c) => Stop::Unmappable(c),
        }
    }
}

/// One fatal-mode call over all of `input` (end-of-queue processed when it is consumed), made
/// by `encode(input, output)` into a buffer of `room` bytes that grows on `OutputFull`, appending
/// to `out`: (units read, unmappable code point).
fn step(
    input: &[u16],
    out: &mut Vec<u8>,
    room: usize,
    mut encode: impl FnMut(&[u16], &mut [u8]) -> (Stop, usize, usize),
) -> (usize, Option<u32>) {
    let mut buf = vec![0u8; room];
    let (mut read, mut written) = (0, 0);
    loop {
        let (stop, r, w) = encode(&input[read..], &mut buf[written..]);
        read += r;
        written += w;
        let unmappable = match stop {
            Stop::InputEmpty => None,
            Stop::OutputFull => {
                buf.resize(buf.len() * 2 + 16, 0);
                continue;
            }
            Stop::Unmappable(c) => Some(c as u32),
        };
        out.extend_from_slice(&buf[..written]);
        return (read, unmappable);
    }
}

/// [`step`] with our encoder.
fn ours_step(encoder: &mut Encoder, input: &[u16], out: &mut Vec<u8>) -> (usize, Option<u32>) {
    let room = encoder.max_buffer_length(input.len()).expect("bound");
    step(input, out, room, |input, buf| {
        let (result, r, w) = encoder.encode_from_utf16_without_replacement(input, buf, true);
        (result.into(), r, w)
    })
}

/// [`step`] with encoding_rs.
fn oracle_step(
    encoder: &mut encoding_rs::Encoder,
    input: &[u16],
    out: &mut Vec<u8>,
) -> (usize, Option<u32>) {
    step(input, out, input.len() * 8 + 16, |input, buf| {
        let (result, r, w) = encoder.encode_from_utf16_without_replacement(input, buf, true);
        (result.into(), r, w)
    })
}

/// A mid-sequence (not `last`) fatal encode of `units` with our encoder; None if unmappable.
fn ours_middle(encoder: &mut Encoder, units: &[u16]) -> Option<Vec<u8>> {
    let mut buf = vec![0u8; encoder.max_buffer_length(units.len()).expect("bound")];
    match encoder.encode_from_utf16_without_replacement(units, &mut buf, false) {
        (EncoderResult::InputEmpty, _, w) => Some(buf[..w].to_vec()),
        _ => None,
    }
}

/// The same with encoding_rs.
fn oracle_middle(encoder: &mut encoding_rs::Encoder, units: &[u16]) -> Option<Vec<u8>> {
    let mut buf = vec![0u8; units.len() * 8 + 16];
    match encoder.encode_from_utf16_without_replacement(units, &mut buf, false) {
        (encoding_rs::EncoderResult::InputEmpty, _, w) => Some(buf[..w].to_vec()),
        _ => None,
    }
}

/// Every encoding with an encoder: ours and encoding_rs's.
fn encoders() -> Vec<(Encoding, &'static encoding_rs::Encoding)> {
    Encoding::ALL
        .iter()
        .copied()
        .filter(|e| e.is_supported() && e.output_encoding() == *e && *e != Encoding::Replacement)
        .map(|e| (e, oracle(e)))
        .collect()
}

#[test]
fn encode_or_fail_runs_and_replace_mode_match_encoding_rs() {
    let list = encoders();
    assert!(list.len() >= 30, "{} encoders", list.len());
    let mut failures = Vec::new();
    let mut compared = 0usize;
    for (index, &(ours, theirs)) in list.iter().enumerate() {
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15 ^ (index as u64 + 1));
        // The replacement: the first of these the encoding can encode.
        let replacement: Vec<u16> = ["\u{3013}", "\u{A5}", "\\", "?"]
            .iter()
            .map(|s| s.encode_utf16().collect::<Vec<u16>>())
            .find(|r| ours_middle(&mut Encoder::new(ours), r).is_some())
            .expect("a replacement");
        for case in 0..1500 {
            let input = if case == 0 {
                Vec::new()
            } else {
                random_units(&mut rng)
            };
            let (my_runs, my_replaced) = {
                let cell = std::cell::RefCell::new(Encoder::new(ours));
                runs_with(
                    &input,
                    |i, out| ours_step(&mut cell.borrow_mut(), i, out),
                    || ours_middle(&mut cell.borrow_mut(), &replacement).expect("replacement"),
                )
            };
            let (their_runs, their_replaced) = {
                let cell = std::cell::RefCell::new(theirs.new_encoder());
                runs_with(
                    &input,
                    |i, out| oracle_step(&mut cell.borrow_mut(), i, out),
                    || oracle_middle(&mut cell.borrow_mut(), &replacement).expect("replacement"),
                )
            };
            compared += 1;
            if my_runs != their_runs || my_replaced != their_replaced {
                failures.push(format!(
                    "{}: input {:04X?}: runs {:?} vs {:?}; replace {} vs {}",
                    ours.name(),
                    input,
                    my_runs,
                    their_runs,
                    hex(&my_replaced),
                    hex(&their_replaced)
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {compared} inputs differ; first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
}
