//! Fuzz target `encode`: UTF-16 (lone surrogates included) encoded with any encoding's output
//! encoding, in either error mode, whole and split at fuzzer-chosen points (with
//! `max_buffer_length*` or tiny output buffers).
//!
//! Asserts: no panic; the split encode equals the whole encode (same output; in fatal mode the
//! same unmappable scalar value, reported at the same total position after the same output); and
//! for every output encoding (UTF-8, which UTF-16BE/LE and replacement encode as, the single-byte
//! encodings, x-user-defined and the CJK encoders), equality with encoding_rs on the USVString
//! (lone surrogates are U+FFFD): the same bytes, or in fatal mode the same unmappable scalar
//! value after the same output.
//!
//! Input: `[encoding, flags, chunk lengths..., payload...]`; `Encoding::ALL[encoding % 40]`;
//! flags bit 0 fatal, bit 2 tiny buffers, bit 3 end-of-queue in a separate empty call, bits 4..=7
//! how many chunk lengths (in code units) follow; the payload is UTF-16LE (an odd byte is
//! dropped).

#![no_main]

use libfuzzer_sys::fuzz_target;
use text_encoding_wasm::{Encoder, EncoderResult, Encoding};

#[derive(Debug, PartialEq)]
enum Encoded {
    Ok(Vec<u8>),
    Unmappable {
        c: char,
        read: usize,
        prefix: Vec<u8>,
    },
}

struct Mode {
    fatal: bool,
    tiny: bool,
    flush_separately: bool,
}

fn encode_stream(e: Encoding, units: &[u16], bounds: &[usize], mode: &Mode) -> Encoded {
    // Tiny output buffers, cycled; the first size guarantees progress.
    const TINY_FATAL: [usize; 4] = [4, 1, 2, 3];
    const TINY_HTML: [usize; 4] = [32, 17, 20, 25];
    let tiny = if mode.fatal { TINY_FATAL } else { TINY_HTML };
    let mut encoder = Encoder::new(e);
    let (mut out, mut read_total) = (Vec::new(), 0);
    let (mut buf, mut calls, mut stalled) = (Vec::new(), 0usize, false);
    let chunks = bounds.len() - 1;
    for k in 0..chunks + usize::from(mode.flush_separately) {
        let (chunk, last) = if k < chunks {
            (
                &units[bounds[k]..bounds[k + 1]],
                !mode.flush_separately && k + 1 == chunks,
            )
        } else {
            (&[][..], true)
        };
        let mut pos = 0;
        loop {
            calls += 1;
            let rest = chunk.len() - pos;
            let cap = match (mode.tiny, stalled, mode.fatal) {
                (true, true, _) => tiny[0],
                (true, false, _) => tiny[calls % tiny.len()],
                (false, _, true) => encoder.max_buffer_length(rest).expect("no overflow"),
                (false, _, false) => encoder.max_buffer_length_html(rest).expect("no overflow"),
            };
            buf.clear();
            buf.resize(cap, 0);
            let (result, r, w) = if mode.fatal {
                encoder.encode_from_utf16_without_replacement(&chunk[pos..], &mut buf, last)
            } else {
                let (result, r, w, _) = encoder.encode_from_utf16(&chunk[pos..], &mut buf, last);
                assert!(!matches!(result, EncoderResult::Unmappable(_)));
                (result, r, w)
            };
            assert!(r <= rest && w <= cap);
            out.extend_from_slice(&buf[..w]);
            pos += r;
            read_total += r;
            match result {
                EncoderResult::InputEmpty => {
                    assert_eq!(pos, chunk.len(), "InputEmpty before the end of the input");
                    break;
                }
                EncoderResult::OutputFull => {
                    assert!(mode.tiny, "OutputFull despite max_buffer_length");
                    stalled = r + w == 0;
                    assert!(
                        !stalled || cap < tiny[0],
                        "no progress with a guaranteed size"
                    );
                }
                EncoderResult::Unmappable(c) => {
                    return Encoded::Unmappable {
                        c,
                        read: read_total,
                        prefix: out,
                    };
                }
            }
        }
    }
    Encoded::Ok(out)
}

/// The oracle's expectation: all output, or `Err((c, output before c))`.
fn oracle(e: Encoding, units: &[u16], fatal: bool) -> Result<Vec<u8>, (char, Vec<u8>)> {
    let o = encoding_rs::Encoding::for_label(e.output_encoding().name().as_bytes())
        .expect("every name is a label");
    let s = String::from_utf16_lossy(units);
    if !fatal {
        let (bytes, used, _) = o.encode(&s);
        assert_eq!(used, o);
        return Ok(bytes.into_owned());
    }
    let mut encoder = o.new_encoder();
    let cap = encoder
        .max_buffer_length_from_utf8_without_replacement(s.len())
        .unwrap();
    let mut buf = vec![0u8; cap];
    let (result, _, written) = encoder.encode_from_utf8_without_replacement(&s, &mut buf, true);
    buf.truncate(written);
    match result {
        encoding_rs::EncoderResult::InputEmpty => Ok(buf),
        encoding_rs::EncoderResult::Unmappable(c) => Err((c, buf)),
        encoding_rs::EncoderResult::OutputFull => unreachable!("oracle buffer too small"),
    }
}

fuzz_target!(|data: &[u8]| {
    let [encoding, flags, rest @ ..] = data else {
        return;
    };
    let e = Encoding::ALL[usize::from(*encoding) % Encoding::ALL.len()];
    let mode = Mode {
        fatal: flags & 1 != 0,
        tiny: flags & 4 != 0,
        flush_separately: flags & 8 != 0,
    };
    let cuts = usize::from(flags >> 4).min(rest.len());
    let (lengths, payload) = rest.split_at(cuts);
    let units: Vec<u16> = payload
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
        .collect();
    let mut bounds = vec![0];
    for &len in lengths {
        let next = (bounds[bounds.len() - 1] + usize::from(len)).min(units.len());
        bounds.push(next);
    }
    bounds.push(units.len());

    // Whole: one call, as TextEncoder-like use (html mode) or a fatal encode.
    let whole = e.encode_utf16(&units, mode.fatal);
    // Whole through the streaming API (one chunk, `last`), for the error position.
    let whole_stream = encode_stream(
        e,
        &units,
        &[0, units.len()],
        &Mode {
            tiny: false,
            flush_separately: false,
            ..mode
        },
    );
    match (&whole, &whole_stream) {
        (Ok(a), Encoded::Ok(b)) => assert_eq!(a, b),
        (Err(a), Encoded::Unmappable { c, .. }) => assert_eq!(a, c),
        _ => panic!("encode_utf16 {whole:?} but one streaming call {whole_stream:?}"),
    }
    let split = encode_stream(e, &units, &bounds, &mode);
    assert_eq!(split, whole_stream, "split at {bounds:?}");

    let output = e.output_encoding();
    if output.is_supported() {
        match (oracle(e, &units, mode.fatal), whole_stream) {
            (Ok(expected), Encoded::Ok(ours)) => assert_eq!(ours, expected),
            (
                Err((c, expected)),
                Encoded::Unmappable {
                    c: ours, prefix, ..
                },
            ) => {
                assert_eq!((ours, prefix), (c, expected));
            }
            (expected, ours) => panic!("ours {ours:?}, encoding_rs {expected:?}"),
        }
    }
});
