//! The ISO-2022-JP decoder: the standard's handler with its decoder state, output state, leading
//! and output flag; ASCII, Roman, katakana and jis0208 (leading/trailing byte) states switched by
//! escape sequences, and the escape bytes restored when a sequence is not recognized.

use super::cjk_common::{CjkDecoder, End, Handler, Step, JIS0208};

/// ISO-2022-JP decoder state (and output state).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum State {
    #[default]
    Ascii,
    Roman,
    Katakana,
    LeadingByte,
    TrailingByte,
    EscapeStart,
    Escape,
}

/// State of the standard's ISO-2022-JP decoder.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Iso2022JpHandler {
    /// ISO-2022-JP decoder state.
    state: State,
    /// ISO-2022-JP decoder output state.
    output_state: State,
    /// ISO-2022-JP leading.
    leading: u8,
    /// ISO-2022-JP output: the last thing decoded was an escape sequence.
    output: bool,
}

/// The ISO-2022-JP decoder.
pub(crate) type Iso2022JpDecoder = CjkDecoder<Iso2022JpHandler>;

impl Iso2022JpHandler {
    /// The "Otherwise" and code point cases shared by several states: clears the output flag.
    fn emit(&mut self, code_point: u32) -> Step {
        self.output = false;
        Step::Emit(code_point)
    }

    fn error(&mut self) -> Step {
        self.output = false;
        Step::Error
    }
}

impl Handler for Iso2022JpHandler {
    #[inline]
    fn ascii_passthrough(&self) -> bool {
        // 0x0E, 0x0F and 0x1B are special in every state.
        false
    }

    #[inline]
    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        // Every step below reads at least as many bytes as it writes units.
        let n = src.len().min(dst.len());
        let (src, dst) = (&src[..n], &mut dst[..n]);
        let (mut i, mut j) = (0, 0);
        match self.state {
            State::Ascii => {
                while let Some(&byte) = src.get(i) {
                    if byte >= 0x80 || matches!(byte, 0x0E | 0x0F | 0x1B) {
                        break;
                    }
                    dst[j] = u16::from(byte);
                    i += 1;
                    j += 1;
                }
            }
            State::Roman => {
                while let Some(&byte) = src.get(i) {
                    dst[j] = match byte {
                        0x5C => 0xA5,
                        0x7E => 0x203E,
                        0x0E | 0x0F | 0x1B | 0x80..=0xFF => break,
                        _ => u16::from(byte),
                    };
                    i += 1;
                    j += 1;
                }
            }
            State::Katakana => {
                while let Some(&byte @ 0x21..=0x5F) = src.get(i) {
                    dst[j] = 0xFF61 - 0x21 + u16::from(byte);
                    i += 1;
                    j += 1;
                }
            }
            State::LeadingByte => {
                let index = JIS0208.expanded();
                while let (Some(&leading @ 0x21..=0x7E), Some(&byte @ 0x21..=0x7E)) =
                    (src.get(i), src.get(i + 1))
                {
                    let pointer = usize::from(leading - 0x21) * 94 + usize::from(byte - 0x21);
                    let Some(unit) = index
                        .code_point(pointer)
                        .and_then(|cp| u16::try_from(cp).ok())
                    else {
                        break;
                    };
                    dst[j] = unit;
                    self.leading = leading;
                    i += 2;
                    j += 1;
                }
            }
            _ => {}
        }
        if j > 0 {
            self.output = false;
        }
        (i, j)
    }

    fn handle(&mut self, byte: u8) -> Step {
        match self.state {
            State::Ascii => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Continue
                }
                0x0E | 0x0F => self.error(),
                0x00..=0x7F => self.emit(u32::from(byte)),
                _ => self.error(),
            },
            State::Roman => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Continue
                }
                0x5C => self.emit(0xA5),
                0x7E => self.emit(0x203E),
                0x0E | 0x0F => self.error(),
                0x00..=0x7F => self.emit(u32::from(byte)),
                _ => self.error(),
            },
            State::Katakana => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Continue
                }
                0x21..=0x5F => self.emit(0xFF61 - 0x21 + u32::from(byte)),
                _ => self.error(),
            },
            State::LeadingByte => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Continue
                }
                0x21..=0x7E => {
                    self.output = false;
                    self.leading = byte;
                    self.state = State::TrailingByte;
                    Step::Continue
                }
                _ => self.error(),
            },
            State::TrailingByte => match byte {
                0x1B => {
                    self.state = State::EscapeStart;
                    Step::Error
                }
                0x21..=0x7E => {
                    self.state = State::LeadingByte;
                    let pointer = usize::from(self.leading - 0x21) * 94 + usize::from(byte - 0x21);
                    match JIS0208.code_point(pointer) {
                        Some(cp) => Step::Emit(cp),
                        None => Step::Error,
                    }
                }
                _ => {
                    self.state = State::LeadingByte;
                    Step::Error
                }
            },
            State::EscapeStart => {
                if byte == 0x24 || byte == 0x28 {
                    self.leading = byte;
                    self.state = State::Escape;
                    return Step::Continue;
                }
                // Restore byte.
                self.output = false;
                self.state = self.output_state;
                Step::Restore {
                    bytes: [0; 2],
                    len: 0,
                }
            }
            State::Escape => {
                let leading = self.leading;
                self.leading = 0;
                let state = match (leading, byte) {
                    (0x28, 0x42) => Some(State::Ascii),
                    (0x28, 0x4A) => Some(State::Roman),
                    (0x28, 0x49) => Some(State::Katakana),
                    (0x24, 0x40 | 0x42) => Some(State::LeadingByte),
                    _ => None,
                };
                if let Some(state) = state {
                    self.state = state;
                    self.output_state = state;
                    let output = self.output;
                    self.output = true;
                    return if output { Step::Error } else { Step::Continue };
                }
                // Restore « leading, byte ».
                self.output = false;
                self.state = self.output_state;
                Step::Restore {
                    bytes: [leading, 0],
                    len: 1,
                }
            }
        }
    }

    fn end(&mut self) -> End {
        match self.state {
            State::Ascii | State::Roman | State::Katakana | State::LeadingByte => End::Finished,
            State::TrailingByte => {
                self.state = State::LeadingByte;
                End::Error
            }
            State::EscapeStart => {
                self.output = false;
                self.state = self.output_state;
                End::Error
            }
            State::Escape => {
                // Restore leading.
                let leading = self.leading;
                self.leading = 0;
                self.output = false;
                self.state = self.output_state;
                End::Restore {
                    bytes: [leading, 0],
                    len: 1,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::cjk_common::test_util::{decode_bytewise, decode_fatal};
    use crate::{Decoder, DecoderResult, Encoding};

    fn jis(bytes: &[u8]) -> String {
        decode_bytewise(Encoding::Iso2022Jp, bytes)
    }

    #[test]
    fn ascii_state() {
        assert_eq!(jis(b"ab\\~\x7F\x00"), "ab\\~\u{7F}\u{0}");
        assert_eq!(jis(b"a\x0Eb\x0Fc"), "a\u{FFFD}b\u{FFFD}c");
        assert_eq!(jis(b"\x80\xFF"), "\u{FFFD}\u{FFFD}");
        assert_eq!(decode_fatal(Encoding::Iso2022Jp, b"a\x0E"), None);
    }

    #[test]
    fn roman_state() {
        assert_eq!(jis(b"\x1B(Ja\\~\x1B(B\\~"), "a\u{A5}\u{203E}\\~");
        assert_eq!(jis(b"\x1B(J\x0E\x80"), "\u{FFFD}\u{FFFD}");
    }

    #[test]
    fn katakana_state() {
        assert_eq!(jis(b"\x1B(I\x21\x5F"), "\u{FF61}\u{FF9F}");
        assert_eq!(jis(b"\x1B(I\x20\x60a"), "\u{FFFD}\u{FFFD}\u{FFFD}");
    }

    #[test]
    fn jis0208_states() {
        assert_eq!(jis(b"\x1B$B\x24\x22\x1B(B"), "\u{3042}");
        assert_eq!(jis(b"\x1B$@\x30\x21\x1B(Ba"), "\u{4E9C}a");
        // A pointer without a code point; trailing bytes out of range.
        assert_eq!(jis(b"\x1B$B\x29\x21"), "\u{FFFD}");
        assert_eq!(jis(b"\x1B$B\x24\x0A\x24\x22"), "\u{FFFD}\u{3042}");
        // Leading byte out of range.
        assert_eq!(jis(b"\x1B$B\x0A\x24\x22"), "\u{FFFD}\u{3042}");
        // ESC as trailing byte: an error, and the escape sequence still counts.
        assert_eq!(jis(b"\x1B$B\x24\x1B(Ba"), "\u{FFFD}a");
        // End-of-queue in trailing byte; in leading byte it is fine.
        assert_eq!(jis(b"\x1B$B\x24"), "\u{FFFD}");
        assert_eq!(jis(b"\x1B$B"), "");
        assert_eq!(
            decode_fatal(Encoding::Iso2022Jp, b"\x1B$B\x24\x22"),
            Some("\u{3042}".into())
        );
        assert_eq!(decode_fatal(Encoding::Iso2022Jp, b"\x1B$B\x24"), None);
    }

    #[test]
    fn escape_sequences_back_to_back_are_an_error() {
        assert_eq!(jis(b"\x1B(J\x1B(Ba"), "\u{FFFD}a");
        assert_eq!(jis(b"\x1B$B\x1B(B"), "\u{FFFD}");
        assert_eq!(jis(b"\x1B(B\x1B(B"), "\u{FFFD}");
        assert_eq!(jis(b"\x1B(Ba\x1B(B"), "a");
        assert_eq!(decode_fatal(Encoding::Iso2022Jp, b"\x1B(J\x1B(B"), None);
        // The flag is set by the first escape of the stream too.
        assert_eq!(jis(b"\x1B(B"), "");
    }

    #[test]
    fn bad_escape_sequences_restore_their_bytes() {
        // ESC followed by neither $ nor (: error, the byte is decoded in the output state.
        assert_eq!(jis(b"\x1Ba"), "\u{FFFD}a");
        assert_eq!(jis(b"\x1B\x1B(Ja\\"), "\u{FFFD}a\u{A5}");
        assert_eq!(jis(b"\x1B(J\x1B\\"), "\u{FFFD}\u{A5}");
        // ESC $ or ESC ( followed by a bad byte: both are decoded in the output state.
        assert_eq!(jis(b"\x1B(Xa"), "\u{FFFD}(Xa");
        assert_eq!(jis(b"\x1B$Aa"), "\u{FFFD}$Aa");
        assert_eq!(jis(b"\x1B(J\x1B(A\\"), "\u{FFFD}(A\u{A5}");
        assert_eq!(jis(b"\x1B(I\x1B$X"), "\u{FFFD}\u{FF64}\u{FF98}");
        // In jis0208, "(X" is a leading and a trailing byte (pointer 713, no code point).
        assert_eq!(jis(b"\x1B$B\x1B(X\x24\x22"), "\u{FFFD}\u{FFFD}\u{3042}");
        // A restored ESC starts a new escape sequence; the flag was cleared by the error.
        assert_eq!(jis(b"\x1B$\x1B(Ba"), "\u{FFFD}$a");
    }

    #[test]
    fn escape_at_end_of_queue() {
        assert_eq!(jis(b"a\x1B"), "a\u{FFFD}");
        assert_eq!(jis(b"a\x1B("), "a\u{FFFD}(");
        assert_eq!(jis(b"a\x1B$"), "a\u{FFFD}$");
        assert_eq!(jis(b"\x1B(J\x1B("), "\u{FFFD}(");
        assert_eq!(jis(b"\x1B(I\x1B$"), "\u{FFFD}\u{FF64}");
        assert_eq!(decode_fatal(Encoding::Iso2022Jp, b"\x1B("), None);
        // The restored byte arrived in an earlier call: it is held and replayed.
        let mut d = Decoder::new(Encoding::Iso2022Jp, false);
        let mut out = [0u16; 8];
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x1B(", &mut out, false);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 2, 0));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::Malformed, 0, 0));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 0, 1));
        assert_eq!(out[0], u16::from(b'('));
        // Within one call too, it is held (counted as read).
        let mut d = Decoder::new(Encoding::Iso2022Jp, false);
        let (r, read, _) = d.decode_to_utf16_without_replacement(b"\x1B(", &mut out, true);
        assert_eq!((r, read), (DecoderResult::Malformed, 2));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 0, 1));
        assert_eq!(out[0], u16::from(b'('));
    }

    #[test]
    fn a_fatal_streaming_call_holds_the_leading_byte_of_a_bad_escape() {
        // The leading byte is held (replayed in the output state); the byte in hand and the rest
        // of the call's input are dropped.
        let mut out = [0u16; 8];
        let mut d = Decoder::new(Encoding::Iso2022Jp, false);
        let (r, read, _) = d.decode_to_utf16_without_replacement(b"\x1B(XA", &mut out, false);
        assert_eq!((r, read), (DecoderResult::Malformed, 2));
        d.end_call_after_error(false);
        let (_, _, w) = d.decode_to_utf16_without_replacement(b"B", &mut out, true);
        assert_eq!(&out[..w], b"(B".map(u16::from));
    }

    #[test]
    fn state_resets_after_the_stream() {
        let mut d = Decoder::new(Encoding::Iso2022Jp, false);
        let mut out = [0u16; 8];
        let (_, _, w) = d.decode_to_utf16_without_replacement(b"\x1B(J\\", &mut out, true);
        assert_eq!(&out[..w], [0xA5]);
        let (_, _, w) = d.decode_to_utf16_without_replacement(b"\\", &mut out, true);
        assert_eq!(&out[..w], [u16::from(b'\\')]);
    }
}
