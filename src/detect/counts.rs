//! What the bytes show before they are read as any encoding: a byte order mark, the zero bytes of
//! UTF-16, control bytes, bytes above ASCII, escape bytes, and whether they are well-formed UTF-8.
//! The guess's first steps need nothing else, so a whole input that these decide (UTF-8, ASCII,
//! UTF-16 with ASCII in it) is answered without the readings (`detect`).

use super::{certain, Guess, Hint};
use crate::Encoding;

/// The counts of the bytes so far (`Counts::feed`).
pub(super) struct Counts {
    /// The first bytes, for the BOM.
    head: [u8; 3],
    /// The bytes counted.
    pub(super) seen: u64,
    pub(super) non_ascii: u64,
    /// NUL and the C0 controls that text does not use, and NULs at even and odd offsets.
    pub(super) binary: u64,
    nul: [u64; 2],
    /// ESC, which starts ISO-2022-JP's escape sequences.
    escapes: u64,
    utf8: Utf8Check,
}

impl Counts {
    pub(super) fn new() -> Counts {
        Counts {
            head: [0; 3],
            seen: 0,
            non_ascii: 0,
            binary: 0,
            nul: [0; 2],
            escapes: 0,
            utf8: Utf8Check::new(),
        }
    }

    /// Counts the next chunk of the input.
    pub(super) fn feed(&mut self, bytes: &[u8]) {
        for (i, &b) in bytes
            .iter()
            .take(3usize.saturating_sub(self.seen as usize))
            .enumerate()
        {
            self.head[self.seen as usize + i] = b;
        }
        // Eight bytes at a time: the bytes above ASCII by their high bits, and byte by byte only
        // the words with a byte below 0x20 (a control, or a tab or line break).
        const ONES: u64 = u64::from_le_bytes([1; 8]);
        const HIGHS: u64 = ONES << 7;
        let mut words = bytes.chunks_exact(8);
        let mut at = self.seen;
        let mut non_ascii = 0;
        for word in &mut words {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(word);
            let x = u64::from_le_bytes(eight);
            non_ascii += (x & HIGHS).count_ones() as u64;
            // A byte below 0x20 sets its high bit in the test below (a byte above ASCII never).
            if x.wrapping_sub(ONES * 0x20) & !x & HIGHS != 0 {
                self.controls(word, at);
            }
            at += 8;
        }
        for &b in words.remainder() {
            non_ascii += (b >> 7) as u64;
        }
        self.non_ascii += non_ascii;
        self.controls(words.remainder(), at);
        self.utf8.feed(bytes);
        self.seen += bytes.len() as u64;
    }

    /// Counts the controls among `bytes`, the first at offset `at` of the input.
    fn controls(&mut self, bytes: &[u8], at: u64) {
        for (i, &b) in bytes.iter().enumerate() {
            if b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | 0x1B) {
                self.binary += 1;
                if b == 0 {
                    self.nul[((at + i as u64) & 1) as usize] += 1;
                }
            }
            self.escapes += (b == 0x1B) as u64;
        }
    }

    /// The guess these counts decide alone, if they do: the guess's steps before it needs the
    /// readings (a BOM; UTF-16 by its zero bytes; bytes that are not text, or may be UTF-16 in
    /// another script, need them; ASCII without an escape byte; well-formed UTF-8).
    pub(super) fn decide(&self, hint: Hint<'_>) -> Option<Guess> {
        if let Some(bom) = self.bom() {
            return Some(certain(bom, 1.0));
        }
        if let Some(utf16) = self.utf16_by_zeros() {
            return Some(certain(utf16, 0.9));
        }
        if self.binary * 256 > self.seen {
            return None;
        }
        if self.non_ascii == 0 {
            // Every ASCII-compatible encoding reads it the same way, unless it is ISO-2022-JP.
            if self.escapes > 0 {
                return None;
            }
            return Some(certain(ascii_answer(hint), 0.99));
        }
        if hint.allow_utf8 && self.utf8.valid() && self.utf8.sequences > 0 {
            // Legacy text is rarely well-formed UTF-8, and less so with every sequence.
            let doubt = 1.0 / (1u64 << (4 * self.utf8.sequences).min(40)) as f32;
            return Some(certain(Encoding::Utf8, (1.0 - doubt).min(0.999)));
        }
        None
    }

    /// Whether the counts may yet decide the guess, whatever follows: the input starts with a
    /// BOM or is well-formed UTF-8 so far.
    #[cfg(feature = "detector-wasm")]
    pub(super) fn may_decide(&self) -> bool {
        self.bom().is_some() || self.utf8.valid()
    }

    /// The encoding the input's byte order mark names, if it starts with one.
    fn bom(&self) -> Option<Encoding> {
        match (self.seen, self.head) {
            (3.., [0xEF, 0xBB, 0xBF]) => Some(Encoding::Utf8),
            (2.., [0xFF, 0xFE, _]) => Some(Encoding::Utf16Le),
            (2.., [0xFE, 0xFF, _]) => Some(Encoding::Utf16Be),
            _ => None,
        }
    }

    /// UTF-16 without a BOM, told by its zero bytes: text with ASCII in it has them at odd offsets
    /// (little-endian) or even ones (big-endian), and (almost) never at the others.
    fn utf16_by_zeros(&self) -> Option<Encoding> {
        let units = self.seen / 2;
        if units < 4 {
            return None;
        }
        let [even, odd] = self.nul;
        if odd * 5 >= units && even * 50 <= units {
            Some(Encoding::Utf16Le)
        } else if even * 5 >= units && odd * 50 <= units {
            Some(Encoding::Utf16Be)
        } else {
            None
        }
    }
}

/// The answer for ASCII: UTF-8 where it may be the answer, else windows-1252.
pub(super) fn ascii_answer(hint: Hint<'_>) -> Encoding {
    if hint.allow_utf8 {
        Encoding::Utf8
    } else {
        Encoding::Windows1252
    }
}

/// Whether the input is well-formed UTF-8 so far (an incomplete last sequence is allowed: the
/// input may continue), and how many multi-byte sequences it has.
struct Utf8Check {
    needed: u8,
    lower: u8,
    upper: u8,
    broken: bool,
    sequences: u64,
}

impl Utf8Check {
    fn new() -> Utf8Check {
        Utf8Check {
            needed: 0,
            lower: 0x80,
            upper: 0xBF,
            broken: false,
            sequences: 0,
        }
    }

    fn valid(&self) -> bool {
        !self.broken
    }

    fn feed(&mut self, bytes: &[u8]) {
        // A sequence the last chunk ended inside of, byte by byte; then the standard library's
        // check, and byte by byte again the sequence this chunk ends inside of.
        let mut i = 0;
        while self.needed > 0 && i < bytes.len() {
            self.step(bytes[i]);
            i += 1;
        }
        if self.broken {
            return;
        }
        let rest = &bytes[i..];
        let (valid, broken) = match core::str::from_utf8(rest) {
            Ok(_) => (rest.len(), false),
            Err(e) => (e.valid_up_to(), e.error_len().is_some()),
        };
        // In well-formed UTF-8 every byte from 0xC0 up starts a sequence.
        self.sequences += rest[..valid].iter().filter(|&&b| b >= 0xC0).count() as u64;
        if broken {
            self.broken = true;
            return;
        }
        for &b in &rest[valid..] {
            self.step(b);
        }
    }

    /// Checks the next byte.
    fn step(&mut self, b: u8) {
        if self.broken {
            return;
        }
        if self.needed == 0 {
            match b {
                0x00..=0x7F => {}
                0xC2..=0xDF => self.needed = 1,
                0xE0..=0xEF => {
                    self.needed = 2;
                    if b == 0xE0 {
                        self.lower = 0xA0;
                    } else if b == 0xED {
                        self.upper = 0x9F;
                    }
                }
                0xF0..=0xF4 => {
                    self.needed = 3;
                    if b == 0xF0 {
                        self.lower = 0x90;
                    } else if b == 0xF4 {
                        self.upper = 0x8F;
                    }
                }
                _ => self.broken = true,
            }
            return;
        }
        if b < self.lower || b > self.upper {
            self.broken = true;
            return;
        }
        self.lower = 0x80;
        self.upper = 0xBF;
        self.needed -= 1;
        if self.needed == 0 {
            self.sequences += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// A small deterministic generator (xorshift).
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn chunked_counts_are_the_byte_by_byte_counts() {
        let text = "aé€😀\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\t\n\r\u{1B}\0\u{1}";
        let mut state = 0x9E37_79B9_7F4A_7C15;
        for round in 0..3000 {
            // Pieces of well-formed UTF-8, some bytes replaced, NUL and controls among them.
            let mut bytes: Vec<u8> = Vec::new();
            for _ in 0..(next(&mut state) % 40) {
                let from = (next(&mut state) % text.len() as u64) as usize;
                let piece = text.char_indices().find(|&(i, _)| i >= from);
                if let Some((i, c)) = piece {
                    bytes.extend_from_slice(&text.as_bytes()[i..i + c.len_utf8()]);
                }
            }
            if round % 3 == 0 && !bytes.is_empty() {
                let at = (next(&mut state) % bytes.len() as u64) as usize;
                bytes[at] = next(&mut state) as u8;
            }
            let mut one = Utf8Check::new();
            for &b in &bytes {
                one.step(b);
            }
            let mut whole = Counts::new();
            whole.feed(&bytes);
            let mut chunked = Counts::new();
            let mut at = 0;
            while at < bytes.len() {
                let end = (at + 1 + (next(&mut state) % 9) as usize).min(bytes.len());
                chunked.feed(&bytes[at..end]);
                at = end;
            }
            for counts in [&whole, &chunked] {
                assert_eq!(counts.utf8.valid(), one.valid(), "{bytes:02X?}");
                assert_eq!(counts.utf8.sequences, one.sequences, "{bytes:02X?}");
                let nul = |parity: usize| {
                    bytes
                        .iter()
                        .enumerate()
                        .filter(|&(i, &b)| b == 0 && i % 2 == parity)
                        .count() as u64
                };
                assert_eq!(counts.nul, [nul(0), nul(1)]);
                assert_eq!(
                    counts.non_ascii,
                    bytes.iter().filter(|&&b| b >= 0x80).count() as u64
                );
                assert_eq!(
                    counts.escapes,
                    bytes.iter().filter(|&&b| b == 0x1B).count() as u64
                );
                let controls = bytes
                    .iter()
                    .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | 0x1B))
                    .count() as u64;
                assert_eq!(counts.binary, controls);
                assert_eq!(counts.seen, bytes.len() as u64);
            }
        }
    }
}
