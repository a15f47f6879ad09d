//! The browser's own `TextDecoder` (through web-sys and js-sys) as a second oracle for the Rust
//! core, in the Chromium and Firefox runs of `scripts/test-wasm.sh` (in Node these tests say so
//! and return):
//! every byte of every single-byte encoding and x-user-defined, in "fatal" and "replacement"
//! mode; and random streamed input, split at random points, for the seven CJK encodings in both
//! modes (a fixed PRNG seed, so every run sees the same inputs).
//!
//! A difference is our bug or the browser's. The browser's known faults are listed in
//! [`known_faults`], each with the input that shows it, what the Encoding Standard's text gives
//! (this package's output), and what the browser gives; every entry is checked to still behave so
//! in its browser, and a random input that differs is excused only when it contains that fault's
//! trigger. Any other difference fails.

use crate::common::{single_byte_encodings, Rng};
use std::fmt;
use text_encoding_wasm::{Decoder, DecoderResult, Encoding};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{console_log, wasm_bindgen_test};
use web_sys::{TextDecodeOptions, TextDecoder, TextDecoderOptions};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Browser {
    Chromium,
    Firefox,
}

/// The browser these tests run in, or `None` in Node; any other host fails the test.
fn browser() -> Option<Browser> {
    let global = js_sys::global();
    let navigator = js_sys::Reflect::get(&global, &JsValue::from_str("navigator")).ok();
    let agent = navigator
        .filter(|n| n.is_object())
        .and_then(|n| js_sys::Reflect::get(&n, &JsValue::from_str("userAgent")).ok())
        .and_then(|a| a.as_string())
        .unwrap_or_default();
    if agent.contains("Firefox/") {
        Some(Browser::Firefox)
    } else if agent.contains("Chrome/") {
        Some(Browser::Chromium)
    } else {
        let process = js_sys::Reflect::get(&global, &JsValue::from_str("process"))
            .ok()
            .filter(|p| p.is_object());
        assert!(
            process.is_some(),
            "neither Chromium, Firefox nor Node: {agent:?}"
        );
        None
    }
}

/// What a sequence of `decode(chunk, {stream: true})` calls and a final `decode()` gave, in
/// UTF-16 code units: the whole text, or (fatal mode) the text of the calls before the one that
/// threw.
#[derive(Clone, PartialEq)]
enum Outcome {
    Text(Vec<u16>),
    Error { before: Vec<u16> },
}

/// Code units as a Rust string literal would show them (lone surrogates as `\u{D800}`).
fn show(units: &[u16]) -> String {
    char::decode_utf16(units.iter().copied())
        .map(|r| match r {
            Ok(c) if c.is_ascii_graphic() || c == ' ' => c.to_string(),
            Ok(c) if c.is_ascii() || !c.is_alphanumeric() => format!("\\u{{{:X}}}", u32::from(c)),
            Ok(c) => c.to_string(),
            Err(e) => format!("\\u{{{:X}}}", e.unpaired_surrogate()),
        })
        .collect()
}

impl fmt::Debug for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Text(t) => write!(f, "\"{}\"", show(t)),
            Outcome::Error { before } => write!(f, "error after \"{}\"", show(before)),
        }
    }
}

/// Decodes with the browser's TextDecoder, made through web-sys; `decode` is called through
/// js-sys so that its result arrives as the exact code units (web-sys's `String` would turn a
/// lone surrogate into U+FFFD).
fn browser_decode(label: &str, chunks: &[&[u8]], fatal: bool) -> Outcome {
    let options = TextDecoderOptions::new();
    options.set_fatal(fatal);
    let decoder = TextDecoder::new_with_label_and_options(label, &options)
        .unwrap_or_else(|e| panic!("the browser has no decoder for {label}: {e:?}"));
    let decode: js_sys::Function = js_sys::Reflect::get(&decoder, &JsValue::from_str("decode"))
        .expect("TextDecoder.prototype.decode")
        .unchecked_into();
    let stream = TextDecodeOptions::new();
    stream.set_stream(true);
    let units = |v: JsValue| {
        v.unchecked_into::<js_sys::JsString>()
            .iter()
            .collect::<Vec<u16>>()
    };
    let mut text = Vec::new();
    for chunk in chunks {
        let array = js_sys::Uint8Array::from(*chunk);
        match decode.call2(&decoder, &array, &stream) {
            Ok(s) => text.extend(units(s)),
            Err(_) => return Outcome::Error { before: text },
        }
    }
    match decode.call0(&decoder) {
        Ok(s) => {
            text.extend(units(s));
            Outcome::Text(text)
        }
        Err(_) => Outcome::Error { before: text },
    }
}

/// The same calls on the Rust core's streaming decoder (not ignoring the BOM, as a default
/// TextDecoder; the final call is empty and `last`).
fn our_decode(encoding: Encoding, chunks: &[&[u8]], fatal: bool) -> Outcome {
    let mut decoder = Decoder::new(encoding, false);
    let mut text = Vec::new();
    let mut buf = Vec::new();
    let empty: &[u8] = &[];
    for (k, chunk) in chunks.iter().chain([&empty]).enumerate() {
        let last = k == chunks.len();
        let mut call = Vec::new();
        let mut pos = 0;
        loop {
            let cap = decoder
                .max_utf16_buffer_length(chunk.len() - pos)
                .expect("small input");
            buf.resize(cap.max(4), 0);
            let (result, read, written) = if fatal {
                decoder.decode_to_utf16_without_replacement(&chunk[pos..], &mut buf, last)
            } else {
                let (result, read, written, _) =
                    decoder.decode_to_utf16(&chunk[pos..], &mut buf, last);
                (result, read, written)
            };
            call.extend_from_slice(&buf[..written]);
            pos += read;
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed => return Outcome::Error { before: text },
            }
        }
        text.extend_from_slice(&call);
    }
    Outcome::Text(text)
}

/// One known browser fault: in `browser`, decoding `input` as `label` in one call
/// ("replacement" mode) gives `browser_gives` where the standard's algorithm (and this package)
/// gives `standard_gives`.
struct KnownFault {
    browser: Browser,
    label: &'static str,
    input: &'static [u8],
    standard_gives: Outcome,
    browser_gives: Outcome,
    /// Which step of encoding.bs the browser gets wrong.
    why: &'static str,
    /// Whether an input of this encoding may show this fault (it contains the trigger); a
    /// differing random input is excused, in either mode, only if this holds.
    trigger: fn(&[u8]) -> bool,
}

fn text(s: &str) -> Outcome {
    Outcome::Text(s.encode_utf16().collect())
}

fn contains(bytes: &[u8], needle: &[u8]) -> bool {
    bytes.windows(needle.len()).any(|w| w == needle)
}

/// Whether an ISO-2022-JP input has an escape sequence that is cut short or not one of the five
/// the decoder knows (`ESC ( B`, `ESC ( J`, `ESC ( I`, `ESC $ @`, `ESC $ B`): the "escape" state's
/// error path, which restores the leading byte (and the byte after it) to the input.
fn iso_2022_jp_bad_escape(bytes: &[u8]) -> bool {
    bytes.iter().enumerate().any(|(i, &b)| {
        let (lead, next) = (bytes.get(i + 1), bytes.get(i + 2));
        b == 0x1B
            && match lead {
                Some(b'$') => !matches!(next, Some(b'@' | b'B')),
                Some(b'(') => !matches!(next, Some(b'B' | b'J' | b'I')),
                _ => false,
            }
    })
}

fn known_faults() -> Vec<KnownFault> {
    vec![
        KnownFault {
            browser: Browser::Chromium,
            label: "iso-2022-jp",
            input: b"\x1B$B\x30\x21\x1B$",
            standard_gives: text("\u{4E9C}\u{FFFD}\u{FFFD}"),
            browser_gives: text("\u{4E9C}\u{FFFD}$"),
            why: "ISO-2022-JP escape state, byte end-of-queue: the leading 0x24 is restored and \
                  read in the output state (JIS0208 leading byte, then end-of-queue: a second \
                  error); Chromium emits it as ASCII",
            trigger: |b| b.ends_with(b"\x1B$") || b.ends_with(b"\x1B("),
        },
        KnownFault {
            browser: Browser::Chromium,
            label: "iso-2022-jp",
            input: b"\x1B$B\x30\x21\x1B(",
            standard_gives: text("\u{4E9C}\u{FFFD}\u{FFFD}"),
            browser_gives: text("\u{4E9C}\u{FFFD}("),
            why: "the same with the leading 0x28",
            trigger: |b| b.ends_with(b"\x1B$") || b.ends_with(b"\x1B("),
        },
        KnownFault {
            browser: Browser::Chromium,
            label: "iso-2022-jp",
            input: b"\x1B$\xA7",
            standard_gives: text("\u{FFFD}$\u{FFFD}"),
            browser_gives: text("\u{FFFD}$"),
            why: "ISO-2022-JP escape state, an invalid byte: « leading, byte » are both \
                  restored, and a non-ASCII byte is then an error in the output state; Chromium \
                  drops that byte",
            trigger: iso_2022_jp_bad_escape,
        },
        KnownFault {
            browser: Browser::Chromium,
            label: "iso-2022-jp",
            input: b"\x1B$B\x1B(A",
            standard_gives: text("\u{FFFD}\u{FFFD}"),
            browser_gives: text("\u{FFFD}"),
            why: "ISO-2022-JP escape state, ESC ( A in the JIS0208 state: 0x28 0x41 are restored \
                  and read as a pair (pointer 690, null in index jis0208: a second error); \
                  Chromium reports one",
            trigger: iso_2022_jp_bad_escape,
        },
        KnownFault {
            browser: Browser::Chromium,
            label: "euc-jp",
            input: b"\x8F\xA4\x3E\xED\xE0",
            standard_gives: text("\u{FFFD}>\u{8F62}"),
            browser_gives: text("\u{FFFD}>\u{9FA1}"),
            why: "EUC-JP decoder: \"set EUC-JP jis0212 to false\" comes before the error return \
                  for a bad second byte after 0x8F and a lead; Chromium keeps the flag, so the \
                  next pair (ED E0) is looked up in index jis0212 instead of jis0208",
            trigger: |b| {
                b.windows(3).any(|w| {
                    w[0] == 0x8F && (0xA1..=0xFE).contains(&w[1]) && !(0xA1..=0xFE).contains(&w[2])
                })
            },
        },
        KnownFault {
            browser: Browser::Chromium,
            label: "big5",
            input: b"\x88\x62\x88\x64\x88\xA3\x88\xA5",
            standard_gives: text("\u{CA}\u{304}\u{CA}\u{30C}\u{EA}\u{304}\u{EA}\u{30C}"),
            browser_gives: Outcome::Text(vec![
                0x93, 0xDF04, 0x93, 0xDF0C, 0xB3, 0xDF04, 0xB3, 0xDF0C,
            ]),
            why: "Big5 decoder: pointers 1133, 1135, 1164 and 1166 are each two code points \
                  (U+00CA/U+00EA, then U+0304/U+030C); Chromium returns two wrong code units, \
                  the second a lone surrogate",
            trigger: |b| {
                [b"\x88\x62", b"\x88\x64", b"\x88\xA3", b"\x88\xA5"]
                    .iter()
                    .any(|pair| contains(b, *pair))
            },
        },
    ]
}

/// The browser, or `None` (after saying so) outside one.
fn in_browser(test: &str) -> Option<Browser> {
    let b = browser();
    if b.is_none() {
        console_log!("{test}: not in a browser (Node run), nothing to compare with");
    }
    b
}

#[derive(Default)]
struct Tally {
    compared: usize,
    excused: usize,
    unexpected: Vec<String>,
}

impl Tally {
    fn compare(
        &mut self,
        browser: Browser,
        encoding: Encoding,
        chunks: &[&[u8]],
        fatal: bool,
        faults: &[KnownFault],
    ) {
        self.compared += 1;
        let ours = our_decode(encoding, chunks, fatal);
        let theirs = browser_decode(encoding.name(), chunks, fatal);
        if ours == theirs {
            return;
        }
        let whole = chunks.concat();
        if faults.iter().any(|f| {
            f.browser == browser
                && Encoding::for_label(f.label.as_bytes()) == Some(encoding)
                && (f.trigger)(&whole)
        }) {
            self.excused += 1;
            return;
        }
        if self.unexpected.len() < 12 {
            self.unexpected.push(format!(
                "{} fatal={fatal} chunks {:02X?}: ours {ours:?}, {browser:?} {theirs:?}",
                encoding.name(),
                chunks
            ));
        } else {
            self.unexpected.push(String::new());
        }
    }

    fn finish(self, test: &str, browser: Browser) {
        console_log!(
            "{test} in {browser:?}: {} compared, {} equal, {} excused as known faults, {} unexpected",
            self.compared,
            self.compared - self.excused - self.unexpected.len(),
            self.excused,
            self.unexpected.len()
        );
        let shown: Vec<_> = self.unexpected.iter().filter(|s| !s.is_empty()).collect();
        assert!(
            self.unexpected.is_empty(),
            "{test}: {} differences from {browser:?}'s TextDecoder, first ones:\n{}",
            self.unexpected.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[wasm_bindgen_test]
fn known_browser_faults_still_behave_so() {
    let Some(browser) = in_browser("known faults") else {
        return;
    };
    for fault in known_faults() {
        let encoding = Encoding::for_label(fault.label.as_bytes()).expect("label");
        let chunks = [fault.input];
        assert!((fault.trigger)(fault.input), "{}: its trigger", fault.why);
        assert_eq!(
            our_decode(encoding, &chunks, false),
            fault.standard_gives,
            "this package on {:02X?} ({})",
            fault.input,
            fault.why
        );
        let theirs = browser_decode(fault.label, &chunks, false);
        if fault.browser == browser {
            assert_eq!(
                theirs, fault.browser_gives,
                "{browser:?} no longer shows the known fault on {} {:02X?} ({}): update the table",
                fault.label, fault.input, fault.why
            );
        } else {
            assert_eq!(
                theirs, fault.standard_gives,
                "{browser:?} now shares {:?}'s fault on {} {:02X?} ({})",
                fault.browser, fault.label, fault.input, fault.why
            );
        }
    }
}

#[wasm_bindgen_test]
fn single_byte_every_byte_both_modes() {
    let Some(browser) = in_browser("single-byte") else {
        return;
    };
    let faults = known_faults();
    let mut tally = Tally::default();
    let every: Vec<u8> = (0..=255).collect();
    for encoding in single_byte_encodings()
        .into_iter()
        .chain([Encoding::XUserDefined])
    {
        for fatal in [false, true] {
            for byte in 0..=255u8 {
                tally.compare(browser, encoding, &[&[byte]], fatal, &faults);
            }
            // All 256 in one call, and split in three streamed calls.
            tally.compare(browser, encoding, &[&every], fatal, &faults);
            tally.compare(
                browser,
                encoding,
                &[&every[..100], &every[100..200], &every[200..]],
                fatal,
                &faults,
            );
        }
    }
    tally.finish("single-byte, every byte", browser);
}

const ISO_2022_JP_TOKENS: [&[u8]; 12] = [
    b"\x1B(B", b"\x1B(J", b"\x1B(I", b"\x1B$B", b"\x1B$@", b"\x1B", b"\x1B(", b"\x1B$", b"\x0E",
    b"\x0F", b"\n", b"\x1B(A",
];

/// Random input for a CJK encoding: valid characters (from the Rust encoder), lead bytes with
/// arbitrary trails, ASCII, and for ISO-2022-JP escape sequences (mostly valid ones).
fn random_cjk_input(rng: &mut Rng, encoding: Encoding) -> Vec<u8> {
    let len = 1 + rng.below(40);
    let iso = encoding == Encoding::Iso2022Jp;
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        match rng.below(100) {
            0..=39 => {
                // A valid character: CJK ideographs, kana, hangul, symbols, full-width forms.
                let starts = [0x3000, 0x3040, 0x4E00, 0x7000, 0xAC00, 0xFF00, 0x2000, 0xA0];
                let cp = starts[rng.below(starts.len())] + rng.below(0x400) as u32;
                if let Some(c) = char::from_u32(cp) {
                    let mut units = [0u16; 2];
                    if let Ok(bytes) = encoding.encode_utf16(c.encode_utf16(&mut units), true) {
                        // ISO-2022-JP's encoder ends in ASCII: half the time the return to ASCII
                        // is dropped, so that runs of JIS0208 and bytes read in that state occur.
                        let keep = if iso && bytes.ends_with(b"\x1B(B") && rng.below(2) == 0 {
                            bytes.len() - 3
                        } else {
                            bytes.len()
                        };
                        out.extend_from_slice(&bytes[..keep]);
                    }
                }
            }
            40..=59 if iso => out.push(rng.range(0x21, 0x7E)),
            40..=59 => out.push(rng.range(0x81, 0xFE)),
            60..=74 if iso => out.extend_from_slice(ISO_2022_JP_TOKENS[rng.below(5)]),
            60..=74 => out.push(rng.range(0x30, 0x7F)),
            75..=79 if iso => {
                out.extend_from_slice(ISO_2022_JP_TOKENS[rng.below(ISO_2022_JP_TOKENS.len())])
            }
            75..=79 => out.push(rng.range(0xA0, 0xFF)),
            80..=89 if matches!(encoding, Encoding::Gb18030 | Encoding::Gbk) => {
                let four = [
                    rng.range(0x81, 0xFE),
                    rng.range(0x30, 0x39),
                    rng.range(0x81, 0xFE),
                    rng.range(0x30, 0x39),
                ];
                out.extend_from_slice(&four[..1 + rng.below(4)]);
            }
            _ => out.push(rng.range(0, 0xFF)),
        }
    }
    out
}

/// Splits `bytes` at 0 to 4 random points (empty chunks included).
fn random_chunks<'a>(rng: &mut Rng, bytes: &'a [u8]) -> Vec<&'a [u8]> {
    let mut cuts: Vec<usize> = (0..rng.below(5))
        .map(|_| rng.below(bytes.len() + 1))
        .collect();
    cuts.sort_unstable();
    let mut chunks = Vec::with_capacity(cuts.len() + 1);
    let mut start = 0;
    for cut in cuts {
        chunks.push(&bytes[start..cut]);
        start = cut;
    }
    chunks.push(&bytes[start..]);
    chunks
}

fn cjk_random_streams(label: &str, seed: u64) {
    let Some(browser) = in_browser(label) else {
        return;
    };
    let encoding = Encoding::for_label(label.as_bytes()).expect("label");
    let faults = known_faults();
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    for _ in 0..2500 {
        let input = random_cjk_input(&mut rng, encoding);
        let chunks = random_chunks(&mut rng, &input);
        for fatal in [false, true] {
            tally.compare(browser, encoding, &chunks, fatal, &faults);
        }
    }
    tally.finish(&format!("{label}, random streams"), browser);
}

#[wasm_bindgen_test]
fn gbk_random_streams() {
    cjk_random_streams("gbk", 0x9E37_79B9_7F4A_7C15);
}

#[wasm_bindgen_test]
fn gb18030_random_streams() {
    cjk_random_streams("gb18030", 0xD1B5_4A32_D192_ED03);
}

#[wasm_bindgen_test]
fn big5_random_streams() {
    cjk_random_streams("big5", 0x94D0_49BB_1331_11EB);
}

#[wasm_bindgen_test]
fn euc_jp_random_streams() {
    cjk_random_streams("euc-jp", 0xBF58_476D_1CE4_E5B9);
}

#[wasm_bindgen_test]
fn iso_2022_jp_random_streams() {
    cjk_random_streams("iso-2022-jp", 0x2545_F491_4F6C_DD1D);
}

#[wasm_bindgen_test]
fn shift_jis_random_streams() {
    cjk_random_streams("shift_jis", 0x6A09_E667_F3BC_C909);
}

#[wasm_bindgen_test]
fn euc_kr_random_streams() {
    cjk_random_streams("euc-kr", 0x3C6E_F372_FE94_F82B);
}
