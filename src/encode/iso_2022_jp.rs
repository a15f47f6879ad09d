//! The ISO-2022-JP encoder: the standard's handler with ISO-2022-JP encoder state (ASCII, Roman,
//! jis0208), escape sequences written before the code point that needs them (the code point is
//! "restored" and handled again), halfwidth katakana mapped to fullwidth, and the return to ASCII
//! at end-of-queue.

use super::cjk_common::{jis0208_bytes, jis0208_reverse, write_pair};
use super::{next_scalar, EncoderResult, RawEncoder};
use crate::decode::cjk_common::iso_2022_jp_katakana;

/// ISO-2022-JP encoder state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum State {
    #[default]
    Ascii,
    Roman,
    Jis0208,
}

/// The standard's ISO-2022-JP encoder.
#[derive(Debug, Clone, Default)]
pub(crate) struct Iso2022JpEncoder {
    state: State,
}

/// What the handler returns for one code point.
enum Action {
    /// One or two bytes; the code point is consumed.
    Bytes([u8; 2], usize),
    /// Three bytes switching to a state; the code point is restored (handled again).
    Escape([u8; 3], State),
    /// "error with code point".
    Error(u32),
}

const TO_ASCII: [u8; 3] = [0x1B, 0x28, 0x42];
const TO_ROMAN: [u8; 3] = [0x1B, 0x28, 0x4A];
const TO_JIS0208: [u8; 3] = [0x1B, 0x24, 0x42];

impl Iso2022JpEncoder {
    /// The handler for a code point (not end-of-queue).
    fn handle(&self, code_point: u32) -> Action {
        let ascii = code_point < 0x80;
        if self.state != State::Jis0208 && matches!(code_point, 0x0E | 0x0F | 0x1B) {
            return Action::Error(0xFFFD);
        }
        if self.state == State::Ascii && ascii {
            return Action::Bytes([code_point as u8, 0], 1);
        }
        if self.state == State::Roman {
            match code_point {
                0x5C | 0x7E => {}
                0x00..=0x7F => return Action::Bytes([code_point as u8, 0], 1),
                0xA5 => return Action::Bytes([0x5C, 0], 1),
                0x203E => return Action::Bytes([0x7E, 0], 1),
                _ => {}
            }
        }
        if ascii {
            // The state is not ASCII.
            return Action::Escape(TO_ASCII, State::Ascii);
        }
        if (code_point == 0xA5 || code_point == 0x203E) && self.state != State::Roman {
            return Action::Escape(TO_ROMAN, State::Roman);
        }
        let mut code_point = code_point;
        if code_point == 0x2212 {
            code_point = 0xFF0D;
        }
        if (0xFF61..=0xFF9F).contains(&code_point) {
            code_point = iso_2022_jp_katakana(code_point).unwrap_or(code_point);
        }
        let Some(bytes) = jis0208_bytes(code_point) else {
            if self.state == State::Jis0208 {
                return Action::Escape(TO_ASCII, State::Ascii);
            }
            return Action::Error(code_point);
        };
        if self.state != State::Jis0208 {
            return Action::Escape(TO_JIS0208, State::Jis0208);
        }
        Action::Bytes(bytes, 2)
    }
}

/// The two bytes (in jis0208 state) of an index jis0208 pointer.
pub(crate) fn pointer_bytes(pointer: u16) -> [u8; 2] {
    [(pointer / 94 + 0x21) as u8, (pointer % 94 + 0x21) as u8]
}

impl RawEncoder for Iso2022JpEncoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize) {
        let (mut i, mut j) = (0, 0);
        let reverse = jis0208_reverse();
        while i < src.len() {
            // The runs that stay in one state take a shortcut of the handler: ASCII in ASCII
            // (but SO, SI and ESC), and in jis0208 a code unit of index jis0208 (none of the code
            // points the handler treats before the index is in it, nor ASCII, nor a surrogate:
            // tested in cjk_common).
            match self.state {
                State::Ascii => {
                    let run = src[i..]
                        .iter()
                        .take_while(|&&u| u < 0x80 && !matches!(u, 0x0E | 0x0F | 0x1B))
                        .count();
                    if run > 0 {
                        let n = run.min(dst.len() - j);
                        for (d, &u) in dst[j..j + n].iter_mut().zip(&src[i..i + n]) {
                            *d = u as u8;
                        }
                        i += n;
                        j += n;
                        if n < run {
                            return (EncoderResult::OutputFull, i, j);
                        }
                        continue;
                    }
                }
                State::Jis0208 => {
                    let mut progressed = false;
                    while let Some(&unit) = src.get(i) {
                        let Some(pair) = reverse.bmp_bytes(unit) else {
                            break;
                        };
                        if !write_pair(dst, j, pair) {
                            return (EncoderResult::OutputFull, i, j);
                        }
                        i += 1;
                        j += 2;
                        progressed = true;
                    }
                    if progressed {
                        continue;
                    }
                }
                State::Roman => {}
            }
            let (code_point, units) = next_scalar(src, i);
            match self.handle(code_point) {
                Action::Bytes([a, b], len) => {
                    let Some(out) = dst.get_mut(j..j + len) else {
                        return (EncoderResult::OutputFull, i, j);
                    };
                    out[0] = a;
                    if len == 2 {
                        out[1] = b;
                    }
                    i += units;
                    j += len;
                }
                Action::Escape(bytes, state) => {
                    let Some(out) = dst.get_mut(j..j + 3) else {
                        return (EncoderResult::OutputFull, i, j);
                    };
                    out.copy_from_slice(&bytes);
                    j += 3;
                    self.state = state;
                }
                Action::Error(code_point) => {
                    let c = char::from_u32(code_point).unwrap_or('\u{FFFD}');
                    return (EncoderResult::Unmappable(c), i + units, j);
                }
            }
        }
        if last && self.state != State::Ascii {
            let Some(out) = dst.get_mut(j..j + 3) else {
                return (EncoderResult::OutputFull, i, j);
            };
            out.copy_from_slice(&TO_ASCII);
            j += 3;
            self.state = State::Ascii;
        }
        (EncoderResult::InputEmpty, i, j)
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::cjk_common::test_util::{decode, encode, encode_html};
    use crate::Encoding::Iso2022Jp;
    use crate::{Encoder, EncoderResult, Encoding};

    #[test]
    fn ascii_only_needs_no_escapes() {
        assert_eq!(encode(Iso2022Jp, "abc\\~"), Ok(b"abc\\~".to_vec()));
        assert_eq!(encode(Iso2022Jp, ""), Ok(Vec::new()));
    }

    #[test]
    fn jis0208_and_back_to_ascii_at_end() {
        assert_eq!(
            encode(Iso2022Jp, "\u{3042}"),
            Ok(b"\x1B$B\x24\x22\x1B(B".to_vec())
        );
        assert_eq!(
            encode(Iso2022Jp, "a\u{3042}\u{3044}b"),
            Ok(b"a\x1B$B\x24\x22\x24\x24\x1B(Bb".to_vec())
        );
        assert_eq!(
            encode(Iso2022Jp, "\u{2212}"),
            Ok(b"\x1B$B\x21\x5D\x1B(B".to_vec())
        );
    }

    #[test]
    fn roman() {
        assert_eq!(
            encode(Iso2022Jp, "\u{A5}"),
            Ok(b"\x1B(J\x5C\x1B(B".to_vec())
        );
        assert_eq!(
            encode(Iso2022Jp, "\u{A5}a\u{203E}"),
            Ok(b"\x1B(J\x5Ca\x7E\x1B(B".to_vec())
        );
        // \ and ~ need ASCII.
        assert_eq!(
            encode(Iso2022Jp, "\u{A5}\\"),
            Ok(b"\x1B(J\x5C\x1B(B\\".to_vec())
        );
        assert_eq!(
            encode(Iso2022Jp, "\u{3042}\u{A5}"),
            Ok(b"\x1B$B\x24\x22\x1B(J\x5C\x1B(B".to_vec())
        );
        assert_eq!(
            encode(Iso2022Jp, "\u{A5}\u{3042}"),
            Ok(b"\x1B(J\x5C\x1B$B\x24\x22\x1B(B".to_vec())
        );
    }

    #[test]
    fn halfwidth_katakana_become_fullwidth() {
        assert_eq!(
            encode(Iso2022Jp, "\u{FF61}\u{FF76}\u{FF9E}"),
            encode(Iso2022Jp, "\u{3002}\u{30AB}\u{309B}")
        );
        assert_eq!(
            decode(Iso2022Jp, &encode(Iso2022Jp, "\u{FF71}").unwrap()),
            "\u{30A2}"
        );
    }

    #[test]
    fn so_si_esc_are_errors_with_u_fffd() {
        assert_eq!(encode(Iso2022Jp, "\u{E}"), Err('\u{FFFD}'));
        assert_eq!(encode(Iso2022Jp, "\u{1B}"), Err('\u{FFFD}'));
        assert_eq!(encode_html(Iso2022Jp, "a\u{F}b"), b"a&#65533;b");
        assert_eq!(
            encode_html(Iso2022Jp, "\u{A5}\u{1B}"),
            b"\x1B(J\x5C&#65533;\x1B(B"
        );
        // In jis0208 the state first goes back to ASCII, then the error.
        assert_eq!(
            encode_html(Iso2022Jp, "\u{3042}\u{E}"),
            b"\x1B$B\x24\x22\x1B(B&#65533;"
        );
    }

    #[test]
    fn unmappable_goes_through_ascii() {
        assert_eq!(encode(Iso2022Jp, "\u{4E02}"), Err('\u{4E02}'));
        assert_eq!(
            encode_html(Iso2022Jp, "\u{3042}\u{4E02}\u{3044}"),
            b"\x1B$B\x24\x22\x1B(B&#19970;\x1B$B\x24\x24\x1B(B"
        );
        assert_eq!(
            encode_html(Iso2022Jp, "\u{A5}\u{4E02}\u{A5}"),
            b"\x1B(J\x5C&#19970;\x5C\x1B(B"
        );
        assert_eq!(encode_html(Iso2022Jp, "\u{1F600}"), b"&#128512;");
        assert_eq!(
            encode_html(Iso2022Jp, "\u{FF61}\u{E000}"),
            b"\x1B$B\x21\x23\x1B(B&#57344;"
        );
    }

    #[test]
    fn escape_and_code_point_stop_cleanly_when_full() {
        let src: Vec<u16> = "\u{3042}".encode_utf16().collect();
        let mut e = Encoder::new(Encoding::Iso2022Jp);
        let mut out = [0u8; 4];
        let (r, read, w) = e.encode_from_utf16_without_replacement(&src, &mut out, true);
        assert_eq!((r, read, w), (EncoderResult::OutputFull, 0, 3));
        let mut rest = [0u8; 4];
        let (r, read, w2) = e.encode_from_utf16_without_replacement(&src, &mut rest, true);
        assert_eq!((r, read, w2), (EncoderResult::OutputFull, 1, 2));
        let (r, read, w3) = e.encode_from_utf16_without_replacement(&[], &mut rest[2..], true);
        assert_eq!((r, read, w3), (EncoderResult::OutputFull, 0, 0));
        let mut tail = [0u8; 3];
        let (r, _, w4) = e.encode_from_utf16_without_replacement(&[], &mut tail, true);
        assert_eq!((r, w4), (EncoderResult::InputEmpty, 3));
        assert_eq!(
            [&out[..w], &rest[..w2], &tail[..]].concat(),
            b"\x1B$B\x24\x22\x1B(B"
        );
    }

    #[test]
    fn no_escape_before_end_of_queue_when_not_last() {
        let src: Vec<u16> = "\u{3042}".encode_utf16().collect();
        let mut e = Encoder::new(Encoding::Iso2022Jp);
        let mut out = [0u8; 16];
        let (_, _, w) = e.encode_from_utf16_without_replacement(&src, &mut out, false);
        assert_eq!(&out[..w], b"\x1B$B\x24\x22");
        let (_, _, w2) = e.encode_from_utf16_without_replacement(&src, &mut out[w..], true);
        assert_eq!(&out[..w + w2], b"\x1B$B\x24\x22\x24\x22\x1B(B");
    }
}
