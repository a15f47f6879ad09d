//! Differential tests against `encoding_rs` (the oracle, a dev-dependency only) for UTF-8,
//! UTF-16BE/LE, the 28 single-byte encodings, x-user-defined and replacement decoders, and the
//! UTF-8, single-byte and x-user-defined encoders.
//!
//! - Exhaustive over short inputs (every byte, every 1- and 2-byte input, every 3-byte UTF-8 input
//!   led by 0xE0..=0xFF, the 4-byte UTF-8 boundaries, every UTF-16 surrogate lead unit against a
//!   dense set of second units, every BMP code point for the encoders, every surrogate pair).
//! - Random (a deterministic xorshift generator, fixed seeds) over longer inputs biased toward
//!   malformed sequences, decoded whole and streamed: split at random points and byte by byte,
//!   with output buffers of `max_utf16_buffer_length` units and of 3 units (looping on
//!   `OutputFull`), in both error modes, with and without `ignore_bom`.
//!
//! The oracle decodes without BOM handling (`decode_without_bom_handling*`). Our `Decoder` with
//! `ignore_bom == false` applies the TextDecoder's "serialize I/O queue": one leading U+FEFF is
//! dropped for UTF-8 and UTF-16BE/LE (no BOM sniffing), which is modelled here on the oracle's
//! output. Every difference is collected; a test fails listing the first few.

use std::borrow::Cow;

use text_encoding_wasm::{Decoder, DecoderResult, Encoder, EncoderResult, Encoding};

mod common;
use common::inputs::{
    random_scalar, random_single_byte_input, random_surrogate_biased_unit, random_utf16_input,
    random_utf8_input, utf16_bytes, LEAD_SURROGATES, TRAIL_SURROGATES,
};
use common::{hex, hex16, oracle, single_byte_encodings, Failures, Rng};

/// The standard's ASCII whitespace: TAB, LF, FF, CR, SPACE.
const ASCII_WHITESPACE: [u8; 5] = *b"\t\n\x0C\r ";

// ---------------------------------------------------------------------------------------------
// Infrastructure
// ---------------------------------------------------------------------------------------------

/// Whether the TextDecoder model drops a leading U+FEFF ("serialize I/O queue").
fn bom_model_applies(e: Encoding, ignore_bom: bool) -> bool {
    !ignore_bom && matches!(e, Encoding::Utf8 | Encoding::Utf16Be | Encoding::Utf16Le)
}

fn to_units(s: &str, strip_bom: bool) -> Vec<u16> {
    let mut units: Vec<u16> = s.encode_utf16().collect();
    if strip_bom && units.first() == Some(&0xFEFF) {
        units.remove(0);
    }
    units
}

fn strip_leading_bom(mut units: Vec<u16>, strip_bom: bool) -> Vec<u16> {
    if strip_bom && units.first() == Some(&0xFEFF) {
        units.remove(0);
    }
    units
}

// ---------------------------------------------------------------------------------------------
// Decoding: whole input against the oracle
// ---------------------------------------------------------------------------------------------

/// `Encoding::decode_utf16` (one whole call) in both error modes and both BOM modes against the
/// oracle (and the BOM model).
fn check_whole(f: &mut Failures, e: Encoding, bytes: &[u8]) {
    let o = oracle(e);
    let (replaced, _) = o.decode_without_bom_handling(bytes);
    let fatal = o.decode_without_bom_handling_and_without_replacement(bytes);
    for ignore_bom in [true, false] {
        let strip = bom_model_applies(e, ignore_bom);
        let ours = e.decode_utf16(bytes, false, ignore_bom);
        let expected = to_units(&replaced, strip);
        f.check(ours.as_deref() == Ok(&expected[..]), || {
            format!(
                "{} replacement ignore_bom={ignore_bom} [{}]: ours {:?} expected [{}]",
                e.name(),
                hex(bytes),
                ours.as_deref().map(hex16),
                hex16(&expected)
            )
        });
        let ours = e.decode_utf16(bytes, true, ignore_bom).ok();
        let expected = fatal.as_deref().map(|s| to_units(s, strip));
        f.check(ours == expected, || {
            format!(
                "{} fatal ignore_bom={ignore_bom} [{}]: ours {:?} expected {:?}",
                e.name(),
                hex(bytes),
                ours.as_deref().map(hex16),
                expected.as_deref().map(hex16)
            )
        });
    }
}

// ---------------------------------------------------------------------------------------------
// Decoding: streaming
// ---------------------------------------------------------------------------------------------

/// The outcome of a decode: all output and whether anything was replaced, or the first fatal
/// error with the total bytes read when it was reported and the output before it.
#[derive(Debug, PartialEq)]
enum Decoded {
    Ok(Vec<u16>, bool),
    Malformed { read: usize, prefix: Vec<u16> },
}

#[derive(Clone, Copy)]
struct StreamMode {
    fatal: bool,
    ignore_bom: bool,
    /// Output buffers of 1 to 3 units (looping on `OutputFull`; 3 units, which guarantee
    /// progress, after a call that made none) instead of `max_utf16_buffer_length` units.
    tiny: bool,
    /// End-of-queue in a separate empty call rather than with the final chunk.
    flush_separately: bool,
}

/// Why one call of a streaming decoder or encoder stopped, for [`stream_calls`].
enum Stop {
    InputEmpty,
    OutputFull,
    /// A fatal error: `Malformed` (no code point) or `Unmappable`.
    Fatal(Option<char>),
}

/// The output buffers of a stream: the bound for the rest of each chunk, or these sizes cycled
/// (looping on `OutputFull`), the first of which guarantees progress and is used after a call
/// that made none.
#[derive(Clone, Copy)]
enum Room<'a> {
    Bound,
    Tiny(&'a [usize]),
}

impl<'a> Room<'a> {
    /// `Tiny(sizes)` if `tiny`, otherwise `Bound`.
    fn tiny_if(tiny: bool, sizes: &'a [usize]) -> Room<'a> {
        if tiny {
            Room::Tiny(sizes)
        } else {
            Room::Bound
        }
    }
}

/// The outcome of [`stream_calls`]: the output, and the first fatal error's code point (if any)
/// with the total input read when it was reported.
type Streamed<O> = (Vec<O>, Option<(Option<char>, usize)>);

/// Feeds `input` to `coder` in the chunks `bounds` delimits (`bounds[0] == 0`, last is the length,
/// non-decreasing), each with `last == false` except the final one or, with `flush_separately`, a
/// separate empty call after it; stops at the first fatal error. `bound(coder, rest)` is the
/// output bound for `rest` more input units, `call(coder, input, output, last)` one call. Checks
/// that `InputEmpty` comes only at the end of a chunk, `OutputFull` only with tiny buffers, and
/// progress with the size that guarantees it; `what` names the stream in those messages.
#[allow(clippy::too_many_arguments)]
fn stream_calls<C, I: Copy, O: Copy + Default>(
    coder: &mut C,
    input: &[I],
    bounds: &[usize],
    flush_separately: bool,
    room: Room,
    bound: impl Fn(&C, usize) -> usize,
    mut call: impl FnMut(&mut C, &[I], &mut [O], bool) -> (Stop, usize, usize),
    what: impl Fn() -> String,
) -> Streamed<O> {
    let (mut out, mut read_total) = (Vec::new(), 0);
    let (mut buf, mut calls, mut stalled) = (Vec::new(), 0, false);
    let chunks = bounds.len() - 1;
    for k in 0..chunks + usize::from(flush_separately) {
        let (chunk, last) = if k < chunks {
            (
                &input[bounds[k]..bounds[k + 1]],
                !flush_separately && k + 1 == chunks,
            )
        } else {
            (&[][..], true)
        };
        let mut pos = 0;
        loop {
            calls += 1;
            let cap = match room {
                Room::Tiny(sizes) if stalled => sizes[0],
                Room::Tiny(sizes) => sizes[calls % sizes.len()],
                Room::Bound => bound(coder, chunk.len() - pos),
            };
            buf.clear();
            buf.resize(cap, O::default());
            let (stop, r, w) = call(coder, &chunk[pos..], &mut buf, last);
            out.extend_from_slice(&buf[..w]);
            pos += r;
            read_total += r;
            match stop {
                Stop::InputEmpty => {
                    assert_eq!(pos, chunk.len(), "InputEmpty before the end of the input");
                    break;
                }
                Stop::OutputFull => {
                    let Room::Tiny(sizes) = room else {
                        panic!("{}: OutputFull with a buffer of the bound", what());
                    };
                    stalled = r + w == 0;
                    assert!(!stalled || cap < sizes[0], "{}: no progress", what());
                }
                Stop::Fatal(c) => return (out, Some((c, read_total))),
            }
        }
    }
    (out, None)
}

/// Decodes `bytes` in the chunks `bounds` delimits, as `mode` says (see [`stream_calls`]).
fn decode_stream(e: Encoding, bytes: &[u8], bounds: &[usize], mode: StreamMode) -> Decoded {
    /// Tiny buffer sizes, cycled; 3 units guarantee progress.
    const TINY: [usize; 5] = [3, 1, 2, 3, 2];
    let mut replaced = false;
    let (out, fatal) = stream_calls(
        &mut Decoder::new(e, mode.ignore_bom),
        bytes,
        bounds,
        mode.flush_separately,
        Room::tiny_if(mode.tiny, &TINY),
        |decoder, rest| decoder.max_utf16_buffer_length(rest).expect("no overflow"),
        |decoder, src, dst, last| {
            let (result, r, w) = if mode.fatal {
                decoder.decode_to_utf16_without_replacement(src, dst, last)
            } else {
                let (result, r, w, rep) = decoder.decode_to_utf16(src, dst, last);
                replaced |= rep;
                assert_ne!(result, DecoderResult::Malformed);
                (result, r, w)
            };
            let stop = match result {
                DecoderResult::InputEmpty => Stop::InputEmpty,
                DecoderResult::OutputFull => Stop::OutputFull,
                DecoderResult::Malformed => Stop::Fatal(None),
            };
            (stop, r, w)
        },
        || format!("{} [{}]", e.name(), hex(bytes)),
    );
    match fatal {
        None => Decoded::Ok(out, replaced),
        Some((_, read)) => Decoded::Malformed { read, prefix: out },
    }
}

/// The oracle's fatal decode of `bytes` in the chunks `bounds` delimits (`max_utf16_buffer_length`
/// buffers, the final chunk `last`): all output, or the first error with the total bytes read when
/// it was reported and the output before it.
fn oracle_fatal_stream(e: Encoding, bytes: &[u8], bounds: &[usize]) -> Decoded {
    let mut d = oracle(e).new_decoder_without_bom_handling();
    let (mut out, mut read_total, mut buf) = (Vec::new(), 0, Vec::new());
    for (k, w) in bounds.windows(2).enumerate() {
        let chunk = &bytes[w[0]..w[1]];
        let last = k + 2 == bounds.len();
        buf.resize(d.max_utf16_buffer_length(chunk.len()).unwrap(), 0);
        let (result, read, written) = d.decode_to_utf16_without_replacement(chunk, &mut buf, last);
        out.extend_from_slice(&buf[..written]);
        read_total += read;
        match result {
            encoding_rs::DecoderResult::InputEmpty => {}
            encoding_rs::DecoderResult::Malformed(..) => {
                return Decoded::Malformed {
                    read: read_total,
                    prefix: out,
                };
            }
            encoding_rs::DecoderResult::OutputFull => panic!("oracle buffer too small"),
        }
    }
    Decoded::Ok(out, false)
}

/// `decoded` with a leading U+FEFF dropped when `strip_bom`.
fn without_leading_bom(decoded: &Decoded, strip_bom: bool) -> Decoded {
    match decoded {
        Decoded::Ok(units, replaced) => {
            Decoded::Ok(strip_leading_bom(units.clone(), strip_bom), *replaced)
        }
        Decoded::Malformed { read, prefix } => Decoded::Malformed {
            read: *read,
            prefix: strip_leading_bom(prefix.clone(), strip_bom),
        },
    }
}

fn random_bounds(rng: &mut Rng, len: usize) -> Vec<usize> {
    let cuts = rng.below(6);
    let mut bounds: Vec<usize> = (0..cuts).map(|_| rng.below(len + 1)).collect();
    bounds.push(0);
    bounds.push(len);
    bounds.sort_unstable();
    bounds
}

fn byte_by_byte(len: usize) -> Vec<usize> {
    if len == 0 {
        vec![0, 0]
    } else {
        (0..=len).collect()
    }
}

/// Whole and streamed decodes of `bytes` (three random splits and byte by byte) in both error
/// modes against the oracle; fatal errors must be reported after the same output and at the same
/// total position as the oracle's decode of the same chunks.
fn check_stream(f: &mut Failures, rng: &mut Rng, e: Encoding, bytes: &[u8]) {
    let o = oracle(e);
    let (s, had_errors) = o.decode_without_bom_handling(bytes);
    let whole = [0, bytes.len()];
    let oracle_whole = oracle_fatal_stream(e, bytes, &whole);
    let splits = [
        random_bounds(rng, bytes.len()),
        random_bounds(rng, bytes.len()),
        random_bounds(rng, bytes.len()),
        byte_by_byte(bytes.len()),
    ];
    let oracle_splits: Vec<Decoded> = splits
        .iter()
        .map(|bounds| oracle_fatal_stream(e, bytes, bounds))
        .collect();
    for ignore_bom in [true, false] {
        let strip = bom_model_applies(e, ignore_bom);
        // Fatal, the whole input in one call.
        let got = decode_stream(
            e,
            bytes,
            &whole,
            StreamMode {
                fatal: true,
                ignore_bom,
                tiny: false,
                flush_separately: false,
            },
        );
        let expected = without_leading_bom(&oracle_whole, strip);
        f.check(got == expected, || {
            format!(
                "{} fatal ignore_bom={ignore_bom} [{}]: whole {got:?}, oracle {expected:?}",
                e.name(),
                hex(bytes)
            )
        });
        let expected_replacement = Decoded::Ok(to_units(&s, strip), had_errors);
        for (bounds, oracle_fatal) in splits.iter().zip(&oracle_splits) {
            let expected_fatal = without_leading_bom(oracle_fatal, strip);
            for fatal in [false, true] {
                let mode = StreamMode {
                    fatal,
                    ignore_bom,
                    tiny: rng.coin(),
                    flush_separately: rng.coin(),
                };
                let got = decode_stream(e, bytes, bounds, mode);
                let expected = if fatal {
                    &expected_fatal
                } else {
                    &expected_replacement
                };
                f.check(got == *expected, || {
                    format!(
                        "{} stream fatal={fatal} ignore_bom={ignore_bom} tiny={} flush_separately={} \
                         [{}] split {bounds:?}: got {got:?} expected {expected:?}",
                        e.name(),
                        mode.tiny,
                        mode.flush_separately,
                        hex(bytes)
                    )
                });
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Labels and names
// ---------------------------------------------------------------------------------------------

/// A minimal JSON reader, enough for encodings.json.
#[derive(Debug)]
enum Json {
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
    Other,
}

fn parse_json(text: &str) -> Json {
    fn ws(b: &[u8], i: &mut usize) {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    }
    fn string(b: &[u8], i: &mut usize) -> String {
        assert_eq!(b[*i], b'"');
        *i += 1;
        let mut s = Vec::new();
        while b[*i] != b'"' {
            if b[*i] == b'\\' {
                *i += 1;
            }
            s.push(b[*i]);
            *i += 1;
        }
        *i += 1;
        String::from_utf8(s).unwrap()
    }
    fn value(b: &[u8], i: &mut usize) -> Json {
        ws(b, i);
        match b[*i] {
            b'"' => Json::Str(string(b, i)),
            b'[' => {
                *i += 1;
                let mut items = Vec::new();
                loop {
                    ws(b, i);
                    if b[*i] == b']' {
                        *i += 1;
                        return Json::Arr(items);
                    }
                    items.push(value(b, i));
                    ws(b, i);
                    if b[*i] == b',' {
                        *i += 1;
                    }
                }
            }
            b'{' => {
                *i += 1;
                let mut members = Vec::new();
                loop {
                    ws(b, i);
                    if b[*i] == b'}' {
                        *i += 1;
                        return Json::Obj(members);
                    }
                    let key = string(b, i);
                    ws(b, i);
                    assert_eq!(b[*i], b':');
                    *i += 1;
                    members.push((key, value(b, i)));
                    ws(b, i);
                    if b[*i] == b',' {
                        *i += 1;
                    }
                }
            }
            _ => {
                while !matches!(b[*i], b',' | b']' | b'}') {
                    *i += 1;
                }
                Json::Other
            }
        }
    }
    value(text.as_bytes(), &mut 0)
}

/// (name, labels) for every encoding of `encodings.json`, or `None` when ../shared is absent.
fn encodings_json() -> Option<Vec<(String, Vec<String>)>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/whatwg-encoding/encodings.json");
    let text = std::fs::read_to_string(&path).ok()?;
    let mut result = Vec::new();
    let Json::Arr(groups) = parse_json(&text) else {
        panic!("encodings.json: not an array")
    };
    for group in groups {
        let Json::Obj(members) = group else { panic!() };
        for (key, value) in members {
            if key != "encodings" {
                continue;
            }
            let Json::Arr(encodings) = value else {
                panic!()
            };
            for encoding in encodings {
                let Json::Obj(fields) = encoding else {
                    panic!()
                };
                let (mut name, mut labels) = (None, Vec::new());
                for (key, value) in fields {
                    match (key.as_str(), value) {
                        ("name", Json::Str(s)) => name = Some(s),
                        ("labels", Json::Arr(items)) => {
                            for item in items {
                                let Json::Str(label) = item else { panic!() };
                                labels.push(label);
                            }
                        }
                        _ => {}
                    }
                }
                result.push((name.expect("a name"), labels));
            }
        }
    }
    Some(result)
}

fn same_encoding(ours: Option<Encoding>, theirs: Option<&'static encoding_rs::Encoding>) -> bool {
    match (ours, theirs) {
        (None, None) => true,
        (Some(a), Some(b)) => a.name() == b.name(),
        _ => false,
    }
}

#[test]
fn labels_resolve_like_encoding_rs() {
    /// Our lookup against encoding_rs's and, when `expected` is given, the standard's (an empty
    /// name for failure).
    fn lookup(f: &mut Failures, label: &[u8], expected: Option<&str>) {
        let ours = Encoding::for_label(label);
        let theirs = encoding_rs::Encoding::for_label(label);
        f.check(same_encoding(ours, theirs), || {
            format!(
                "label {:?}: ours {:?}, encoding_rs {:?}",
                String::from_utf8_lossy(label),
                ours.map(Encoding::name),
                theirs.map(encoding_rs::Encoding::name)
            )
        });
        if let Some(expected) = expected {
            let expected = (!expected.is_empty()).then_some(expected);
            f.check(ours.map(Encoding::name) == expected, || {
                format!(
                    "label {:?}: ours {:?}, the standard {expected:?}",
                    String::from_utf8_lossy(label),
                    ours.map(Encoding::name)
                )
            });
        }
    }
    let mut f = Failures::default();

    // Every name: our name is encoding_rs's.
    for e in Encoding::ALL {
        let _ = oracle(e);
    }

    let mut all_labels: Vec<(String, String)> = Vec::new();
    match encodings_json() {
        Some(encodings) => {
            assert_eq!(encodings.len(), Encoding::ALL.len());
            for ((name, labels), e) in encodings.iter().zip(Encoding::ALL) {
                assert_eq!(name, e.name(), "Encoding::ALL follows encodings.json");
                for label in labels {
                    all_labels.push((label.clone(), name.clone()));
                }
            }
            assert_eq!(all_labels.len(), 228);
        }
        None => eprintln!("encodings.json absent (../shared): checking encoding names only"),
    }
    // Every name is also a label (the standard lists it among the labels).
    for e in Encoding::ALL {
        all_labels.push((e.name().to_string(), e.name().to_string()));
    }

    for (label, name) in &all_labels {
        let name = Some(name.as_str());
        let bytes = label.as_bytes();
        lookup(&mut f, bytes, name);
        lookup(&mut f, label.to_ascii_uppercase().as_bytes(), name);
        let mixed: Vec<u8> = bytes
            .iter()
            .enumerate()
            .map(|(i, b)| {
                if i % 2 == 0 {
                    b.to_ascii_uppercase()
                } else {
                    *b
                }
            })
            .collect();
        lookup(&mut f, &mixed, name);
        // Surrounding ASCII whitespace (TAB, LF, FF, CR, SPACE), each and all, either side.
        for ws in ASCII_WHITESPACE {
            lookup(&mut f, &[&[ws][..], bytes].concat(), name);
            lookup(&mut f, &[bytes, &[ws][..]].concat(), name);
            lookup(&mut f, &[&[ws, ws][..], bytes, &[ws][..]].concat(), name);
        }
        lookup(
            &mut f,
            &[&ASCII_WHITESPACE[..], bytes, &ASCII_WHITESPACE[..]].concat(),
            name,
        );
        // Not ASCII whitespace: VT, NUL, U+00A0, U+0085, U+3000, U+FEFF, other C0 controls.
        let not_whitespace: [&[u8]; 9] = [
            b"\x0B",
            b"\0",
            "\u{A0}".as_bytes(),
            b"\xA0",
            "\u{85}".as_bytes(),
            "\u{3000}".as_bytes(),
            "\u{FEFF}".as_bytes(),
            b"\x1C",
            b"\x1F",
        ];
        for pad in not_whitespace {
            lookup(&mut f, &[pad, bytes].concat(), Some(""));
            lookup(&mut f, &[bytes, pad].concat(), Some(""));
            lookup(&mut f, &[b" ", pad, bytes, b"\t"].concat(), Some(""));
        }
        // Whitespace inside is not trimmed.
        if bytes.len() > 1 {
            lookup(&mut f, &[&bytes[..1], b" ", &bytes[1..]].concat(), Some(""));
        }
        // Near misses: every prefix and every one-byte deletion (some are other labels).
        for end in 0..bytes.len() {
            lookup(&mut f, &bytes[..end], None);
        }
        for skip in 0..bytes.len() {
            lookup(&mut f, &[&bytes[..skip], &bytes[skip + 1..]].concat(), None);
        }
        // Non-ASCII case folding does not apply (U+212A KELVIN SIGN for "k", U+0130 for "i").
        let kelvin = label.replace('k', "\u{212A}");
        if kelvin != *label {
            lookup(&mut f, kelvin.as_bytes(), Some(""));
        }
        let dotted = label.replace('i', "\u{130}");
        if dotted != *label {
            lookup(&mut f, dotted.as_bytes(), Some(""));
        }
    }
    for label in [
        &b""[..],
        b" ",
        b"\t\n\x0C\r ",
        b"utf-7",
        b"x",
        b"utf-8 utf-8",
        b"\xFF",
    ] {
        lookup(&mut f, label, None);
    }
    f.finish("labels");
}

// ---------------------------------------------------------------------------------------------
// Single-byte, x-user-defined, replacement decoders
// ---------------------------------------------------------------------------------------------

#[test]
fn single_byte_decoders_every_byte() {
    let mut f = Failures::default();
    let mut rng = Rng::new(1);
    let mut encodings = single_byte_encodings();
    encodings.push(Encoding::XUserDefined);
    for e in encodings {
        for b in 0..=255u8 {
            check_whole(&mut f, e, &[b]);
            check_whole(&mut f, e, &[b, b'a']);
            check_whole(&mut f, e, &[b'a', b]);
        }
        let all: Vec<u8> = (0..=255).collect();
        check_whole(&mut f, e, &all);
        check_stream(&mut f, &mut rng, e, &all);
        let reversed: Vec<u8> = (0..=255).rev().collect();
        check_whole(&mut f, e, &reversed);
    }
    f.finish("single-byte and x-user-defined decoders, every byte");
}

#[test]
fn single_byte_decoders_random_streams() {
    let mut f = Failures::default();
    let mut rng = Rng::new(2);
    let mut encodings = single_byte_encodings();
    encodings.push(Encoding::XUserDefined);
    for e in encodings {
        for _ in 0..700 {
            let bytes = random_single_byte_input(&mut rng);
            check_whole(&mut f, e, &bytes);
            check_stream(&mut f, &mut rng, e, &bytes);
        }
    }
    f.finish("single-byte and x-user-defined decoders, random streams");
}

#[test]
fn replacement_decoder() {
    let mut f = Failures::default();
    let mut rng = Rng::new(3);
    let e = Encoding::Replacement;
    check_whole(&mut f, e, b"");
    check_stream(&mut f, &mut rng, e, b"");
    for b in 0..=255u8 {
        check_whole(&mut f, e, &[b]);
        check_stream(&mut f, &mut rng, e, &[b]);
    }
    for _ in 0..2000 {
        let bytes = random_utf8_input(&mut rng);
        check_whole(&mut f, e, &bytes);
        check_stream(&mut f, &mut rng, e, &bytes);
    }
    f.finish("replacement decoder");
}

// ---------------------------------------------------------------------------------------------
// UTF-8 decoder
// ---------------------------------------------------------------------------------------------

#[test]
fn utf8_every_one_and_two_byte_input() {
    let mut f = Failures::default();
    let mut rng = Rng::new(4);
    let e = Encoding::Utf8;
    check_whole(&mut f, e, b"");
    for a in 0..=255u8 {
        check_whole(&mut f, e, &[a]);
        check_stream(&mut f, &mut rng, e, &[a]);
        for b in 0..=255u8 {
            check_whole(&mut f, e, &[a, b]);
            check_stream(&mut f, &mut rng, e, &[a, b]);
        }
    }
    f.finish("UTF-8, every 1- and 2-byte input");
}

/// Every 3-byte input led by 0xE0..=0xFF (three-byte leads, and truncated four-byte leads and
/// invalid leads), split across two threads.
#[test]
fn utf8_every_three_byte_input_led_by_e0_to_ff() {
    let run = |leads: std::ops::RangeInclusive<u8>| {
        let mut f = Failures::default();
        for a in leads {
            for b in 0..=255u8 {
                for c in 0..=255u8 {
                    check_whole(&mut f, Encoding::Utf8, &[a, b, c]);
                }
            }
        }
        f
    };
    let (f1, f2) = std::thread::scope(|s| {
        let h = s.spawn(|| run(0xE0..=0xEF));
        let f2 = run(0xF0..=0xFF);
        (h.join().unwrap(), f2)
    });
    f1.finish("UTF-8, every 3-byte input led by E0..=EF");
    f2.finish("UTF-8, every 3-byte input led by F0..=FF");
}

/// Continuation-byte patterns for the third and fourth bytes: the continuation range's ends, and
/// bytes on either side of it.
const CONTINUATION_PATTERNS: [u8; 12] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF0, 0xFF,
];

#[test]
fn utf8_four_byte_boundaries() {
    let mut f = Failures::default();
    let e = Encoding::Utf8;
    // Every lead 0xF0..=0xFF with every second byte and the continuation patterns after it.
    for a in 0xF0..=0xFFu8 {
        for b in 0..=255u8 {
            for &c in &CONTINUATION_PATTERNS {
                check_whole(&mut f, e, &[a, b, c]);
                for &d in &CONTINUATION_PATTERNS {
                    check_whole(&mut f, e, &[a, b, c, d]);
                }
            }
        }
    }
    // The boundary second bytes of F0 and F4 with every third and fourth byte.
    for (a, b) in [
        (0xF0, 0x8F),
        (0xF0, 0x90),
        (0xF0, 0xBF),
        (0xF0, 0xC0),
        (0xF1, 0x80),
        (0xF3, 0xBF),
        (0xF4, 0x7F),
        (0xF4, 0x80),
        (0xF4, 0x8F),
        (0xF4, 0x90),
        (0xF5, 0x80),
    ] {
        for c in 0..=255u8 {
            for d in 0..=255u8 {
                check_whole(&mut f, e, &[a, b, c, d]);
            }
        }
    }
    f.finish("UTF-8, 4-byte boundaries");
}

#[test]
fn utf8_random_inputs_whole_and_streamed() {
    let run = |seed: u64, count: usize| {
        let mut f = Failures::default();
        let mut rng = Rng::new(seed);
        for _ in 0..count {
            let bytes = random_utf8_input(&mut rng);
            check_whole(&mut f, Encoding::Utf8, &bytes);
            check_stream(&mut f, &mut rng, Encoding::Utf8, &bytes);
        }
        f
    };
    let (f1, f2) = std::thread::scope(|s| {
        let h = s.spawn(|| run(5, 50_000));
        let f2 = run(6, 50_000);
        (h.join().unwrap(), f2)
    });
    f1.finish("UTF-8, 50,000 random inputs (seed 5)");
    f2.finish("UTF-8, 50,000 random inputs (seed 6)");
}

// ---------------------------------------------------------------------------------------------
// UTF-16BE/LE decoders
// ---------------------------------------------------------------------------------------------

#[test]
fn utf16_every_one_and_two_byte_input() {
    let mut f = Failures::default();
    let mut rng = Rng::new(7);
    for e in [Encoding::Utf16Be, Encoding::Utf16Le] {
        check_whole(&mut f, e, b"");
        for a in 0..=255u8 {
            check_whole(&mut f, e, &[a]);
            check_stream(&mut f, &mut rng, e, &[a]);
            for b in 0..=255u8 {
                check_whole(&mut f, e, &[a, b]);
                check_stream(&mut f, &mut rng, e, &[a, b]);
            }
        }
    }
    f.finish("UTF-16BE/LE, every 1- and 2-byte input");
}

/// Second units for the surrogate-led 4-byte inputs: every trailing surrogate, every 8th leading
/// surrogate and the ends of its range, the ends of every other range, and a stride through the
/// rest.
fn second_units() -> Vec<u16> {
    let mut units: Vec<u16> = (0xDC00..=0xDFFF).collect();
    units.extend((0xD800..=0xDBFF).step_by(8));
    units.extend([
        0x0000, 0x0001, 0x0041, 0x007F, 0x0080, 0x00FF, 0x0100, 0xD7FF, 0xD801, 0xDBFE, 0xDBFF,
        0xE000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF,
    ]);
    units.extend((0..0xD800).step_by(257));
    units.extend((0xE000..=0xFFFF).step_by(257));
    units.sort_unstable();
    units.dedup();
    units
}

/// Every 4-byte input whose first unit is a surrogate (D800..=DFFF), with the second units
/// above; and 3-byte inputs (a surrogate and an odd byte), both byte orders.
#[test]
fn utf16_surrogate_led_four_byte_inputs() {
    let seconds = second_units();
    let run = |e: Encoding| {
        let mut f = Failures::default();
        let big_endian = e == Encoding::Utf16Be;
        for first in 0xD800..=0xDFFFu16 {
            for &second in &seconds {
                check_whole(&mut f, e, &utf16_bytes(&[first, second], big_endian));
            }
            let two = utf16_bytes(&[first], big_endian);
            for odd in [0x00, 0x41, 0xD8, 0xDC, 0xFF] {
                check_whole(&mut f, e, &[&two[..], &[odd]].concat());
            }
        }
        f
    };
    let (f1, f2) = std::thread::scope(|s| {
        let h = s.spawn(|| run(Encoding::Utf16Be));
        let f2 = run(Encoding::Utf16Le);
        (h.join().unwrap(), f2)
    });
    f1.finish("UTF-16BE, surrogate-led 4-byte inputs");
    f2.finish("UTF-16LE, surrogate-led 4-byte inputs");
}

#[test]
fn utf16_random_inputs_whole_and_streamed() {
    let run = |e: Encoding, seed: u64| {
        let mut f = Failures::default();
        let mut rng = Rng::new(seed);
        for _ in 0..100_000 {
            let bytes = random_utf16_input(&mut rng, e == Encoding::Utf16Be);
            check_whole(&mut f, e, &bytes);
            check_stream(&mut f, &mut rng, e, &bytes);
        }
        f
    };
    let (f1, f2) = std::thread::scope(|s| {
        let h = s.spawn(|| run(Encoding::Utf16Be, 8));
        let f2 = run(Encoding::Utf16Le, 9);
        (h.join().unwrap(), f2)
    });
    f1.finish("UTF-16BE, 100,000 random inputs");
    f2.finish("UTF-16LE, 100,000 random inputs");
}

// ---------------------------------------------------------------------------------------------
// Encoders
// ---------------------------------------------------------------------------------------------

/// The outcome of an encode: all output and whether anything was replaced, or the first
/// unmappable scalar value with the units read when it was reported and the output before it.
#[derive(Debug, PartialEq)]
enum Encoded {
    Ok(Vec<u8>, bool),
    Unmappable {
        c: char,
        read: usize,
        prefix: Vec<u8>,
    },
}

#[derive(Clone, Copy)]
struct EncodeMode {
    fatal: bool,
    /// Output buffers of 1 to 4 bytes (fatal) or 17 to 32 bytes (html), looping on `OutputFull`
    /// (4 or 32 bytes, which guarantee progress, after a call that made none), instead of the
    /// `max_buffer_length*` bound.
    tiny: bool,
    flush_separately: bool,
}

fn encode_stream(e: Encoding, units: &[u16], bounds: &[usize], mode: EncodeMode) -> Encoded {
    /// Tiny buffer sizes, cycled; the first guarantees progress.
    const TINY_FATAL: [usize; 5] = [4, 1, 2, 3, 2];
    const TINY_HTML: [usize; 5] = [32, 17, 18, 20, 25];
    let tiny = if mode.fatal { TINY_FATAL } else { TINY_HTML };
    let mut replaced = false;
    let (out, fatal) = stream_calls(
        &mut Encoder::new(e),
        units,
        bounds,
        mode.flush_separately,
        Room::tiny_if(mode.tiny, &tiny),
        |encoder, rest| {
            if mode.fatal {
                encoder.max_buffer_length(rest).unwrap()
            } else {
                encoder.max_buffer_length_html(rest).unwrap()
            }
        },
        |encoder, src, dst, last| {
            let (result, r, w) = if mode.fatal {
                encoder.encode_from_utf16_without_replacement(src, dst, last)
            } else {
                let (result, r, w, rep) = encoder.encode_from_utf16(src, dst, last);
                replaced |= rep;
                assert!(!matches!(result, EncoderResult::Unmappable(_)));
                (result, r, w)
            };
            let stop = match result {
                EncoderResult::InputEmpty => Stop::InputEmpty,
                EncoderResult::OutputFull => Stop::OutputFull,
                EncoderResult::Unmappable(c) => Stop::Fatal(Some(c)),
            };
            (stop, r, w)
        },
        || format!("{} [{}]", e.name(), hex16(units)),
    );
    match fatal {
        None => Encoded::Ok(out, replaced),
        Some((c, read)) => Encoded::Unmappable {
            c: c.expect("an unmappable code point"),
            read,
            prefix: out,
        },
    }
}

/// The oracle's "html" encode of `s` (our encoding's output encoding).
fn oracle_encode_html(e: Encoding, s: &str) -> (Vec<u8>, bool) {
    let (bytes, used, unmappable) = oracle(e.output_encoding()).encode(s);
    assert_eq!(used.name(), e.output_encoding().name());
    (bytes.into_owned(), unmappable)
}

/// The oracle's "fatal" encode of `s`: `Err((c, output before c))` for the first unmappable `c`.
fn oracle_encode_fatal(e: Encoding, s: &str) -> Result<Vec<u8>, (char, Vec<u8>)> {
    let mut encoder = oracle(e.output_encoding()).new_encoder();
    let cap = encoder
        .max_buffer_length_from_utf8_without_replacement(s.len())
        .unwrap();
    let mut buf = vec![0u8; cap];
    let (result, _, written) = encoder.encode_from_utf8_without_replacement(s, &mut buf, true);
    buf.truncate(written);
    match result {
        encoding_rs::EncoderResult::InputEmpty => Ok(buf),
        encoding_rs::EncoderResult::Unmappable(c) => Err((c, buf)),
        encoding_rs::EncoderResult::OutputFull => panic!("oracle buffer too small"),
    }
}

/// One whole call, html and fatal, of `units` (expected to be `s` as a USVString) against the
/// oracle.
fn check_encode_whole(f: &mut Failures, e: Encoding, units: &[u16], s: &str) {
    let ours = e.encode_utf16(units, false);
    let (expected, _) = oracle_encode_html(e, s);
    f.check(ours.as_deref() == Ok(&expected[..]), || {
        format!(
            "{} html [{}]: ours {:?} expected [{}]",
            e.name(),
            hex16(units),
            ours.as_deref().map(hex),
            hex(&expected)
        )
    });
    let ours = e.encode_utf16(units, true);
    let expected = oracle_encode_fatal(e, s).map_err(|(c, _)| c);
    f.check(ours == expected, || {
        format!(
            "{} fatal [{}]: ours {:?} expected {:?}",
            e.name(),
            hex16(units),
            ours.as_deref().map(hex),
            expected.as_deref().map(hex)
        )
    });
}

/// Whole and streamed encodes of `units` (three random splits and unit by unit) in both error
/// modes against the oracle (given the USVString conversion, lone surrogates to U+FFFD).
fn check_encode_stream(f: &mut Failures, rng: &mut Rng, e: Encoding, units: &[u16]) {
    let s = String::from_utf16_lossy(units);
    check_encode_whole(f, e, units, &s);
    let (html, unmappable) = oracle_encode_html(e, &s);
    let expected_html = Encoded::Ok(html, unmappable);
    let whole_fatal = encode_stream(
        e,
        units,
        &[0, units.len()],
        EncodeMode {
            fatal: true,
            tiny: false,
            flush_separately: false,
        },
    );
    let expected_fatal = match oracle_encode_fatal(e, &s) {
        Ok(bytes) => Encoded::Ok(bytes, false),
        Err((c, prefix)) => {
            let ok = matches!(&whole_fatal, Encoded::Unmappable { c: oc, prefix: p, .. }
                if *oc == c && *p == prefix);
            f.check(ok, || {
                format!(
                    "{} fatal [{}]: whole {whole_fatal:?}, oracle {c:?} after [{}]",
                    e.name(),
                    hex16(units),
                    hex(&prefix)
                )
            });
            whole_fatal
        }
    };
    let splits = [
        random_bounds(rng, units.len()),
        random_bounds(rng, units.len()),
        random_bounds(rng, units.len()),
        byte_by_byte(units.len()),
    ];
    for bounds in &splits {
        for fatal in [false, true] {
            let mode = EncodeMode {
                fatal,
                tiny: rng.coin(),
                flush_separately: rng.coin(),
            };
            let got = encode_stream(e, units, bounds, mode);
            let expected = if fatal {
                &expected_fatal
            } else {
                &expected_html
            };
            f.check(got == *expected, || {
                format!(
                    "{} encode stream fatal={fatal} tiny={} flush_separately={} [{}] split \
                     {bounds:?}: got {got:?} expected {expected:?}",
                    e.name(),
                    mode.tiny,
                    mode.flush_separately,
                    hex16(units)
                )
            });
        }
    }
}

/// Every BMP code unit alone, through the UTF-8 encoder and the encoders of the encodings whose
/// output encoding is UTF-8: scalar values as encoding_rs encodes them, lone surrogates as the
/// standard's U+FFFD (EF BF BD).
#[test]
fn utf8_encoder_every_bmp_code_unit() {
    let mut f = Failures::default();
    for e in [
        Encoding::Utf8,
        Encoding::Utf16Be,
        Encoding::Utf16Le,
        Encoding::Replacement,
    ] {
        assert_eq!(Encoder::new(e).encoding(), Encoding::Utf8);
        for u in 0..=0xFFFFu16 {
            let expected: Cow<[u8]> = match char::from_u32(u32::from(u)) {
                Some(c) => encoding_rs::UTF_8
                    .encode(&c.to_string())
                    .0
                    .into_owned()
                    .into(),
                None => Cow::Borrowed(b"\xEF\xBF\xBD"),
            };
            for fatal in [false, true] {
                let ours = e.encode_utf16(&[u], fatal);
                f.check(ours.as_deref() == Ok(&expected[..]), || {
                    format!(
                        "{} fatal={fatal} {u:04X}: ours {:?} expected [{}]",
                        e.name(),
                        ours.as_deref().map(hex),
                        hex(&expected)
                    )
                });
            }
        }
    }
    f.finish("UTF-8 encoder, every BMP code unit");
}

/// Every surrogate pair (1,048,576), whole; a sample of them split across calls in every way,
/// with tiny output buffers.
#[test]
fn utf8_encoder_surrogate_pairs() {
    let mut f = Failures::default();
    let mut rng = Rng::new(10);
    let e = Encoding::Utf8;
    for high in 0xD800..=0xDBFFu16 {
        for low in 0xDC00..=0xDFFFu16 {
            let c = char::decode_utf16([high, low]).next().unwrap().unwrap();
            let mut buf = [0u8; 4];
            let (expected, _, _) = encoding_rs::UTF_8.encode(c.encode_utf8(&mut buf));
            let ours = e.encode_utf16(&[high, low], rng.coin());
            f.check(ours.as_deref() == Ok(&expected[..]), || {
                format!("pair {high:04X} {low:04X}: ours {ours:?} expected {expected:?}")
            });
        }
        // Split across calls: [high] [low], [x high] [low y], with an empty call between, and
        // reversed / doubled / lone leads around the split.
        let low = rng.range(0xDC00, 0xDFFF);
        for units in [
            vec![high, low],
            vec![0x61, high, low, 0x62],
            vec![high, high, low],
            vec![high, 0x61],
            vec![low, high],
            vec![0xE9, high],
            vec![high, low, high],
        ] {
            for cut in 0..=units.len() {
                for bounds in [vec![0, cut, units.len()], vec![0, cut, cut, units.len()]] {
                    let s = String::from_utf16_lossy(&units);
                    for (fatal, tiny, flush_separately) in [
                        (false, false, true),
                        (true, true, false),
                        (true, false, true),
                    ] {
                        let got = encode_stream(
                            e,
                            &units,
                            &bounds,
                            EncodeMode {
                                fatal,
                                tiny,
                                flush_separately,
                            },
                        );
                        let expected = Encoded::Ok(s.as_bytes().to_vec(), false);
                        f.check(got == expected, || {
                            format!(
                                "[{}] split {bounds:?} fatal={fatal} tiny={tiny}: got {got:?}",
                                hex16(&units)
                            )
                        });
                    }
                }
            }
        }
    }
    f.finish("UTF-8 encoder, surrogate pairs");
}

fn random_text(rng: &mut Rng, mappable: &[char]) -> Vec<u16> {
    let mut units = Vec::new();
    for _ in 0..rng.below(16) {
        match rng.below(10) {
            0 => {
                for _ in 0..rng.below(12) {
                    units.push(u16::from(rng.byte() & 0x7F));
                }
            }
            1 | 2 if !mappable.is_empty() => {
                let c = rng.pick(mappable);
                let mut buf = [0u16; 2];
                units.extend_from_slice(c.encode_utf16(&mut buf));
            }
            3 => {
                let mut buf = [0u16; 2];
                units.extend_from_slice(random_scalar(rng).encode_utf16(&mut buf));
            }
            4 => units.push(rng.pick(&LEAD_SURROGATES)),
            5 => units.push(rng.pick(&TRAIL_SURROGATES)),
            6 => {
                units.push(rng.range(0xD800, 0xDBFF));
                units.push(rng.range(0xDC00, 0xDFFF));
            }
            7 => units.push(rng.range(0xF780, 0xF7FF)),
            _ => units.push(random_surrogate_biased_unit(rng)),
        }
    }
    units
}

#[test]
fn utf8_encoder_random_strings_whole_and_split() {
    let mut f = Failures::default();
    let mut rng = Rng::new(11);
    for i in 0..30_000 {
        let units = random_text(&mut rng, &[]);
        let e = [
            Encoding::Utf8,
            Encoding::Utf16Le,
            Encoding::Utf16Be,
            Encoding::Replacement,
        ][i % 4];
        check_encode_stream(&mut f, &mut rng, e, &units);
    }
    f.finish("UTF-8 encoder, random strings");
}

/// Every BMP code unit alone through every single-byte encoder and x-user-defined, html and
/// fatal; lone surrogates are U+FFFD (unmappable in all of them, "&#65533;" in html mode).
#[test]
fn single_byte_encoders_every_bmp_code_unit() {
    let mut encodings = single_byte_encodings();
    encodings.push(Encoding::XUserDefined);
    let run = |encodings: &[Encoding]| {
        let mut f = Failures::default();
        let mut buf = [0u8; 4];
        for &e in encodings {
            for u in 0..=0xFFFFu16 {
                let s = char::from_u32(u32::from(u)).unwrap_or('\u{FFFD}');
                check_encode_whole(&mut f, e, &[u], s.encode_utf8(&mut buf));
            }
        }
        f
    };
    let (first, second) = encodings.split_at(encodings.len() / 2);
    let (f1, f2) = std::thread::scope(|s| {
        let h = s.spawn(|| run(first));
        let f2 = run(second);
        (h.join().unwrap(), f2)
    });
    f1.finish("single-byte encoders, every BMP code unit (first half)");
    f2.finish("single-byte encoders, every BMP code unit (second half)");
}

#[test]
fn single_byte_encoders_random_strings_whole_and_split() {
    let mut f = Failures::default();
    let mut rng = Rng::new(12);
    let mut encodings = single_byte_encodings();
    encodings.push(Encoding::XUserDefined);
    for e in encodings {
        // The characters the encoding maps (by the oracle's decoder).
        let all: Vec<u8> = (0x80..=0xFF).collect();
        let mappable: Vec<char> = oracle(e)
            .decode_without_bom_handling(&all)
            .0
            .chars()
            .filter(|&c| c != '\u{FFFD}')
            .collect();
        for _ in 0..1000 {
            let units = random_text(&mut rng, &mappable);
            check_encode_stream(&mut f, &mut rng, e, &units);
        }
    }
    f.finish("single-byte encoders, random strings");
}
