//! What each reading of the input costs, in bits, as the guess compares them: the single-byte
//! readings (every encoding and language model, their prior included), and how ASCII is priced
//! in them so that it costs alike in every reading, CJK ones included, except for what tells
//! readings apart (the language of the ASCII words among the Latin readings, the letters next to
//! a reading's own letters, Latin words on the lines of another script's characters).

use alloc::vec::Vec;

use super::bounds::{self, Listing, MODELS};
use super::single_byte::AsciiPairs;
use super::statistics::{self, SINGLE_BYTE_CANDIDATES, SINGLE_BYTE_MODELS};
use super::{cjk, Detector};
use crate::Encoding;

/// A Latin word in text of another script, on a line with its characters: this many bits (a word
/// in about sixteen). Words on lines without one (markup, code, the English of a bilingual file)
/// cost what they cost in every other reading: ASCII must not outvote the characters.
const COST_LATIN_WORD: u64 = 4;
/// A Latin model's price of ASCII adds this fraction (one in ...) of how much more its languages
/// pay for it than the best Latin model's: enough to tell the languages of a text apart, not so
/// much that the English words of a file outvote the letters of its own language.
const LANGUAGE_SHARE: u64 = 4;
/// ... and this fraction of how much more (or less) it pays for the ASCII letters next to bytes
/// above ASCII than the Latin model does.
const NEAR_HIGH_SHARE: i64 = 4;

impl Detector {
    /// A CJK reading's cost in bits: its characters and ASCII, and the Latin words on lines with
    /// characters above ASCII.
    pub(super) fn cjk_cost(&self, scorer: &cjk::Scorer) -> u64 {
        scorer.total_cost() + COST_LATIN_WORD * self.pairs.latin_words_on_high_lines()
    }

    /// The single-byte readings: each one's cost in bits (prior included), encoding and index into
    /// `SINGLE_BYTE_CANDIDATES`, added to `readings`. With a `Listing`, only those a guess may
    /// list beside its other readings (`bounds`); without one, every reading. Returns which
    /// bytes above ASCII the input has (a set of their offsets from 0x80).
    pub(super) fn single_byte_readings(
        &self,
        listing: Option<Listing<'_>>,
        readings: &mut Vec<(u64, Encoding, usize)>,
    ) -> [u64; 2] {
        let (ascii, high) = self.pairs.split();
        let (ascii, language) = self.ascii_prices(&ascii);
        let costs = bounds::price(&self.pairs, &high, &ascii, &language, listing);
        // Which language the ASCII words are in tells the Latin readings apart, not the Latin
        // script from the others: the best Latin reading costs what it would without it.
        for (k, c) in SINGLE_BYTE_CANDIDATES.iter().enumerate() {
            let encoding = match Encoding::from_ordinal(c.encoding as usize) {
                Some(encoding) if costs.whole[k] => encoding,
                _ => continue,
            };
            let shift = if SINGLE_BYTE_MODELS[c.model as usize].latin {
                costs.shift
            } else {
                0
            };
            readings.push(((costs.cost[k] - shift) as u64, encoding, k));
        }
        high.present
    }

    /// Each model's price (bits) of the input's ASCII, the same in all its encodings, and the
    /// part of it that is language (`LANGUAGE_SHARE`). ASCII costs alike in every reading, CJK
    /// ones included (the Latin model's price), but for:
    /// - in a model of the Latin script, a share of how much worse its languages explain the
    ///   ASCII than the best Latin model does (which language the text is in), and the ASCII
    ///   letters next to the bytes above ASCII priced by the model (the words its own letters are
    ///   in);
    /// - in a model of another script, `COST_LATIN_WORD` for each Latin word on a line with bytes
    ///   above ASCII (as in the CJK readings): words on lines of ASCII alone (markup, code,
    ///   English) are as likely in any script's documents.
    fn ascii_prices(&self, ascii: &AsciiPairs) -> ([u64; MODELS], [u64; MODELS]) {
        let latin = &SINGLE_BYTE_MODELS[statistics::LATIN_MODEL];
        let shared = ascii.cost(latin);
        let near_shared = self.pairs.near_high_cost(latin) as i64;
        let mut own = [0u64; MODELS];
        for (m, model) in SINGLE_BYTE_MODELS.iter().enumerate() {
            if model.latin {
                own[m] = ascii.cost(model);
            }
        }
        let best = (0..MODELS)
            .filter(|&m| SINGLE_BYTE_MODELS[m].latin)
            .map(|m| own[m])
            .min()
            .unwrap_or(0);
        let latin_words = COST_LATIN_WORD * self.pairs.latin_words_on_high_lines();
        let mut prices = [0u64; MODELS];
        let mut language = [0u64; MODELS];
        for (m, model) in SINGLE_BYTE_MODELS.iter().enumerate() {
            prices[m] = if model.latin {
                language[m] = (own[m] - best) / LANGUAGE_SHARE;
                let near = self.pairs.near_high_cost(model) as i64 - near_shared;
                ((shared as i64 * NEAR_HIGH_SHARE + near) / NEAR_HIGH_SHARE).max(0) as u64
                    + language[m]
            } else {
                shared + latin_words
            };
        }
        (prices, language)
    }

    /// Every reading's cost in bits, with its model's name (a CJK reading's is "cjk", UTF-16's
    /// "utf-16"): for looking into a guess (`cargo run --example detect -- --costs`), not part
    /// of the API.
    #[doc(hidden)]
    pub fn reading_costs(&self) -> Vec<(Encoding, &'static str, u64)> {
        let mut single_byte = Vec::new();
        self.single_byte_readings(None, &mut single_byte);
        let mut all: Vec<_> = single_byte
            .into_iter()
            .map(|(cost, encoding, candidate)| {
                let model = SINGLE_BYTE_CANDIDATES[candidate].model as usize;
                (encoding, SINGLE_BYTE_MODELS[model].name, cost)
            })
            .collect();
        for scorer in self.cjk.iter().filter(|s| s.is_candidate()) {
            all.push((scorer.kind().encoding(), "cjk", self.cjk_cost(scorer)));
        }
        if let Some((cost, encoding)) = self.utf16_reading() {
            all.push((encoding, "utf-16", cost));
        }
        all
    }
}
