//! Fuzz target `decode`: any encoding, either error mode, either BOM mode, decoded whole and
//! split at fuzzer-chosen points (with `max_utf16_buffer_length` or tiny output buffers).
//!
//! Asserts: no panic; the split decode equals the whole decode (same output; in fatal mode an
//! error in both after the same output); for every encoding, equality with encoding_rs (decoding
//! without BOM handling, then the TextDecoder's "serialize I/O queue": one leading U+FEFF dropped
//! for UTF-8 and UTF-16BE/LE unless `ignore_bom`): the same output, or in fatal mode an error
//! after the same output; and in fatal mode, the chunks decoded as TextDecoder calls that go on
//! after an error (the rest of the chunk that threw dropped) give, call by call, what encoding_rs
//! gives (tests/common/calls.rs, shared with tests/fatal_streams.rs). Where in its input an error
//! leaves a decoder, and so what such a call drops, can depend on the chunks (UTF-16 after an
//! unpaired leading surrogate, as in encoding_rs), so the split and whole positions are not
//! compared with each other. encoding_rs 0.8.44 follows the Living Standard for the CJK encodings
//! too (see tests/cjk_differential.rs), so none is excluded.
//!
//! Input: `[encoding, flags, chunk lengths..., payload...]`; `Encoding::ALL[encoding % 40]`;
//! flags bit 0 fatal, bit 1 ignore BOM, bit 2 tiny buffers, bit 3 end-of-queue in a separate
//! empty call, bits 4..=7 how many chunk lengths follow.

#![no_main]

use libfuzzer_sys::fuzz_target;
use text_encoding_wasm::{Decoder, DecoderResult, Encoding};

#[path = "../../tests/common/calls.rs"]
mod calls;

#[derive(Debug, PartialEq)]
enum Decoded {
    Ok(Vec<u16>),
    Malformed { read: usize, prefix: Vec<u16> },
}

struct Mode {
    fatal: bool,
    ignore_bom: bool,
    tiny: bool,
    flush_separately: bool,
}

/// Decodes `bytes` in the chunks `bounds` delimits, each with `last == false` except the final
/// one (or a separate empty call).
fn decode_stream(e: Encoding, bytes: &[u8], bounds: &[usize], mode: &Mode) -> Decoded {
    // Tiny output buffers, cycled; 3 units guarantee progress.
    const TINY: [usize; 3] = [3, 1, 2];
    let mut decoder = Decoder::new(e, mode.ignore_bom);
    let (mut out, mut read_total) = (Vec::new(), 0);
    let (mut buf, mut calls, mut stalled) = (Vec::new(), 0usize, false);
    let chunks = bounds.len() - 1;
    for k in 0..chunks + usize::from(mode.flush_separately) {
        let (chunk, last) = if k < chunks {
            (
                &bytes[bounds[k]..bounds[k + 1]],
                !mode.flush_separately && k + 1 == chunks,
            )
        } else {
            (&[][..], true)
        };
        let mut pos = 0;
        loop {
            calls += 1;
            let cap = match (mode.tiny, stalled) {
                (true, true) => 3,
                (true, false) => TINY[calls % TINY.len()],
                (false, _) => decoder
                    .max_utf16_buffer_length(chunk.len() - pos)
                    .expect("no overflow"),
            };
            buf.clear();
            buf.resize(cap, 0);
            let (result, r, w) = if mode.fatal {
                decoder.decode_to_utf16_without_replacement(&chunk[pos..], &mut buf, last)
            } else {
                let (result, r, w, _) = decoder.decode_to_utf16(&chunk[pos..], &mut buf, last);
                assert_ne!(result, DecoderResult::Malformed);
                (result, r, w)
            };
            assert!(r <= chunk.len() - pos && w <= cap);
            out.extend_from_slice(&buf[..w]);
            pos += r;
            read_total += r;
            match result {
                DecoderResult::InputEmpty => {
                    assert_eq!(pos, chunk.len(), "InputEmpty before the end of the input");
                    break;
                }
                DecoderResult::OutputFull => {
                    assert!(mode.tiny, "OutputFull despite max_utf16_buffer_length");
                    stalled = r + w == 0;
                    assert!(!stalled || cap < 3, "no progress with 3 units of room");
                }
                DecoderResult::Malformed => {
                    return Decoded::Malformed {
                        read: read_total,
                        prefix: out,
                    };
                }
            }
        }
    }
    Decoded::Ok(out)
}

fn strip_bom(mut units: Vec<u16>, strip: bool) -> Vec<u16> {
    if strip && units.first() == Some(&0xFEFF) {
        units.remove(0);
    }
    units
}

/// The oracle's expectation: the whole output, or `Err(output before the first error)`.
fn oracle(e: Encoding, bytes: &[u8], fatal: bool, ignore_bom: bool) -> Result<Vec<u16>, Vec<u16>> {
    let o = encoding_rs::Encoding::for_label(e.name().as_bytes()).expect("every name is a label");
    assert_eq!(o.name(), e.name());
    let strip = !ignore_bom && matches!(e, Encoding::Utf8 | Encoding::Utf16Be | Encoding::Utf16Le);
    if !fatal {
        let (s, _) = o.decode_without_bom_handling(bytes);
        return Ok(strip_bom(s.encode_utf16().collect(), strip));
    }
    let mut d = o.new_decoder_without_bom_handling();
    let mut buf = vec![0u16; d.max_utf16_buffer_length(bytes.len()).unwrap()];
    let (result, _, written) = d.decode_to_utf16_without_replacement(bytes, &mut buf, true);
    buf.truncate(written);
    match result {
        encoding_rs::DecoderResult::InputEmpty => Ok(strip_bom(buf, strip)),
        encoding_rs::DecoderResult::Malformed(..) => Err(strip_bom(buf, strip)),
        encoding_rs::DecoderResult::OutputFull => unreachable!("oracle buffer too small"),
    }
}

fuzz_target!(|data: &[u8]| {
    let [encoding, flags, rest @ ..] = data else {
        return;
    };
    let e = Encoding::ALL[usize::from(*encoding) % Encoding::ALL.len()];
    let mode = Mode {
        fatal: flags & 1 != 0,
        ignore_bom: flags & 2 != 0,
        tiny: flags & 4 != 0,
        flush_separately: flags & 8 != 0,
    };
    let cuts = usize::from(flags >> 4).min(rest.len());
    let (lengths, bytes) = rest.split_at(cuts);
    let mut bounds = vec![0];
    for &len in lengths {
        let next = (bounds[bounds.len() - 1] + usize::from(len)).min(bytes.len());
        bounds.push(next);
    }
    bounds.push(bytes.len());

    // Whole: one call, as a TextDecoder's decode() without `stream`.
    let whole = e.decode_utf16(bytes, mode.fatal, mode.ignore_bom);
    // Whole through the streaming API (one chunk, `last`), for the error position.
    let whole_stream = decode_stream(
        e,
        bytes,
        &[0, bytes.len()],
        &Mode {
            tiny: false,
            flush_separately: false,
            ..mode
        },
    );
    match (&whole, &whole_stream) {
        (Ok(a), Decoded::Ok(b)) => assert_eq!(a, b),
        (Err(()), Decoded::Malformed { .. }) => assert!(mode.fatal),
        _ => panic!("decode_utf16 {whole:?} but one streaming call {whole_stream:?}"),
    }
    let split = decode_stream(e, bytes, &bounds, &mode);
    match (&split, &whole_stream) {
        (Decoded::Malformed { prefix: a, .. }, Decoded::Malformed { prefix: b, .. }) => {
            assert_eq!(a, b, "split at {bounds:?}")
        }
        _ => assert_eq!(split, whole_stream, "split at {bounds:?}"),
    }

    if e.is_supported() {
        match (oracle(e, bytes, mode.fatal, mode.ignore_bom), whole_stream) {
            (Ok(expected), Decoded::Ok(ours)) => assert_eq!(ours, expected),
            (Err(expected), Decoded::Malformed { prefix, .. }) => assert_eq!(prefix, expected),
            (expected, ours) => panic!("ours {ours:?}, encoding_rs {expected:?}"),
        }
        if mode.fatal {
            let mut bounds = bounds;
            if mode.flush_separately {
                bounds.push(bytes.len());
            }
            assert_eq!(
                calls::our_calls(e, mode.ignore_bom, bytes, &bounds, mode.tiny),
                calls::oracle_calls(e, mode.ignore_bom, bytes, &bounds),
                "TextDecoder calls of {bounds:?}"
            );
        }
    }
});
