//! UTF-16 without a byte order mark, in any script. Text with ASCII in it shows itself by its
//! zero bytes (`Detector::utf16_by_zeros`); text in other scripts has none, so each byte order
//! keeps a reading of the input as code units: the script each unit belongs to, its cost in bits
//! (about the log of how many characters of its block a text picks from, more for blocks that
//! text rarely uses), and the units no text has (controls, unpaired surrogates, private use,
//! noncharacters). The reading is plausible when such units are rare and nearly every unit is in
//! at most two scripts, besides spaces and punctuation: text is, random bytes spread over the
//! whole code space are not. A plausible reading then competes with the others by its cost.

/// A unit's script, for the plausibility test and the cost of changing script.
pub(crate) type Script = u8;
/// Spaces, digits, punctuation, marks: in the text of any script.
const NEUTRAL: Script = 0;
const LATIN: Script = 1;
const GREEK: Script = 2;
const CYRILLIC: Script = 3;
const ARMENIAN: Script = 4;
const HEBREW: Script = 5;
const ARABIC: Script = 6;
const INDIC: Script = 7;
const THAI: Script = 8;
const SOUTHEAST_ASIAN: Script = 9;
const GEORGIAN: Script = 10;
const ETHIOPIC: Script = 11;
const HANGUL: Script = 12;
/// Han ideographs with kana and bopomofo: Japanese text mixes the first two.
const CJK: Script = 13;
/// Symbols, and blocks that text rarely uses: never one of a text's scripts.
const SYMBOL: Script = 14;
const RARE: Script = 15;
const SCRIPTS: usize = 16;
/// A unit no text has.
const INVALID: Script = 0xFF;

/// The cost (bits) of a unit no text has, and of a unit in another script than the letter before.
const COST_INVALID: u64 = 24;
const COST_SWITCH: u64 = 5;
/// A supplementary character (a surrogate pair): emoji and rare ideographs.
const COST_SUPPLEMENTARY: u64 = 18;

/// The script and cost (bits) of a code unit that is not a surrogate: from `BLOCKS` where its
/// block of 16 units is all alike, else from `classify`.
#[inline(always)]
fn class_of(unit: u16) -> (Script, u8) {
    match BLOCKS.of_block[unit as usize >> 4] {
        MIXED_BLOCK => classify(unit),
        i => BLOCKS.classes[i as usize],
    }
}

/// `classify` by blocks of 16 code units, computed at compile time: for each block, the index of
/// the (script, cost) all its units have in `classes`, or `MIXED_BLOCK`.
struct Blocks {
    classes: [(Script, u8); 64],
    of_block: [u8; 0x1000],
}
const MIXED_BLOCK: u8 = 0xFF;
static BLOCKS: Blocks = blocks();

const fn blocks() -> Blocks {
    let mut t = Blocks {
        classes: [(0, 0); 64],
        of_block: [MIXED_BLOCK; 0x1000],
    };
    let mut n = 0;
    let mut block = 0;
    while block < 0x1000 {
        let first = classify((block << 4) as u16);
        let mut alike = true;
        let mut unit = 1;
        while unit < 16 {
            let other = classify((block << 4 | unit) as u16);
            alike &= other.0 == first.0 && other.1 == first.1;
            unit += 1;
        }
        if alike {
            let mut i = 0;
            while i < n && !(t.classes[i].0 == first.0 && t.classes[i].1 == first.1) {
                i += 1;
            }
            if i == n {
                assert!(n < 64, "more (script, cost) classes than Blocks holds");
                t.classes[n] = first;
                n += 1;
            }
            t.of_block[block] = i as u8;
        }
        block += 1;
    }
    t
}

/// The script and cost (bits) of a code unit that is not a surrogate.
const fn classify(unit: u16) -> (Script, u8) {
    match unit {
        0x09 | 0x0A | 0x0D | 0x20 => (NEUTRAL, 3),
        0x30..=0x39 => (NEUTRAL, 5),
        0x41..=0x5A | 0x61..=0x7A => (LATIN, 5),
        0x21..=0x7E => (NEUTRAL, 6),
        0x00..=0x1F | 0x7F..=0x9F => (INVALID, 0),
        0xA0..=0xBF | 0xD7 | 0xF7 => (NEUTRAL, 9),
        0xC0..=0xFF => (LATIN, 7),
        0x0100..=0x024F => (LATIN, 8),
        0x0250..=0x02AF => (LATIN, 12),
        0x02B0..=0x036F => (NEUTRAL, 10),
        0x0370..=0x03FF => (GREEK, 6),
        0x0400..=0x04FF => (CYRILLIC, 6),
        0x0500..=0x052F => (CYRILLIC, 10),
        0x0530..=0x058F => (ARMENIAN, 6),
        0x0590..=0x05FF => (HEBREW, 6),
        0x0600..=0x06FF => (ARABIC, 6),
        0x0750..=0x077F => (ARABIC, 10),
        0x0900..=0x0DFF => (INDIC, 7),
        0x0E00..=0x0E7F => (THAI, 6),
        0x0E80..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF => (SOUTHEAST_ASIAN, 8),
        0x10A0..=0x10FF => (GEORGIAN, 6),
        0x1100..=0x11FF => (HANGUL, 11),
        0x1200..=0x139F => (ETHIOPIC, 9),
        0x1E00..=0x1EFF => (LATIN, 8),
        0x1F00..=0x1FFF => (GREEK, 9),
        0x2000..=0x206F => (NEUTRAL, 7),
        0x2070..=0x20CF | 0x2100..=0x27BF => (SYMBOL, 12),
        0x2E80..=0x2FFF => (CJK, 14),
        0x3000..=0x303F => (NEUTRAL, 6),
        0x3040..=0x309F => (CJK, 7),
        0x30A0..=0x30FF => (CJK, 8),
        0x3100..=0x312F => (CJK, 10),
        0x3130..=0x318F => (HANGUL, 12),
        0x3190..=0x31FF => (CJK, 14),
        0x3200..=0x33FF => (SYMBOL, 13),
        0x3400..=0x4DBF => (CJK, 16),
        0x4E00..=0x9FFF => (CJK, 12),
        0xAC00..=0xD7A3 => (HANGUL, 12),
        0xE000..=0xF8FF | 0xFFFE | 0xFFFF => (INVALID, 0),
        0xF900..=0xFAFF => (CJK, 15),
        0xFB50..=0xFDFF | 0xFE70..=0xFEFE => (ARABIC, 11),
        0xFE00..=0xFE6F | 0xFEFF => (NEUTRAL, 10),
        0xFF00..=0xFFEF => (NEUTRAL, 8),
        0xFFFD => (NEUTRAL, 14),
        _ => (RARE, 16),
    }
}

/// One byte order's reading of the input as UTF-16 code units.
pub(crate) struct Utf16 {
    big_endian: bool,
    /// The first byte of a unit the input ends inside of.
    pending: Option<u8>,
    /// A high surrogate waiting for its low one.
    high_surrogate: bool,
    /// The script of the last letter (`NEUTRAL` before any).
    script: Script,
    /// The cost so far (bits), the units read, those no text has, and the units of each script.
    cost: u64,
    units: u64,
    invalid: u64,
    counts: [u32; SCRIPTS],
    /// The kana among the CJK units.
    kana: u32,
    /// The units both of whose bytes are printable ASCII: strings of ASCII read as code units
    /// are ideographs, and few of a Chinese or Korean text's are.
    ascii_pairs: u32,
    /// The letter before, how many letters in a row rose in code point order, and the letters
    /// that repeat the one before or rise for the third time in a row or more: a table of
    /// characters, not text, has many.
    prev_unit: u16,
    rising: u8,
    in_order: u32,
    /// Found implausible at a checkpoint: no longer read.
    dropped: bool,
}

impl Utf16 {
    pub(crate) fn new(big_endian: bool) -> Utf16 {
        Utf16 {
            big_endian,
            pending: None,
            high_surrogate: false,
            script: NEUTRAL,
            cost: 0,
            units: 0,
            invalid: 0,
            counts: [0; SCRIPTS],
            kana: 0,
            ascii_pairs: 0,
            prev_unit: 0,
            rising: 0,
            in_order: 0,
            dropped: false,
        }
    }

    /// The encoding this reading is of.
    pub(crate) fn encoding(&self) -> crate::Encoding {
        if self.big_endian {
            crate::Encoding::Utf16Be
        } else {
            crate::Encoding::Utf16Le
        }
    }

    /// Reads the next bytes.
    pub(crate) fn feed(&mut self, mut bytes: &[u8]) {
        if self.dropped || bytes.is_empty() {
            return;
        }
        if let Some(first) = self.pending.take() {
            self.unit(first, bytes[0]);
            bytes = &bytes[1..];
        }
        let mut pairs = bytes.chunks_exact(2);
        for pair in &mut pairs {
            self.unit(pair[0], pair[1]);
        }
        self.pending = pairs.remainder().first().copied();
    }

    #[inline(always)]
    fn unit(&mut self, first: u8, second: u8) {
        let unit = if self.big_endian {
            u16::from_be_bytes([first, second])
        } else {
            u16::from_le_bytes([first, second])
        };
        self.units += 1;
        // Kana (0x3040..=0x30FF) are written by two printable bytes each: not counted.
        let printable = (0x20..0x7F).contains(&first) && (0x20..0x7F).contains(&second);
        self.ascii_pairs += (printable && unit >> 8 != 0x30) as u32;
        if self.high_surrogate {
            self.high_surrogate = false;
            if (0xDC00..=0xDFFF).contains(&unit) {
                self.cost += COST_SUPPLEMENTARY;
                self.counts[NEUTRAL as usize] += 2;
                return;
            }
            self.invalid_unit();
        }
        match unit {
            0xD800..=0xDBFF => self.high_surrogate = true,
            // A low surrogate first is the end of a character cut in two.
            0xDC00..=0xDFFF if self.units > 1 => self.invalid_unit(),
            0xDC00..=0xDFFF => self.cost += COST_SUPPLEMENTARY,
            _ => {
                let (script, cost) = class_of(unit);
                if script == INVALID {
                    self.invalid_unit();
                    return;
                }
                self.cost += cost as u64;
                self.counts[script as usize] += 1;
                self.kana += (0x3040..=0x30FF).contains(&unit) as u32;
                if script != NEUTRAL {
                    let step = unit.wrapping_sub(self.prev_unit);
                    self.rising = if (1..0x100).contains(&step) {
                        self.rising.saturating_add(1)
                    } else {
                        0
                    };
                    self.in_order += (step == 0 || self.rising >= 3) as u32;
                    self.prev_unit = unit;
                    if script != self.script && self.script != NEUTRAL {
                        self.cost += COST_SWITCH;
                    }
                    self.script = script;
                }
            }
        }
    }

    fn invalid_unit(&mut self) {
        self.invalid += 1;
        self.cost += COST_INVALID;
    }

    /// Whether the units so far could be text: units no text has are rare (one in 64 at most),
    /// and all but a tenth of the others are neutral or in the two scripts most used.
    fn plausible(&self) -> bool {
        if self.units < 4 || self.invalid * 64 > self.units {
            return false;
        }
        let (mut first, mut second) = (0u64, 0u64);
        for &count in &self.counts[LATIN as usize..SYMBOL as usize] {
            let count = count as u64;
            if count > first {
                second = first;
                first = count;
            } else if count > second {
                second = count;
            }
        }
        let neutral = self.counts[NEUTRAL as usize] as u64;
        let valid = self.units - self.invalid;
        // Chinese text has a punctuation mark in (nearly) every 32 characters, Japanese that or
        // kana, Korean a space in every few words; ideographs or syllables without them are
        // other data read as code units.
        let han = self.counts[CJK as usize] as u64;
        let hangul = self.counts[HANGUL as usize] as u64;
        let spaced = (han * 2 <= valid || (neutral + self.kana as u64) * 32 >= valid)
            && (hangul * 2 <= valid || neutral * 16 >= valid)
            && ((han + hangul) * 2 <= valid || self.ascii_pairs as u64 * 2 <= valid);
        let tabular = self.in_order as u64 * 4 > valid;
        spaced && !tabular && (neutral + first + second) * 10 >= valid * 9
    }

    /// Drops the reading if it has become implausible; called at the detector's checkpoints, so
    /// that the answer does not depend on how the input was cut into chunks.
    pub(crate) fn checkpoint(&mut self) {
        if !self.plausible() {
            self.dropped = true;
        }
    }

    /// The reading's cost in bits if it is plausible text (a unit the input ends inside of costs
    /// as a rare one).
    pub(crate) fn cost(&self) -> Option<u64> {
        if self.dropped || !self.plausible() {
            return None;
        }
        let unfinished = self.pending.is_some() || self.high_surrogate;
        Some(self.cost + if unfinished { COST_SWITCH } else { 0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_classify_every_unit_as_classify_does() {
        for unit in 0..=u16::MAX {
            assert_eq!(class_of(unit), classify(unit), "unit {unit:#06X}");
        }
    }
}
