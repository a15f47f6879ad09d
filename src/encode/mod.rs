//! Encoders: UTF-16 in (lone surrogates become U+FFFD, as USVString conversion does), bytes out,
//! streaming and buffer-to-buffer.
//!
//! Each family module implements the standard's encoder handler as a [`RawEncoder`] that reports
//! scalar values it cannot encode, so one code path serves both error modes:
//! [`Encoder::encode_from_utf16_without_replacement`] is "fatal", [`Encoder::encode_from_utf16`]
//! writes the standard's `&#NNNN;` for each ("html"). [`Encoder`] keeps a high surrogate that ends
//! one call's input for the next call.

#[cfg(feature = "multi-byte")]
pub(crate) mod big5;
#[cfg(feature = "multi-byte")]
pub(crate) mod cjk_common;
#[cfg(feature = "multi-byte")]
pub(crate) mod euc_jp;
#[cfg(feature = "multi-byte")]
pub(crate) mod euc_kr;
#[cfg(feature = "multi-byte")]
pub(crate) mod gb18030;
#[cfg(feature = "multi-byte")]
pub(crate) mod iso_2022_jp;
#[cfg(feature = "multi-byte")]
pub(crate) mod shift_jis;
pub(crate) mod single_byte;
pub(crate) mod utf8;
pub(crate) mod x_user_defined;

use crate::encoding::{Encoding, Family};

/// Why an encode call stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncoderResult {
    /// All input was consumed (and, if `last`, end-of-queue was processed).
    InputEmpty,
    /// The output has no room for the next scalar value's bytes; call again with more room.
    OutputFull,
    /// This scalar value was consumed but the encoding has no bytes for it (the standard's
    /// "error with code point").
    Unmappable(char),
}

/// The contract every family encoder implements.
///
/// `encode_raw` reads UTF-16 from `src` and writes bytes to `dst`, returning why it stopped, how
/// many code units it consumed and how many bytes it wrote. It never writes part of a scalar
/// value's bytes. A lone surrogate in `src` is U+FFFD ([`next_scalar`]); a surrogate pair is never
/// split across calls by [`Encoder`]. When `last` is true, end-of-queue is processed after `src`
/// (ISO-2022-JP returns to ASCII).
pub(crate) trait RawEncoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize);
}

/// The scalar value at `src[i]` and how many code units it spans; a lone surrogate is U+FFFD.
#[inline]
pub(crate) fn next_scalar(src: &[u16], i: usize) -> (u32, usize) {
    let unit = src[i];
    match unit {
        0xD800..=0xDBFF => match src.get(i + 1) {
            Some(&low @ 0xDC00..=0xDFFF) => (
                0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00),
                2,
            ),
            _ => (0xFFFD, 1),
        },
        0xDC00..=0xDFFF => (0xFFFD, 1),
        _ => (u32::from(unit), 1),
    }
}

/// Room an "html" replacement needs: "&#1114111;" plus an ISO-2022-JP escape sequence each side.
const HTML_RESERVE: usize = 16;

/// The family encoders, dispatched by `match`.
#[derive(Debug, Clone)]
enum Inner {
    #[cfg(feature = "base")]
    Utf8(utf8::Utf8Encoder),
    #[cfg(feature = "base")]
    SingleByte(single_byte::SingleByteEncoder),
    #[cfg(feature = "base")]
    XUserDefined(x_user_defined::XUserDefinedEncoder),
    #[cfg(feature = "simplified-chinese")]
    Gb18030(gb18030::Gb18030Encoder),
    #[cfg(feature = "traditional-chinese")]
    Big5(big5::Big5Encoder),
    #[cfg(feature = "japanese")]
    EucJp(euc_jp::EucJpEncoder),
    #[cfg(feature = "japanese")]
    Iso2022Jp(iso_2022_jp::Iso2022JpEncoder),
    #[cfg(feature = "japanese")]
    ShiftJis(shift_jis::ShiftJisEncoder),
    #[cfg(feature = "korean")]
    EucKr(euc_kr::EucKrEncoder),
    /// An encoding this build leaves out (the lite base has no CJK, an add-on only its
    /// language's): every scalar value is reported unmappable.
    #[cfg(not(all(feature = "base", feature = "cjk")))]
    Unsupported,
}

impl Inner {
    fn new(encoding: Encoding) -> Inner {
        match encoding.family() {
            #[cfg(feature = "base")]
            Family::Utf8 | Family::Utf16 { .. } | Family::Replacement => {
                Inner::Utf8(utf8::Utf8Encoder)
            }
            #[cfg(feature = "base")]
            Family::SingleByte(index) => {
                Inner::SingleByte(single_byte::SingleByteEncoder::new(index))
            }
            #[cfg(feature = "base")]
            Family::XUserDefined => Inner::XUserDefined(x_user_defined::XUserDefinedEncoder),
            #[cfg(feature = "simplified-chinese")]
            Family::Gb18030 { gbk } => Inner::Gb18030(gb18030::Gb18030Encoder::new(gbk)),
            #[cfg(feature = "traditional-chinese")]
            Family::Big5 => Inner::Big5(big5::Big5Encoder),
            #[cfg(feature = "japanese")]
            Family::EucJp => Inner::EucJp(euc_jp::EucJpEncoder),
            #[cfg(feature = "japanese")]
            Family::Iso2022Jp => Inner::Iso2022Jp(iso_2022_jp::Iso2022JpEncoder::default()),
            #[cfg(feature = "japanese")]
            Family::ShiftJis => Inner::ShiftJis(shift_jis::ShiftJisEncoder),
            #[cfg(feature = "korean")]
            Family::EucKr => Inner::EucKr(euc_kr::EucKrEncoder),
            #[cfg(not(all(feature = "base", feature = "cjk")))]
            _ => Inner::Unsupported,
        }
    }

    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize) {
        match self {
            #[cfg(feature = "base")]
            Inner::Utf8(e) => e.encode_raw(src, dst, last),
            #[cfg(feature = "base")]
            Inner::SingleByte(e) => e.encode_raw(src, dst, last),
            #[cfg(feature = "base")]
            Inner::XUserDefined(e) => e.encode_raw(src, dst, last),
            #[cfg(feature = "simplified-chinese")]
            Inner::Gb18030(e) => e.encode_raw(src, dst, last),
            #[cfg(feature = "traditional-chinese")]
            Inner::Big5(e) => e.encode_raw(src, dst, last),
            #[cfg(feature = "japanese")]
            Inner::EucJp(e) => e.encode_raw(src, dst, last),
            #[cfg(feature = "japanese")]
            Inner::Iso2022Jp(e) => e.encode_raw(src, dst, last),
            #[cfg(feature = "japanese")]
            Inner::ShiftJis(e) => e.encode_raw(src, dst, last),
            #[cfg(feature = "korean")]
            Inner::EucKr(e) => e.encode_raw(src, dst, last),
            #[cfg(not(all(feature = "base", feature = "cjk")))]
            Inner::Unsupported => match src.first() {
                None => (EncoderResult::InputEmpty, 0, 0),
                Some(_) => {
                    let (cp, units) = next_scalar(src, 0);
                    (
                        EncoderResult::Unmappable(char::from_u32(cp).unwrap_or('\u{FFFD}')),
                        units,
                        0,
                    )
                }
            },
        }
    }
}

/// A streaming encoder for one (output) encoding.
#[derive(Debug, Clone)]
pub struct Encoder {
    encoding: Encoding,
    inner: Inner,
    /// A high surrogate that ended the previous call's input (not `last`).
    pending_high: Option<u16>,
}

impl Encoder {
    /// An encoder in its initial state. Encodings without an encoder (replacement, UTF-16BE/LE)
    /// encode as their output encoding, UTF-8. (Never inlined: each caller would get its own copy
    /// of the dispatch over every family.)
    #[inline(never)]
    pub fn new(encoding: Encoding) -> Encoder {
        let encoding = encoding.output_encoding();
        Encoder {
            encoding,
            inner: Inner::new(encoding),
            pending_high: None,
        }
    }

    /// The encoding this encoder writes.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The index a single-byte encoder maps through (the code points of bytes 0x80 to 0xFF, 0 for
    /// none), or `None` for every other encoder.
    pub fn single_byte_index(&self) -> Option<&'static [u16; 128]> {
        match &self.inner {
            #[cfg(feature = "base")]
            Inner::SingleByte(e) => Some(e.index()),
            _ => None,
        }
    }

    /// An upper bound on the bytes the next call can write for `units` UTF-16 code units in
    /// "fatal" mode, including a pending high surrogate and the end-of-queue flush.
    pub fn max_buffer_length(&self, units: usize) -> Option<usize> {
        // UTF-8 writes at most 3 bytes per code unit; ISO-2022-JP writes at most 2 per unit plus
        // an escape sequence (3) per unit that switches state.
        units.checked_add(1)?.checked_mul(5)?.checked_add(8)
    }

    /// An upper bound on the bytes the next call can write for `units` UTF-16 code units in
    /// "html" mode.
    pub fn max_buffer_length_html(&self, units: usize) -> Option<usize> {
        units
            .checked_add(1)?
            .checked_mul(HTML_RESERVE)?
            .checked_add(HTML_RESERVE)
    }

    /// Encodes without replacement: stops after the first scalar value the encoding cannot
    /// represent and reports it. Returns (why it stopped, units read, bytes written).
    pub fn encode_from_utf16_without_replacement(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize) {
        let (mut read, mut written) = (0, 0);
        if let Some(high) = self.pending_high.take() {
            let (pair, used): ([u16; 2], usize) = match src.first() {
                Some(&low @ 0xDC00..=0xDFFF) => ([high, low], 1),
                Some(_) => ([0xFFFD, 0], 0),
                None if last => ([0xFFFD, 0], 0),
                None => {
                    self.pending_high = Some(high);
                    return (EncoderResult::InputEmpty, 0, 0);
                }
            };
            let units = if used == 1 { &pair[..] } else { &pair[..1] };
            let (result, r, w) = self.inner.encode_raw(units, dst, false);
            if r == 0 {
                // Not consumed (output full): keep it pending.
                self.pending_high = Some(high);
                return (result, 0, 0);
            }
            read = used;
            written = w;
            if result != EncoderResult::InputEmpty {
                return (result, read, written);
            }
        }
        let mut end = src.len();
        let holds_high = !last && end > read && (0xD800..=0xDBFF).contains(&src[end - 1]);
        if holds_high {
            end -= 1;
        }
        let (result, r, w) = self
            .inner
            .encode_raw(&src[read..end], &mut dst[written..], last);
        read += r;
        written += w;
        if result == EncoderResult::InputEmpty && holds_high {
            self.pending_high = Some(src[end]);
            read += 1;
        }
        (result, read, written)
    }

    /// Encodes with the standard's "html" error mode: every scalar value the encoding cannot
    /// represent becomes `&#N;` (decimal). Returns (why it stopped, which is `InputEmpty` or
    /// `OutputFull`, units read, bytes written, whether any replacement happened). Progress is
    /// guaranteed when `dst` has room for at least 32 bytes.
    pub fn encode_from_utf16(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize, bool) {
        let (mut read, mut written, mut replaced) = (0, 0, false);
        loop {
            if dst.len() - written <= HTML_RESERVE {
                return (EncoderResult::OutputFull, read, written, replaced);
            }
            let end = dst.len() - HTML_RESERVE;
            let (result, r, w) = self.encode_from_utf16_without_replacement(
                &src[read..],
                &mut dst[written..end],
                last,
            );
            read += r;
            written += w;
            match result {
                EncoderResult::Unmappable(c) => {
                    replaced = true;
                    let mut reference = [0u16; 10];
                    let n = html_reference(c, &mut reference);
                    // The reference is ASCII and goes through the encoder (ISO-2022-JP may need to
                    // switch back to ASCII first); it always fits in the reserve.
                    let (_, _, w) =
                        self.inner
                            .encode_raw(&reference[..n], &mut dst[written..], false);
                    written += w;
                }
                other => return (other, read, written, replaced),
            }
        }
    }
}

/// Writes "&#N;" (N decimal) for `c` as UTF-16 into `out`; returns its length.
pub(crate) fn html_reference(c: char, out: &mut [u16; 10]) -> usize {
    let mut digits = [0u16; 7];
    let mut n = c as u32;
    let mut len = 0;
    loop {
        digits[len] = b'0' as u16 + (n % 10) as u16;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out[0] = u16::from(b'&');
    out[1] = u16::from(b'#');
    for k in 0..len {
        out[2 + k] = digits[len - 1 - k];
    }
    out[2 + len] = u16::from(b';');
    3 + len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_reference_is_decimal() {
        let mut out = [0u16; 10];
        let n = html_reference('\u{10FFFF}', &mut out);
        assert_eq!(String::from_utf16(&out[..n]).unwrap(), "&#1114111;");
        let n = html_reference('\u{0}', &mut out);
        assert_eq!(String::from_utf16(&out[..n]).unwrap(), "&#0;");
    }

    #[test]
    fn surrogate_pair_split_across_calls() {
        let mut e = Encoder::new(Encoding::Utf8);
        let mut out = [0u8; 64];
        let (r, read, w) =
            e.encode_from_utf16_without_replacement(&[0x61, 0xD83D], &mut out, false);
        assert_eq!((r, read, w), (EncoderResult::InputEmpty, 2, 1));
        let (r, read, w) = e.encode_from_utf16_without_replacement(&[0xDE00], &mut out[1..], true);
        assert_eq!((r, read, w), (EncoderResult::InputEmpty, 1, 4));
        assert_eq!(&out[..5], "a\u{1F600}".as_bytes());
        // A pending high surrogate followed by a non-surrogate, and one left at the end.
        let (_, _, w1) = e.encode_from_utf16_without_replacement(&[0xD83D], &mut out, false);
        let (_, read, w2) =
            e.encode_from_utf16_without_replacement(&[0x62, 0xD83D], &mut out[w1..], false);
        assert_eq!(read, 2);
        let (_, _, w3) = e.encode_from_utf16_without_replacement(&[], &mut out[w1 + w2..], true);
        assert_eq!(&out[..w1 + w2 + w3], "\u{FFFD}b\u{FFFD}".as_bytes());
    }

    #[test]
    fn html_mode_writes_references() {
        let mut e = Encoder::new(Encoding::Windows1252);
        let src: Vec<u16> = "a\u{20AC}\u{3042}\u{1F600}b".encode_utf16().collect();
        let mut out = [0u8; 64];
        let (r, read, w, replaced) = e.encode_from_utf16(&src, &mut out, true);
        assert_eq!((r, read), (EncoderResult::InputEmpty, src.len()));
        assert!(replaced);
        assert_eq!(&out[..w], b"a\x80&#12354;&#128512;b");
    }
}
