//! One TextDecoder `decode(chunk, {stream})` call per chunk in fatal mode, made with our
//! [`Decoder`] and with encoding_rs (the oracle, given the TextDecoder's BOM handling here), so
//! that the two can be compared call by call, what follows an error included. A call that throws
//! drops the rest of its chunk; the stream goes on with the next chunk.
//!
//! Shared by tests/fatal_streams.rs and, through `#[path]`, fuzz/fuzz_targets/decode.rs: it uses
//! nothing but the crate and encoding_rs.

use text_encoding_wasm::{Decoder, DecoderResult, Encoding};

/// What one call gave: its output, or `None` when it threw.
pub type Call = Option<Vec<u16>>;

/// Whether the TextDecoder drops a leading U+FEFF ("serialize I/O queue").
pub fn bom_rule_applies(e: Encoding, ignore_bom: bool) -> bool {
    !ignore_bom && matches!(e, Encoding::Utf8 | Encoding::Utf16Be | Encoding::Utf16Le)
}

/// The chunks `bounds` delimits (`bounds[0] == 0`, the last is the length, non-decreasing), each
/// with whether it is the final call.
pub fn chunks<'a>(bytes: &'a [u8], bounds: &'a [usize]) -> impl Iterator<Item = (&'a [u8], bool)> {
    let calls = bounds.len() - 1;
    bounds
        .windows(2)
        .enumerate()
        .map(move |(k, w)| (&bytes[w[0]..w[1]], k + 1 == calls))
}

/// Our decoder, one call per chunk as `decoder_decode` in src/wasm.rs makes it: output buffers of
/// `max_utf16_buffer_length` units, or, when `tiny`, of 3, 1 and 2 units in turn (looping on
/// `OutputFull`; 3, which guarantee progress, after a call that made none).
pub fn our_calls(
    e: Encoding,
    ignore_bom: bool,
    bytes: &[u8],
    bounds: &[usize],
    tiny: bool,
) -> Vec<Call> {
    const TINY: [usize; 3] = [3, 1, 2];
    let mut decoder = Decoder::new(e, ignore_bom);
    let (mut buf, mut turn, mut stalled) = (Vec::new(), 0, false);
    let mut calls = Vec::new();
    for (chunk, last) in chunks(bytes, bounds) {
        let (mut out, mut pos) = (Vec::new(), 0);
        let result = loop {
            turn += 1;
            let room = match (tiny, stalled) {
                (true, true) => TINY[0],
                (true, false) => TINY[turn % TINY.len()],
                (false, _) => decoder
                    .max_utf16_buffer_length(chunk.len() - pos)
                    .expect("no overflow"),
            };
            buf.resize(room, 0);
            let (result, read, written) =
                decoder.decode_to_utf16_without_replacement(&chunk[pos..], &mut buf, last);
            out.extend_from_slice(&buf[..written]);
            pos += read;
            if result != DecoderResult::OutputFull {
                break result;
            }
            assert!(tiny, "OutputFull with a buffer of the bound");
            stalled = read + written == 0;
            assert!(!stalled || room < TINY[0], "no progress");
        };
        calls.push(match result {
            DecoderResult::InputEmpty => {
                assert_eq!(pos, chunk.len(), "InputEmpty before the end of the chunk");
                Some(out)
            }
            _ => {
                decoder.end_call_after_error(last);
                None
            }
        });
    }
    calls
}

/// encoding_rs, one call per chunk, with the TextDecoder's BOM rule applied here.
pub fn oracle_calls(e: Encoding, ignore_bom: bool, bytes: &[u8], bounds: &[usize]) -> Vec<Call> {
    let theirs = encoding_rs::Encoding::for_label(e.name().as_bytes()).expect("every name");
    let mut decoder = theirs.new_decoder_without_bom_handling();
    let mut bom_seen = !bom_rule_applies(e, ignore_bom);
    let mut calls = Vec::new();
    for (chunk, last) in chunks(bytes, bounds) {
        let mut buf = vec![0u16; decoder.max_utf16_buffer_length(chunk.len()).unwrap()];
        let (result, _, written) =
            decoder.decode_to_utf16_without_replacement(chunk, &mut buf, last);
        calls.push(match result {
            encoding_rs::DecoderResult::InputEmpty => {
                let mut out = buf[..written].to_vec();
                if !bom_seen && !out.is_empty() {
                    bom_seen = true;
                    if out[0] == 0xFEFF {
                        out.remove(0);
                    }
                }
                Some(out)
            }
            // The rest of the chunk is never passed again.
            encoding_rs::DecoderResult::Malformed(..) => None,
            encoding_rs::DecoderResult::OutputFull => panic!("oracle buffer too small"),
        });
    }
    calls
}
