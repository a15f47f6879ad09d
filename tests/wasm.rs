//! The Rust API and the wasm-bindgen exports, compiled for wasm32 and run by
//! wasm-bindgen-test-runner in Node, headless Chromium and headless Firefox
//! (`scripts/test-wasm.sh`). The environment is chosen by the runner's environment variables, not
//! here, so one file serves all three. In the browsers, `wasm/browser_oracle.rs` also compares the
//! Rust decoders with the browser's own TextDecoder.
//!
//! The exports of `src/wasm.rs`, `src/wasm_decode.rs` and `src/wasm_encode.rs` are private to the
//! library, so this test crate compiles those same source files as its own modules and calls the
//! exports as plain Rust functions; buffers they hand out are addresses in this module's linear
//! memory.

#![cfg(target_arch = "wasm32")]

// `src/wasm*.rs` name these through `crate::`, and `Vec` through `alloc::` (the library is no_std
// in the shipped wasm).
extern crate alloc;
use text_encoding_wasm::{Decoder, DecoderResult, Encoder, EncoderResult, Encoding};
use wasm_bindgen_test::wasm_bindgen_test;

/// The browser's TextDecoder as a second oracle (Chromium and Firefox runs only).
#[path = "wasm/browser_oracle.rs"]
mod browser_oracle;

/// The helpers the native tests share (the seeded PRNG for `browser_oracle`).
#[path = "common/mod.rs"]
mod common;

/// The codecs' exports: the shared ones and both directions' (`crate::wasm` there).
#[path = "../src/wasm.rs"]
#[allow(dead_code)]
mod wasm;
#[path = "../src/wasm_decode.rs"]
mod wasm_decode;
#[path = "../src/wasm_encode.rs"]
mod wasm_encode;
mod exports {
    pub use super::wasm::*;
    pub use super::wasm_decode::*;
    pub use super::wasm_encode::*;
}

/// What `src/wasm.rs` keeps its state with (`crate::wasm_state` there).
#[path = "../src/wasm_state.rs"]
#[allow(dead_code)]
mod wasm_state;

fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn decode(encoding: Encoding, bytes: &[u8]) -> String {
    String::from_utf16(&encoding.decode_utf16(bytes, false, false).unwrap()).unwrap()
}

fn label(l: &str) -> Encoding {
    Encoding::for_label(l.as_bytes()).unwrap_or_else(|| panic!("no encoding for {l:?}"))
}

/// Decodes `chunks` one call each (not last), then flushes; replacement mode.
fn decode_chunks(encoding: Encoding, chunks: &[&[u8]], ignore_bom: bool) -> Vec<u16> {
    let mut decoder = Decoder::new(encoding, ignore_bom);
    let mut out = Vec::new();
    let mut buf = [0u16; 64];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (result, r, w, _) = decoder.decode_to_utf16(&chunk[read..], &mut buf, last);
            read += r;
            out.extend_from_slice(&buf[..w]);
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => continue,
                DecoderResult::Malformed => unreachable!("replacement mode never reports"),
            }
        }
    }
    out
}

// ---- labels -------------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn labels_trim_whitespace_and_ignore_ascii_case() {
    assert_eq!(label(" \t\n\x0C\rUTF8 "), Encoding::Utf8);
    assert_eq!(label("unicode-1-1-utf-8"), Encoding::Utf8);
    assert_eq!(label("Latin1"), Encoding::Windows1252);
    assert_eq!(label("ascii"), Encoding::Windows1252);
    assert_eq!(label("utf-16"), Encoding::Utf16Le);
    assert_eq!(label("UnicodeFFFE"), Encoding::Utf16Be);
    assert_eq!(label("x-user-defined"), Encoding::XUserDefined);
    assert_eq!(label("iso-2022-kr"), Encoding::Replacement);
    assert_eq!(
        Encoding::for_label(b"utf-8\x0B"),
        None,
        "VT is not ASCII whitespace"
    );
    assert_eq!(Encoding::for_label(b"utf\xC4\xB0-8"), None);
    assert_eq!(Encoding::for_label(b""), None);
    // "replacement" is a label (TextDecoder rejects the encoding, the lookup does not).
    assert_eq!(label("replacement"), Encoding::Replacement);
    assert_eq!(Encoding::Windows1252.name(), "windows-1252");
    assert_eq!(Encoding::Utf16Be.name(), "UTF-16BE");
    assert_eq!(Encoding::Utf16Le.output_encoding(), Encoding::Utf8);
    assert_eq!(Encoding::Replacement.output_encoding(), Encoding::Utf8);
    for (i, e) in Encoding::ALL.iter().enumerate() {
        assert_eq!(e.ordinal(), i);
        assert_eq!(Encoding::from_ordinal(i), Some(*e));
    }
    assert_eq!(Encoding::from_ordinal(Encoding::ALL.len()), None);
}

// ---- UTF-8 --------------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn utf8_decode_bom_and_errors() {
    let text = "h\u{E9}llo \u{20AC} \u{1D11E}\u{0}";
    assert_eq!(decode(Encoding::Utf8, text.as_bytes()), text);
    // One leading BOM is stripped; a second one is content; ignoreBOM keeps it.
    assert_eq!(decode(Encoding::Utf8, b"\xEF\xBB\xBFa"), "a");
    assert_eq!(
        decode(Encoding::Utf8, b"\xEF\xBB\xBF\xEF\xBB\xBFa"),
        "\u{FEFF}a"
    );
    let kept = Encoding::Utf8
        .decode_utf16(b"\xEF\xBB\xBFa", false, true)
        .unwrap();
    assert_eq!(kept, utf16("\u{FEFF}a"));
    // Maximal subparts: one U+FFFD each.
    assert_eq!(decode(Encoding::Utf8, b"\xF0\x90\x80"), "\u{FFFD}");
    assert_eq!(decode(Encoding::Utf8, b"\xC0\x80"), "\u{FFFD}\u{FFFD}");
    assert_eq!(
        decode(Encoding::Utf8, b"\xED\xA0\x80"),
        "\u{FFFD}\u{FFFD}\u{FFFD}"
    );
    assert_eq!(
        decode(Encoding::Utf8, b"\xF4\x90\x80\x80"),
        "\u{FFFD}".repeat(4)
    );
    assert_eq!(decode(Encoding::Utf8, b"a\xE2\x82b"), "a\u{FFFD}b");
    assert_eq!(decode(Encoding::Utf8, b"\xFF"), "\u{FFFD}");
    // Fatal: the first error fails the whole decode.
    assert_eq!(Encoding::Utf8.decode_utf16(b"ok\x80", true, false), Err(()));
    assert_eq!(
        Encoding::Utf8.decode_utf16(b"\xE2\x82", true, false),
        Err(())
    );
    assert_eq!(
        Encoding::Utf8.decode_utf16(b"\xE2\x82\xAC", true, false),
        Ok(utf16("\u{20AC}"))
    );
}

#[wasm_bindgen_test]
fn utf8_streaming_split_at_every_point() {
    let text = "a\u{E9}\u{20AC}\u{1D11E}z";
    let bytes = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
    for i in 0..=bytes.len() {
        for j in i..=bytes.len() {
            let out = decode_chunks(
                Encoding::Utf8,
                &[&bytes[..i], &bytes[i..j], &bytes[j..]],
                false,
            );
            assert_eq!(out, utf16(text), "split at {i}, {j}");
        }
    }
    // An incomplete sequence at the end of the stream is one U+FFFD at the flush.
    let out = decode_chunks(Encoding::Utf8, &[b"\xF0\x9F", b"\x98", b""], false);
    assert_eq!(out, utf16("\u{FFFD}"));
    // The BOM is stripped even when it arrives one byte at a time, and only once.
    let out = decode_chunks(
        Encoding::Utf8,
        &[b"\xEF", b"\xBB", b"\xBF", b"\xEF\xBB\xBF"],
        false,
    );
    assert_eq!(out, utf16("\u{FEFF}"));
}

#[wasm_bindgen_test]
fn utf8_encode_lone_surrogates_and_streaming_pairs() {
    let units = [0x61, 0xD800, 0x62, 0xDC00, 0xD834, 0xDD1E];
    let out = Encoding::Utf8.encode_utf16(&units, true).unwrap();
    assert_eq!(out, b"a\xEF\xBF\xBDb\xEF\xBF\xBD\xF0\x9D\x84\x9E");
    // A pair split across calls is one scalar value.
    let mut encoder = Encoder::new(Encoding::Utf8);
    let mut buf = [0u8; 16];
    let (r1, read1, w1) =
        encoder.encode_from_utf16_without_replacement(&[0x41, 0xD834], &mut buf, false);
    assert_eq!((r1, read1), (EncoderResult::InputEmpty, 2));
    let (r2, read2, w2) =
        encoder.encode_from_utf16_without_replacement(&[0xDD1E], &mut buf[w1..], true);
    assert_eq!((r2, read2), (EncoderResult::InputEmpty, 1));
    assert_eq!(&buf[..w1 + w2], b"A\xF0\x9D\x84\x9E");
    // A high surrogate at the very end of the stream is U+FFFD.
    let mut encoder = Encoder::new(Encoding::Utf8);
    let (_, _, w1) = encoder.encode_from_utf16_without_replacement(&[0xD834], &mut buf, false);
    let (_, _, w2) = encoder.encode_from_utf16_without_replacement(&[], &mut buf[w1..], true);
    assert_eq!(&buf[..w1 + w2], b"\xEF\xBF\xBD");
}

// ---- UTF-16 -------------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn utf16_decode_both_endiannesses() {
    assert_eq!(
        decode(Encoding::Utf16Le, b"a\x00\xAC\x20\x34\xD8\x1E\xDD"),
        "a\u{20AC}\u{1D11E}"
    );
    assert_eq!(
        decode(Encoding::Utf16Be, b"\x00a\x20\xAC\xD8\x34\xDD\x1E"),
        "a\u{20AC}\u{1D11E}"
    );
    // BOMs: the matching one is stripped; the other endianness's BOM is U+FFFE, content.
    assert_eq!(decode(Encoding::Utf16Le, b"\xFF\xFEa\x00"), "a");
    assert_eq!(decode(Encoding::Utf16Be, b"\xFE\xFF\x00a"), "a");
    assert_eq!(decode(Encoding::Utf16Le, b"\xFE\xFFa\x00"), "\u{FFFE}a");
    // Lone surrogates and an odd trailing byte are errors.
    assert_eq!(decode(Encoding::Utf16Le, b"\x00\xDCa\x00"), "\u{FFFD}a");
    assert_eq!(decode(Encoding::Utf16Le, b"\x00\xD8a\x00"), "\u{FFFD}a");
    assert_eq!(decode(Encoding::Utf16Le, b"\x00\xD8"), "\u{FFFD}");
    assert_eq!(decode(Encoding::Utf16Le, b"a\x00b"), "a\u{FFFD}");
    assert_eq!(
        Encoding::Utf16Be.decode_utf16(b"\x00a\x00", true, false),
        Err(())
    );
    // UTF-16 has no encoder of its own: its output encoding is UTF-8.
    assert_eq!(
        Encoding::Utf16Le.encode_utf16(&utf16("\u{E9}"), true),
        Ok(b"\xC3\xA9".to_vec())
    );
}

#[wasm_bindgen_test]
fn utf16_streaming_split_at_every_point() {
    let text = "\u{FEFF}x\u{20AC}\u{1D11E}";
    for (encoding, bytes) in [
        (
            Encoding::Utf16Le,
            b"\xFF\xFE\xFF\xFEx\x00\xAC\x20\x34\xD8\x1E\xDD".as_slice(),
        ),
        (
            Encoding::Utf16Be,
            b"\xFE\xFF\xFE\xFF\x00x\x20\xAC\xD8\x34\xDD\x1E".as_slice(),
        ),
    ] {
        for i in 0..=bytes.len() {
            for j in i..=bytes.len() {
                let out = decode_chunks(encoding, &[&bytes[..i], &bytes[i..j], &bytes[j..]], false);
                assert_eq!(out, utf16(text), "{encoding:?} split at {i}, {j}");
            }
        }
    }
}

// ---- single-byte and x-user-defined ---------------------------------------------------------------

#[wasm_bindgen_test]
fn single_byte_decode_samples() {
    assert_eq!(
        decode(Encoding::Windows1252, b"\x80\x81\x9F\xE9"),
        "\u{20AC}\u{81}\u{178}\u{E9}"
    );
    assert_eq!(
        decode(Encoding::Koi8R, b"\xF0\xD2\xC9\xD7\xC5\xD4"),
        "\u{41F}\u{440}\u{438}\u{432}\u{435}\u{442}"
    );
    assert_eq!(decode(Encoding::Iso8859_2, b"\xA1\xB1"), "\u{104}\u{105}");
    assert_eq!(decode(Encoding::Iso8859_8, b"\xE0\xA1"), "\u{5D0}\u{FFFD}");
    assert_eq!(
        Encoding::Iso8859_8.decode_utf16(b"\xA1", true, false),
        Err(())
    );
    assert_eq!(decode(Encoding::Windows874, b"\xA1"), "\u{E01}");
    // Single-byte encodings keep a leading U+FEFF-looking byte sequence as bytes.
    assert_eq!(
        decode(Encoding::Windows1252, b"\xEF\xBB\xBF"),
        "\u{EF}\u{BB}\u{BF}"
    );
    assert_eq!(
        decode(Encoding::XUserDefined, b"a\x80\xFF"),
        "a\u{F780}\u{F7FF}"
    );
    assert_eq!(
        Encoding::XUserDefined.encode_utf16(&[0xF780, 0x61], true),
        Ok(b"\x80a".to_vec())
    );
}

#[wasm_bindgen_test]
fn single_byte_round_trips_every_byte() {
    for encoding in Encoding::ALL {
        let single = match encoding {
            Encoding::Utf8
            | Encoding::Utf16Be
            | Encoding::Utf16Le
            | Encoding::Replacement
            | Encoding::XUserDefined => false,
            e => !e.is_cjk(),
        };
        if !single {
            continue;
        }
        let all: Vec<u8> = (0..=255).collect();
        let decoded = encoding.decode_utf16(&all, false, false).unwrap();
        assert_eq!(decoded.len(), 256, "{encoding:?}: one code unit per byte");
        for (byte, &unit) in all.iter().zip(&decoded) {
            if *byte < 0x80 {
                assert_eq!(unit, *byte as u16, "{encoding:?} {byte:#04x} is ASCII");
            }
            if unit == 0xFFFD {
                assert!(encoding.decode_utf16(&[*byte], true, false).is_err());
                continue;
            }
            let back = encoding.encode_utf16(&[unit], true);
            assert_eq!(
                back,
                Ok(vec![*byte]),
                "{encoding:?} {byte:#04x} -> U+{unit:04X}"
            );
        }
    }
}

#[wasm_bindgen_test]
fn single_byte_encode_unmappable_fatal_and_html() {
    assert_eq!(
        Encoding::Windows1252.encode_utf16(&utf16("\u{20AC}"), true),
        Ok(vec![0x80])
    );
    assert_eq!(
        Encoding::Windows1252.encode_utf16(&utf16("a\u{100}b"), true),
        Err('\u{100}')
    );
    assert_eq!(
        Encoding::Windows1252.encode_utf16(&utf16("a\u{100}\u{1F600}b"), false),
        Ok(b"a&#256;&#128512;b".to_vec())
    );
    // A lone surrogate encodes as U+FFFD, which windows-1252 cannot represent.
    assert_eq!(
        Encoding::Windows1252.encode_utf16(&[0xD800], false),
        Ok(b"&#65533;".to_vec())
    );
}

// ---- the wasm exports, as plain Rust functions -----------------------------------------------------

/// Copies `bytes` into the exports' input byte buffer.
fn put_bytes(bytes: &[u8]) -> u32 {
    let ptr = exports::input_bytes(bytes.len() as u32) as usize as *mut u8;
    // SAFETY: input_bytes reserved at least bytes.len() bytes at ptr in this module's memory, and
    // nothing else touches that buffer until the next export call.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len()) };
    bytes.len() as u32
}

/// Copies `s` as UTF-16 into the exports' input unit buffer.
fn put_units(units: &[u16]) -> u32 {
    let ptr = exports::input_units(units.len() as u32) as usize as *mut u16;
    // SAFETY: input_units reserved at least units.len() aligned u16s at ptr.
    unsafe { std::ptr::copy_nonoverlapping(units.as_ptr(), ptr, units.len()) };
    units.len() as u32
}

fn output_units(n: i32) -> String {
    assert!(n >= 0, "status {n}");
    let ptr = exports::output_units_ptr() as usize as *const u16;
    // SAFETY: the last decode export wrote n units at output_units_ptr().
    let units = unsafe { std::slice::from_raw_parts(ptr, n as usize) };
    String::from_utf16(units).unwrap()
}

fn output_bytes(n: i32) -> Vec<u8> {
    assert!(n >= 0, "status {n}");
    let ptr = exports::output_bytes_ptr() as usize as *const u8;
    // SAFETY: the last encode export wrote n bytes at output_bytes_ptr().
    unsafe { std::slice::from_raw_parts(ptr, n as usize) }.to_vec()
}

fn lookup(l: &str) -> i32 {
    exports::label_lookup(put_units(&utf16(l)))
}

#[wasm_bindgen_test]
fn export_label_lookup_and_names() {
    assert_eq!(lookup(" utf8\n"), Encoding::Utf8.ordinal() as i32);
    assert_eq!(lookup("SJIS"), Encoding::ShiftJis.ordinal() as i32);
    assert_eq!(lookup("csisolatin2"), Encoding::Iso8859_2.ordinal() as i32);
    assert_eq!(lookup("utf-8\u{0}"), -1);
    assert_eq!(lookup("\u{212A}oi8-r"), -1, "KELVIN SIGN is not K");
    assert_eq!(lookup(""), -1);
    for e in Encoding::ALL {
        let n = exports::encoding_name(e.ordinal() as u32);
        assert_eq!(output_bytes(n as i32), e.name().as_bytes());
        assert_eq!(
            exports::encoding_supported(e.ordinal() as u32),
            e.is_supported()
        );
    }
    assert_eq!(exports::encoding_name(999), 0);
    assert!(!exports::encoding_supported(999));
}

#[wasm_bindgen_test]
fn export_decode_once() {
    let utf8 = Encoding::Utf8.ordinal() as u32;
    let n = exports::decode_once(utf8, false, false, put_bytes(b"\xEF\xBB\xBFh\xC3\xA9\xFF"));
    assert_eq!(output_units(n), "h\u{E9}\u{FFFD}");
    let n = exports::decode_once(utf8, false, true, put_bytes(b"\xEF\xBB\xBFx"));
    assert_eq!(output_units(n), "\u{FEFF}x");
    assert_eq!(
        exports::decode_once(utf8, true, false, put_bytes(b"ok\xFF")),
        -1
    );
    assert_eq!(exports::decode_once(999, false, false, put_bytes(b"x")), -2);
    let n = exports::decode_once(
        Encoding::Windows1252.ordinal() as u32,
        true,
        false,
        put_bytes(b"\x80"),
    );
    assert_eq!(output_units(n), "\u{20AC}");
    // Large inputs grow the buffers (and possibly memory) and still decode whole.
    let big = "\u{20AC}a".repeat(100_000);
    let n = exports::decode_once(utf8, true, false, put_bytes(big.as_bytes()));
    assert_eq!(output_units(n), big);
    assert_eq!(exports::decode_once(utf8, false, false, put_bytes(b"")), 0);
}

#[wasm_bindgen_test]
fn export_streaming_decoder_handles() {
    let before = exports::live_handles();
    let utf8 = Encoding::Utf8.ordinal() as u32;
    let h = exports::decoder_new(utf8, false, false);
    assert_ne!(h, 0);
    assert_eq!(exports::live_handles(), before + 1);
    let mut out = String::new();
    for chunk in [
        b"\xEF\xBB".as_slice(),
        b"\xBFa\xF0\x9D",
        b"\x84",
        b"\x9E\xE2",
    ] {
        let n = exports::decoder_decode(h, put_bytes(chunk), true, false);
        out += &output_units(n);
    }
    let n = exports::decoder_decode(h, put_bytes(b""), false, false);
    out += &output_units(n);
    assert_eq!(out, "a\u{1D11E}\u{FFFD}");
    // The flush reset the decoder: a new BOM is stripped again.
    let n = exports::decoder_decode(h, put_bytes(b"\xEF\xBB\xBFb"), false, false);
    assert_eq!(output_units(n), "b");
    exports::decoder_free(h);
    assert_eq!(exports::live_handles(), before);
    assert_eq!(
        exports::decoder_decode(h, put_bytes(b"x"), false, false),
        -2
    );
    exports::decoder_free(h); // freeing twice is a no-op
    assert_eq!(exports::live_handles(), before);

    // Fatal: the error is reported at the call that completes it; the rest of that call's input
    // is dropped, and a streaming decoder keeps its state. Here the unpaired surrogate came from
    // earlier calls, so the unit after it is held and decoded next ("c" is dropped).
    let h = exports::decoder_new(Encoding::Utf16Le.ordinal() as u32, true, false);
    assert_eq!(
        output_units(exports::decoder_decode(
            h,
            put_bytes(b"a\x00\x3D"),
            true,
            false
        )),
        "a"
    );
    assert_eq!(
        output_units(exports::decoder_decode(h, put_bytes(b"\xD8"), true, false)),
        ""
    );
    assert_eq!(
        exports::decoder_decode(h, put_bytes(b"b\x00c\x00"), true, false),
        -1
    );
    assert_eq!(
        output_units(exports::decoder_decode(
            h,
            put_bytes(b"d\x00"),
            false,
            false
        )),
        "bd"
    );
    exports::decoder_free(h);
    assert_eq!(exports::decoder_new(999, false, false), 0);
    assert_eq!(exports::live_handles(), before);
}

/// One `decoder_decode` call: its text, or `None` for a fatal error.
fn decoder_call(handle: u32, bytes: &[u8], stream: bool) -> Option<String> {
    match exports::decoder_decode(handle, put_bytes(bytes), stream, false) {
        -1 => None,
        n => Some(output_units(n)),
    }
}

#[wasm_bindgen_test]
fn export_fatal_streaming_error_keeps_the_decoder_state() {
    let before = exports::live_handles();
    // ISO-2022-JP is still in Roman after the error.
    let h = exports::decoder_new(Encoding::Iso2022Jp.ordinal() as u32, true, false);
    assert_eq!(decoder_call(h, b"\x1B(J\xFF", true), None);
    assert_eq!(decoder_call(h, b"~", false).as_deref(), Some("\u{203E}"));
    // After a final call that throws, the next call starts a new stream (ASCII).
    assert_eq!(decoder_call(h, b"\x1B(J\xFF", false), None);
    assert_eq!(decoder_call(h, b"~", false).as_deref(), Some("~"));
    exports::decoder_free(h);

    // UTF-8: "A" was returned, so BOM seen stays true through the error.
    let h = exports::decoder_new(Encoding::Utf8.ordinal() as u32, true, false);
    assert_eq!(decoder_call(h, b"A", true).as_deref(), Some("A"));
    assert_eq!(decoder_call(h, b"\xFF", true), None);
    assert_eq!(
        decoder_call(h, b"\xEF\xBB\xBF", false).as_deref(),
        Some("\u{FEFF}")
    );
    // A call that throws serializes nothing: its "A" does not make BOM seen true.
    assert_eq!(decoder_call(h, b"A\xFF", true), None);
    assert_eq!(
        decoder_call(h, b"\xEF\xBB\xBFB", false).as_deref(),
        Some("B")
    );
    // One call in two slices (`continues` on the first): "A" in the first, the error in the
    // second; the call threw, so BOM seen is still false.
    assert_eq!(
        output_units(exports::decoder_decode(h, put_bytes(b"A"), true, true)),
        "A"
    );
    assert_eq!(
        exports::decoder_decode(h, put_bytes(b"\xFF"), true, false),
        -1
    );
    assert_eq!(
        decoder_call(h, b"\xEF\xBB\xBFC", false).as_deref(),
        Some("C")
    );
    exports::decoder_free(h);
    assert_eq!(exports::live_handles(), before);
}

#[wasm_bindgen_test]
fn export_encode_utf8_and_encode_into() {
    let n = exports::encode_utf8(put_units(&[0x68, 0xE9, 0xD800, 0xD83D, 0xDE00]));
    assert_eq!(
        output_bytes(n as i32),
        b"h\xC3\xA9\xEF\xBF\xBD\xF0\x9F\x98\x80"
    );
    assert_eq!(exports::encode_utf8(put_units(&[])), 0);
    // encodeInto stops before a scalar value that does not fit whole.
    let units = utf16("a\u{20AC}\u{1F600}");
    for (capacity, read, bytes) in [
        (0, 0, b"".as_slice()),
        (1, 1, b"a"),
        (3, 1, b"a"),
        (4, 2, b"a\xE2\x82\xAC"),
        (7, 2, b"a\xE2\x82\xAC"),
        (8, 4, b"a\xE2\x82\xAC\xF0\x9F\x98\x80"),
        (100, 4, b"a\xE2\x82\xAC\xF0\x9F\x98\x80"),
    ] {
        let n = exports::encode_utf8_into(put_units(&units), capacity);
        assert_eq!(output_bytes(n as i32), bytes, "capacity {capacity}");
        assert_eq!(exports::last_read(), read, "capacity {capacity}");
    }
}

#[wasm_bindgen_test]
fn export_streaming_encoder_handles() {
    let before = exports::live_handles();
    let h = exports::encoder_new(Encoding::Windows1252.ordinal() as u32);
    assert_ne!(h, 0);
    let n = exports::encoder_encode(h, put_units(&utf16("\u{E9}\u{100}x")), false, true);
    assert_eq!(output_bytes(n), b"\xE9&#256;x");
    assert_eq!(exports::last_read(), 3);
    let n = exports::encoder_encode(h, put_units(&utf16("a\u{100}x")), true, false);
    assert_eq!(n, -1 - 0x100);
    exports::encoder_free(h);
    assert_eq!(
        exports::encoder_encode(h, put_units(&[0x61]), true, false),
        i32::MIN
    );

    // UTF-16's output encoding is UTF-8; a surrogate pair split across calls stays whole.
    let h = exports::encoder_new(Encoding::Utf16Le.ordinal() as u32);
    let n1 = exports::encoder_encode(h, put_units(&[0x61, 0xD83D]), false, false);
    assert_eq!(output_bytes(n1), b"a");
    let n2 = exports::encoder_encode(h, put_units(&[0xDE00]), true, false);
    assert_eq!(output_bytes(n2), b"\xF0\x9F\x98\x80");
    exports::encoder_free(h);
    assert_eq!(exports::encoder_new(999), 0);
    assert_eq!(exports::live_handles(), before);
}

#[wasm_bindgen_test]
fn export_encode_or_fail_keeps_bytes_and_state() {
    let before = exports::live_handles();
    let h = exports::encoder_new(Encoding::Windows1252.ordinal() as u32);
    // The bytes before the unmappable code point are kept; last_read() counts it.
    let n = exports::encoder_encode_or_fail(h, put_units(&utf16("ab\u{1F600}c")), true);
    assert_eq!(output_bytes(n), b"ab");
    assert_eq!(exports::last_unmappable(), 0x1F600);
    assert_eq!(exports::last_read(), 4);
    let n = exports::encoder_encode_or_fail(h, put_units(&utf16("c\u{20AC}")), true);
    assert_eq!(output_bytes(n), b"c\x80");
    assert_eq!(exports::last_unmappable(), -1);
    exports::encoder_free(h);
    assert_eq!(
        exports::encoder_encode_or_fail(h, put_units(&[0x61]), true),
        i32::MIN
    );

    // ISO-2022-JP: from jis0208 the run returns to ASCII before the error; from Roman it does not,
    // and the next run (end of input) does.
    let h = exports::encoder_new(label("iso-2022-jp").ordinal() as u32);
    let n = exports::encoder_encode_or_fail(h, put_units(&utf16("\u{3042}\u{1F600}")), true);
    assert_eq!(output_bytes(n), b"\x1B$B$\"\x1B(B");
    assert_eq!(exports::last_unmappable(), 0x1F600);
    let n = exports::encoder_encode_or_fail(h, put_units(&utf16("\u{A5}\u{1F600}")), true);
    assert_eq!(output_bytes(n), b"\x1B(J\\");
    assert_eq!(exports::last_unmappable(), 0x1F600);
    let n = exports::encoder_encode_or_fail(h, put_units(&[]), true);
    assert_eq!(output_bytes(n), b"\x1B(B");
    assert_eq!(exports::last_unmappable(), -1);
    exports::encoder_free(h);
    assert_eq!(exports::live_handles(), before);
}
