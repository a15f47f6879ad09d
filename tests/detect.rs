//! The encoding detector (src/detect/) through its public API: the BOM, UTF-8 and UTF-16, text in
//! each encoding a language of ../shared/corpus uses, streaming in any chunks, hints, and inputs
//! that are not text. Corpus cases are skipped (with a note) when ../shared is not present.

use text_encoding_wasm::detect::{detect, Detector, Guess, Hint};
use text_encoding_wasm::Encoding;

mod common;
use common::Rng;

const NO_HINT: Hint<'static> = Hint {
    tld: b"",
    allow_utf8: true,
};

fn enc(label: &str) -> Encoding {
    Encoding::for_label(label.as_bytes()).unwrap()
}

/// `text` in `encoding`, leaving out what it cannot encode.
fn encode(text: &str, encoding: Encoding) -> Vec<u8> {
    // The standard's encoders write UTF-8 for the UTF-16s: their bytes are made here.
    match encoding {
        Encoding::Utf16Le => return text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Encoding::Utf16Be => return text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        _ => {}
    }
    let mut out = Vec::new();
    for ch in text.chars() {
        let mut units = [0u16; 2];
        if let Ok(bytes) = encoding.encode_utf16(ch.encode_utf16(&mut units), true) {
            out.extend(bytes);
        }
    }
    out
}

/// Whether `guess` decodes `bytes` to what `truth` does.
fn decodes_as(guess: &Guess, bytes: &[u8], truth: Encoding) -> bool {
    let Some(found) = guess.encoding else {
        return false;
    };
    found.decode_utf16(bytes, false, true) == truth.decode_utf16(bytes, false, true)
}

fn corpus(lang: &str) -> Option<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../shared/corpus/wikipedia/{lang}.txt"));
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(_) => {
            eprintln!("skipped: {} not present", path.display());
            None
        }
    }
}

/// A well-formed cut of at most `len` bytes of `text` in `encoding`, from character `from`.
fn sample(text: &str, encoding: Encoding, from: usize, len: usize) -> Vec<u8> {
    let piece: String = text.chars().skip(from).take(len * 2).collect();
    let bytes = encode(&piece, encoding);
    let mut cut = len.min(bytes.len());
    while cut > 0 && encoding.decode_utf16(&bytes[..cut], true, true).is_err() {
        cut -= 1;
    }
    bytes[..cut].to_vec()
}

#[test]
fn a_byte_order_mark_wins() {
    for (bytes, encoding) in [
        (&b"\xEF\xBB\xBFabc"[..], Encoding::Utf8),
        (&b"\xFF\xFEa\x00"[..], Encoding::Utf16Le),
        (&b"\xFE\xFF\x00a"[..], Encoding::Utf16Be),
        // Whatever follows: here bytes that are not UTF-8 at all.
        (&b"\xEF\xBB\xBF\xFF\xFE\x00\x00\x01"[..], Encoding::Utf8),
    ] {
        let g = detect(bytes, NO_HINT);
        assert_eq!(g.encoding, Some(encoding), "{bytes:x?}");
        assert_eq!(g.confidence, 1.0);
    }
}

#[test]
fn utf8_and_ascii() {
    let g = detect("Größe und Fläche".as_bytes(), NO_HINT);
    assert_eq!(g.encoding, Some(Encoding::Utf8));
    assert!(g.confidence > 0.9);
    // Not allowed to say UTF-8: the best legacy reading instead.
    let g = detect(
        "Größe und Fläche".as_bytes(),
        Hint {
            tld: b"",
            allow_utf8: false,
        },
    );
    assert_ne!(g.encoding, Some(Encoding::Utf8));
    assert!(g.encoding.is_some());
    // ASCII reads the same in every ASCII-compatible encoding.
    assert_eq!(
        detect(b"plain text", NO_HINT).encoding,
        Some(Encoding::Utf8)
    );
    assert_eq!(
        detect(
            b"plain text",
            Hint {
                tld: b"",
                allow_utf8: false
            }
        )
        .encoding,
        Some(Encoding::Windows1252)
    );
    assert_eq!(detect(b"", NO_HINT).encoding, Some(Encoding::Utf8));
}

#[test]
fn utf16_without_a_bom() {
    let units: Vec<u16> = "Plain English text, read as UTF-16."
        .encode_utf16()
        .collect();
    let le: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    let be: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
    assert_eq!(detect(&le, NO_HINT).encoding, Some(Encoding::Utf16Le));
    assert_eq!(detect(&be, NO_HINT).encoding, Some(Encoding::Utf16Be));
}

/// UTF-16 without a BOM in scripts that have no ASCII letters, so no zero bytes: the readings
/// as code units, in either byte order, from 64 bytes on.
#[test]
fn utf16_without_a_bom_in_every_script() {
    let mut wrong = Vec::new();
    let mut total = 0;
    for lang in ["ar", "el", "he", "ja", "ko", "ru", "th", "zh_cn", "zh_tw"] {
        let Some(text) = corpus(lang) else { return };
        let chars = text.chars().count();
        for encoding in [Encoding::Utf16Le, Encoding::Utf16Be] {
            for (k, len) in [64, 128, 256, 512].into_iter().enumerate() {
                for part in 1..=5 {
                    let bytes = sample(&text, encoding, chars * part / 6 + k, len);
                    total += 1;
                    let g = detect(&bytes, NO_HINT);
                    if g.encoding != Some(encoding) {
                        wrong.push(format!("{lang} in {encoding:?}, {len} B: {:?}", g.encoding));
                    }
                }
            }
        }
    }
    assert!(
        wrong.len() * 50 <= total,
        "{} of {total} wrong: {wrong:#?}",
        wrong.len()
    );
}

#[test]
fn iso_2022_jp() {
    let bytes = encode("火星は太陽系の惑星です。", Encoding::Iso2022Jp);
    assert!(bytes.iter().all(|&b| b < 0x80));
    assert_eq!(detect(&bytes, NO_HINT).encoding, Some(Encoding::Iso2022Jp));
    // Long text: its pairs of ASCII bytes must not read better as some Latin text.
    if let Some(ja) = corpus("ja") {
        let bytes = encode(&ja, Encoding::Iso2022Jp);
        assert_eq!(detect(&bytes, NO_HINT).encoding, Some(Encoding::Iso2022Jp));
    }
}

#[test]
fn every_language_in_its_encodings() {
    let plan: &[(&str, &[&str])] = &[
        ("ar", &["windows-1256", "iso-8859-6"]),
        ("cs", &["windows-1250", "iso-8859-2"]),
        ("de", &["windows-1252"]),
        ("fr", &["windows-1252"]),
        ("el", &["windows-1253", "iso-8859-7"]),
        ("he", &["windows-1255", "iso-8859-8"]),
        ("ja", &["shift_jis", "euc-jp", "iso-2022-jp"]),
        ("ko", &["euc-kr"]),
        (
            "ru",
            &[
                "windows-1251",
                "koi8-r",
                "ibm866",
                "iso-8859-5",
                "x-mac-cyrillic",
            ],
        ),
        ("th", &["windows-874"]),
        ("tr", &["windows-1254"]),
        ("zh_cn", &["gbk", "gb18030"]),
        ("zh_tw", &["big5"]),
    ];
    let mut wrong = Vec::new();
    let mut total = 0;
    for (lang, encodings) in plan {
        let Some(text) = corpus(lang) else { return };
        let chars = text.chars().count();
        for label in *encodings {
            let encoding = enc(label);
            for k in 1..=4 {
                let bytes = sample(&text, encoding, chars * k / 5, 256);
                total += 1;
                let g = detect(&bytes, NO_HINT);
                if !decodes_as(&g, &bytes, encoding) {
                    wrong.push(format!(
                        "{lang} in {label} (sample {k}): {:?}",
                        g.encoding.map(Encoding::name)
                    ));
                }
            }
        }
    }
    // 256-byte samples: the evaluation (npm run eval:detect) has the full picture; here at most
    // one miss in a hundred.
    assert!(
        wrong.len() * 100 <= total,
        "{} of {total} wrong: {wrong:#?}",
        wrong.len()
    );
}

#[test]
fn streaming_in_any_chunks_gives_the_same_guess() {
    let mut rng = Rng::new(7);
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    if let Some(ja) = corpus("ja") {
        for label in ["shift_jis", "euc-jp", "iso-2022-jp", "utf-8"] {
            inputs.push(sample(&ja, enc(label), 100, 3000));
        }
    }
    if let Some(ru) = corpus("ru") {
        inputs.push(sample(&ru, enc("koi8-r"), 50, 3000));
    }
    if let Some(zh) = corpus("zh_cn") {
        inputs.push(sample(&zh, enc("gb18030"), 50, 3000));
        // Past a checkpoint (4096 bytes), where implausible readings are dropped.
        inputs.push(sample(&zh, Encoding::Utf16Be, 50, 6000));
    }
    if let Some(el) = corpus("el") {
        inputs.push(sample(&el, Encoding::Utf16Le, 50, 3001));
    }
    inputs.push((0..5000).map(|_| rng.next() as u8).collect());
    // Lines that open sentences, with CR LF that chunks may cut.
    let lines =
        "Первая строка.\r\nВторая строка\r\n\r\nтретья, \nчетвёртая!\n\n  Пятая?\r\n".repeat(20);
    inputs.push(encode(&lines, enc("windows-1251")));
    // Letters above ASCII inside Latin words, and Latin words after Cyrillic ones on a line: the
    // context the pairs do not hold, which chunks may cut.
    let mixed =
        "Déjà vu, l'été à Noël: où ça? Größe über Maß.\nменю File Правка Edit ok\n".repeat(30);
    inputs.push(encode(&mixed, enc("windows-1252")));
    inputs.push(encode(
        &mixed.replace(['é', 'à', 'ë', 'ö', 'ü', 'ß', 'ç', 'ù'], "e"),
        enc("windows-1251"),
    ));
    for bytes in &inputs {
        let whole = detect(bytes, NO_HINT);
        let mut one = Detector::new();
        one.feed(bytes);
        let costs = one.reading_costs();
        for _ in 0..4 {
            let mut d = Detector::new();
            let mut at = 0;
            while at < bytes.len() {
                let n = 1 + rng.below(17);
                let end = (at + n).min(bytes.len());
                d.feed(&bytes[at..end]);
                at = end;
            }
            assert_eq!(d.guess(NO_HINT), whole);
            assert_eq!(d.reading_costs(), costs);
        }
    }
}

#[test]
fn a_guess_is_what_every_reading_priced_whole_gives() {
    // The guess leaves the single-byte readings it cannot list part-priced (src/detect/bounds.rs):
    // short and long text in the Latin, Cyrillic, Greek, Hebrew, Arabic and Thai encodings, CJK
    // text, text with line starts, random bytes; with and without hints.
    let mut rng = Rng::new(11);
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    let texts = [
        (
            "fr",
            &["windows-1252", "iso-8859-15", "macintosh", "iso-8859-2"][..],
        ),
        ("de", &["windows-1252", "iso-8859-15", "macintosh"][..]),
        ("pt", &["windows-1252", "iso-8859-3"][..]),
        ("cs", &["windows-1250", "iso-8859-2", "iso-8859-16"][..]),
        ("tr", &["windows-1254", "iso-8859-3"][..]),
        ("vi", &["windows-1258"][..]),
        (
            "ru",
            &[
                "windows-1251",
                "koi8-r",
                "koi8-u",
                "ibm866",
                "iso-8859-5",
                "x-mac-cyrillic",
            ][..],
        ),
        ("el", &["windows-1253", "iso-8859-7"][..]),
        ("he", &["windows-1255", "iso-8859-8"][..]),
        ("ar", &["windows-1256", "iso-8859-6"][..]),
        ("th", &["windows-874"][..]),
        ("ja", &["shift_jis", "euc-jp"][..]),
        ("ko", &["euc-kr"][..]),
    ];
    for (lang, labels) in texts {
        let Some(text) = corpus(lang) else { continue };
        let chars = text.chars().count();
        for label in labels {
            for len in [12, 16, 24, 40, 64, 200, 1000, 5000] {
                for _ in 0..6 {
                    let from = rng.below(chars.saturating_sub(len * 2).max(1));
                    inputs.push(sample(&text, enc(label), from, len));
                }
            }
        }
    }
    for len in [16, 64, 300] {
        for _ in 0..20 {
            inputs.push((0..len).map(|_| 0x80 | rng.next() as u8).collect());
        }
    }
    let lines = "Первая строка.\r\nВторая строка\r\n\r\nтретья, \nчетвёртая!\n\n  Пятая?\r\n";
    inputs.push(encode(lines, enc("windows-1251")));
    let hints = [
        NO_HINT,
        Hint {
            tld: b"ru",
            allow_utf8: true,
        },
        Hint {
            tld: b"fr",
            allow_utf8: false,
        },
        Hint {
            tld: b"jp",
            allow_utf8: true,
        },
        Hint {
            tld: b"gr",
            allow_utf8: true,
        },
    ];
    // 31 encodings of the corpus's texts, 48 cuts each, and 61 more.
    assert!(inputs.len() >= 31 * 48 + 61, "the corpus texts are missing");
    for bytes in &inputs {
        let mut d = Detector::new();
        d.feed(bytes);
        for hint in hints {
            assert_eq!(
                d.guess(hint),
                d.guess_exhaustive(hint),
                "{bytes:02X?} {:?}",
                hint.tld
            );
        }
    }
}

#[test]
fn bytes_that_are_not_text() {
    let mut rng = Rng::new(11);
    let mut called_text = 0;
    for i in 0..300 {
        let len = 64 + rng.below(4000);
        let bytes: Vec<u8> = if i % 2 == 0 {
            (0..len).map(|_| rng.next() as u8).collect()
        } else {
            // No control bytes at all: only the statistics can tell.
            (0..len).map(|_| 0x20 + rng.below(224) as u8).collect()
        };
        let g = detect(&bytes, NO_HINT);
        if g.encoding.is_some() {
            called_text += 1;
        } else {
            assert!(g.candidates.is_empty());
        }
    }
    assert!(
        called_text <= 3,
        "{called_text} of 300 random inputs called text"
    );
    // Binary formats: NUL bytes and control bytes.
    assert_eq!(
        detect(
            b"\x00asm\x01\x00\x00\x00\x01\x07\x01\x60\x02\x7f\x7f\x01\x7f",
            NO_HINT
        )
        .encoding,
        None
    );
}

#[test]
fn candidates_are_ranked_and_confidences_are_probabilities() {
    let Some(ru) = corpus("ru") else { return };
    for len in [16, 64, 1024] {
        let bytes = sample(&ru, enc("koi8-r"), 500, len);
        let g = detect(&bytes, NO_HINT);
        assert!(!g.candidates.is_empty());
        assert_eq!(Some(g.candidates[0].encoding), g.encoding);
        assert!(g
            .candidates
            .windows(2)
            .all(|w| w[0].confidence >= w[1].confidence));
        let sum: f32 = g.candidates.iter().map(|c| c.confidence).sum();
        assert!(
            sum <= 1.0001 && g.confidence <= 1.0 && g.confidence > 0.0,
            "{g:?}"
        );
        let mut names: Vec<_> = g.candidates.iter().map(|c| c.encoding).collect();
        names.dedup();
        assert_eq!(names.len(), g.candidates.len(), "one entry per encoding");
    }
}

#[test]
fn a_top_level_domain_breaks_ties_its_way() {
    // Two letters that Czech and Polish share, in windows-1250: either language reads them.
    let bytes = encode("Łódź", enc("windows-1250"));
    let plain = detect(&bytes, NO_HINT);
    let ru = detect(
        &bytes,
        Hint {
            tld: b"ru",
            allow_utf8: true,
        },
    );
    let pl = detect(
        &bytes,
        Hint {
            tld: b"pl",
            allow_utf8: true,
        },
    );
    assert_eq!(pl.encoding, Some(enc("windows-1250")), "{pl:?}");
    // A hint moves confidence toward its languages' encodings, never away.
    let share = |g: &Guess, e: Encoding| {
        g.candidates
            .iter()
            .find(|c| c.encoding == e)
            .map_or(0.0, |c| c.confidence)
    };
    assert!(share(&pl, enc("windows-1250")) >= share(&plain, enc("windows-1250")));
    assert!(share(&ru, enc("windows-1251")) >= share(&plain, enc("windows-1251")));
}

#[test]
fn no_panic_on_any_input() {
    let mut rng = Rng::new(3);
    for _ in 0..2000 {
        let len = rng.below(64);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                [
                    0x1B, 0x24, 0x28, 0x42, 0x8E, 0x8F, 0x81, 0x30, 0xA1, 0xFE, 0xFF, 0x80, 0x41,
                ][rng.below(13)]
            })
            .collect();
        let mut d = Detector::new();
        for chunk in bytes.chunks(1 + rng.below(5)) {
            d.feed(chunk);
        }
        let _ = d.guess(Hint {
            tld: b"jp",
            allow_utf8: rng.below(2) == 0,
        });
    }
}

#[test]
fn a_reading_is_dropped_by_the_bytes_not_by_how_they_were_fed() {
    // Bytes no CJK encoding reads well, then long Japanese text: Shift_JIS's reading is far behind
    // after the first part and catches up by the end. Whether it is still a candidate must not
    // depend on where the chunks were cut.
    let Some(ja) = corpus("ja") else { return };
    let mut bytes: Vec<u8> = (0..600)
        .map(|i| if i % 2 == 0 { 0xFF } else { 0xFD })
        .collect();
    bytes.extend(sample(&ja, Encoding::ShiftJis, 0, 60_000));
    let whole = detect(&bytes, NO_HINT);
    for chunk in [1, 7, 4096, 65536] {
        let mut d = Detector::new();
        for piece in bytes.chunks(chunk) {
            d.feed(piece);
        }
        assert_eq!(d.guess(NO_HINT), whole, "chunks of {chunk}");
    }
}

#[test]
fn a_line_that_opens_a_sentence_asks_for_a_capital() {
    // The same Hebrew letters, after a line that ends with a comma and after one that ends with a
    // full stop: read as Cyrillic (windows-1251), the second line starts with a small letter,
    // which Russian does not do after a full stop, so that reading loses ground.
    let text = |stop: &str| format!("דמה{stop}בתחילת");
    let confidence = |stop: &str, label: &str| {
        let bytes = encode(&text(stop), enc("iso-8859-8"));
        let g = detect(&bytes, NO_HINT);
        g.candidates
            .iter()
            .find(|c| c.encoding == enc(label))
            .map_or(0.0, |c| c.confidence)
    };
    for (after_comma, after_stop) in [(",\n", ".\n"), (",\r\n", ".\r\n")] {
        assert!(
            confidence(after_stop, "windows-1251") < confidence(after_comma, "windows-1251"),
            "{after_stop:?}"
        );
        assert!(
            confidence(after_stop, "windows-1255") > confidence(after_comma, "windows-1255"),
            "{after_stop:?}"
        );
    }
}

#[test]
fn readings_that_differ_are_not_one_answer() {
    // x-mac-cyrillic and windows-1251 agree on small letters and differ on capitals; a short
    // sample can cost the same in both. The answer's confidence only counts the readings that
    // decode the bytes as it does.
    let Some(ru) = corpus("ru") else { return };
    let mac = enc("x-mac-cyrillic");
    let chars = ru.chars().count();
    for from in (0..chars.saturating_sub(40)).step_by(97) {
        let bytes = sample(&ru, mac, from, 16);
        let g = detect(&bytes, NO_HINT);
        let Some(answer) = g.encoding else { continue };
        let text = answer.decode_utf16(&bytes, false, true);
        let agreeing: f32 = g
            .candidates
            .iter()
            .filter(|c| c.encoding.decode_utf16(&bytes, false, true) == text)
            .map(|c| c.confidence)
            .sum();
        assert!(g.confidence <= agreeing + 1e-4, "{g:?} for {bytes:x?}");
    }
}
