//! Decoders: bytes in, UTF-16 out, streaming and buffer-to-buffer.
//!
//! Each family module implements the standard's decoder handler as a [`RawDecoder`] that reports
//! malformed input instead of replacing it, so one code path serves both error modes:
//! [`Decoder::decode_to_utf16_without_replacement`] is "fatal", [`Decoder::decode_to_utf16`]
//! writes U+FFFD for each error ("replacement"). [`Decoder`] also owns the TextDecoder's BOM
//! handling ("serialize I/O queue").

#[cfg(feature = "cjk")]
pub(crate) mod big5;
#[cfg(feature = "cjk")]
pub(crate) mod cjk_common;
#[cfg(feature = "cjk")]
pub(crate) mod euc_jp;
#[cfg(feature = "cjk")]
pub(crate) mod euc_kr;
#[cfg(feature = "cjk")]
pub(crate) mod gb18030;
#[cfg(feature = "cjk")]
pub(crate) mod iso_2022_jp;
pub(crate) mod replacement;
#[cfg(feature = "cjk")]
pub(crate) mod shift_jis;
pub(crate) mod single_byte;
pub(crate) mod utf16;
pub(crate) mod utf8;
pub(crate) mod x_user_defined;

use crate::encoding::{Encoding, Family};

/// Why a decode call stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecoderResult {
    /// All input was consumed (and, if `last`, end-of-queue was processed).
    InputEmpty,
    /// The output has no room for the next code point; call again with more room.
    OutputFull,
    /// A malformed sequence was consumed (the standard's "error"). The bytes to reprocess were not
    /// consumed, or are held inside the decoder to be replayed on the next call.
    Malformed,
}

/// The contract every family decoder implements.
///
/// `decode_raw` reads from `src` and writes UTF-16 code units to `dst`, returning why it stopped,
/// how many bytes it consumed and how many code units it wrote. It never writes a partial code
/// point: it stops with `OutputFull` when fewer units remain than the next code point needs (at
/// most 2). When `last` is true the end of `src` is the end of the stream (end-of-queue): pending
/// state is resolved (an error if incomplete) and the decoder is back in its initial state once it
/// returns `InputEmpty`. After `Malformed`, the caller calls again with the rest of the input.
pub(crate) trait RawDecoder {
    fn decode_raw(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize);
}

/// Writes ASCII bytes from the start of `src` as UTF-16 until a non-ASCII byte, the end of `src`
/// or the end of `dst`; returns how many were copied. The shared fast path of every
/// ASCII-compatible decoder.
#[inline]
pub(crate) fn ascii_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    let mut i = 0;
    // Eight bytes at a time while they are all ASCII.
    for (s, d) in src.chunks_exact(8).zip(dst.chunks_exact_mut(8)) {
        let (Ok(s), Ok(d)) = (<&[u8; 8]>::try_from(s), <&mut [u16; 8]>::try_from(d)) else {
            break;
        };
        if u64::from_le_bytes(*s) & 0x8080_8080_8080_8080 != 0 {
            break;
        }
        for (d, &s) in d.iter_mut().zip(s) {
            *d = u16::from(s);
        }
        i += 8;
    }
    for (d, &s) in dst[i..].iter_mut().zip(&src[i..]) {
        if s >= 0x80 {
            break;
        }
        *d = u16::from(s);
        i += 1;
    }
    i
}

/// The family decoders, dispatched by `match`.
#[derive(Debug, Clone)]
enum Inner {
    Utf8(utf8::Utf8Decoder),
    Utf16(utf16::Utf16Decoder),
    SingleByte(single_byte::SingleByteDecoder),
    XUserDefined(x_user_defined::XUserDefinedDecoder),
    Replacement(replacement::ReplacementDecoder),
    #[cfg(feature = "cjk")]
    Gb18030(gb18030::Gb18030Decoder),
    #[cfg(feature = "cjk")]
    Big5(big5::Big5Decoder),
    #[cfg(feature = "cjk")]
    EucJp(euc_jp::EucJpDecoder),
    #[cfg(feature = "cjk")]
    Iso2022Jp(iso_2022_jp::Iso2022JpDecoder),
    #[cfg(feature = "cjk")]
    ShiftJis(shift_jis::ShiftJisDecoder),
    #[cfg(feature = "cjk")]
    EucKr(euc_kr::EucKrDecoder),
}

impl Inner {
    fn new(encoding: Encoding) -> Inner {
        match encoding.family() {
            Family::Utf8 => Inner::Utf8(utf8::Utf8Decoder::default()),
            Family::Utf16 { big_endian } => Inner::Utf16(utf16::Utf16Decoder::new(big_endian)),
            Family::SingleByte(index) => {
                Inner::SingleByte(single_byte::SingleByteDecoder::new(index))
            }
            Family::XUserDefined => Inner::XUserDefined(x_user_defined::XUserDefinedDecoder),
            Family::Replacement => Inner::Replacement(replacement::ReplacementDecoder::default()),
            #[cfg(feature = "cjk")]
            Family::Gb18030 { .. } => Inner::Gb18030(gb18030::Gb18030Decoder::default()),
            #[cfg(feature = "cjk")]
            Family::Big5 => Inner::Big5(big5::Big5Decoder::default()),
            #[cfg(feature = "cjk")]
            Family::EucJp => Inner::EucJp(euc_jp::EucJpDecoder::default()),
            #[cfg(feature = "cjk")]
            Family::Iso2022Jp => Inner::Iso2022Jp(iso_2022_jp::Iso2022JpDecoder::default()),
            #[cfg(feature = "cjk")]
            Family::ShiftJis => Inner::ShiftJis(shift_jis::ShiftJisDecoder::default()),
            #[cfg(feature = "cjk")]
            Family::EucKr => Inner::EucKr(euc_kr::EucKrDecoder::default()),
            // Built without the CJK tables ("lite"): the stream is reported malformed rather than
            // decoded wrongly. Callers check `Encoding::is_supported` first.
            #[cfg(not(feature = "cjk"))]
            _ => Inner::Replacement(replacement::ReplacementDecoder::default()),
        }
    }

    fn decode_raw(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        match self {
            Inner::Utf8(d) => d.decode_raw(src, dst, last),
            Inner::Utf16(d) => d.decode_raw(src, dst, last),
            Inner::SingleByte(d) => d.decode_raw(src, dst, last),
            Inner::XUserDefined(d) => d.decode_raw(src, dst, last),
            Inner::Replacement(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "cjk")]
            Inner::Gb18030(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "cjk")]
            Inner::Big5(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "cjk")]
            Inner::EucJp(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "cjk")]
            Inner::Iso2022Jp(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "cjk")]
            Inner::ShiftJis(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "cjk")]
            Inner::EucKr(d) => d.decode_raw(src, dst, last),
        }
    }
}

/// A streaming decoder for one encoding, with the TextDecoder's BOM handling.
#[derive(Debug, Clone)]
pub struct Decoder {
    encoding: Encoding,
    ignore_bom: bool,
    /// The standard's "BOM seen": true once the first scalar value has been serialized.
    bom_seen: bool,
    inner: Inner,
}

impl Decoder {
    /// A decoder in its initial state. `ignore_bom` keeps a leading U+FEFF in the output.
    pub fn new(encoding: Encoding, ignore_bom: bool) -> Decoder {
        Decoder {
            encoding,
            ignore_bom,
            bom_seen: false,
            inner: Inner::new(encoding),
        }
    }

    /// The encoding this decoder decodes.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Back to the initial state: a new decoder instance and "BOM seen" false.
    pub fn reset(&mut self) {
        *self = Decoder::new(self.encoding, self.ignore_bom);
    }

    /// An upper bound on the UTF-16 units the next call can write for `byte_length` input bytes,
    /// including anything pending from earlier calls and the end-of-queue flush.
    pub fn max_utf16_buffer_length(&self, byte_length: usize) -> Option<usize> {
        // No decoder yields more than one code unit per byte, plus a handful for bytes held
        // from earlier calls (at most 3 pending + one replacement).
        byte_length.checked_add(8)
    }

    fn bom_pending(&self) -> bool {
        !self.bom_seen && !self.ignore_bom && self.encoding.strips_bom()
    }

    /// Applies "serialize I/O queue" to the units just written at `dst[..written]`: the first
    /// scalar value sets BOM seen, and is dropped if it is U+FEFF.
    fn strip_bom(&mut self, dst: &mut [u16], written: usize) -> usize {
        if written == 0 || !self.bom_pending() {
            return written;
        }
        self.bom_seen = true;
        if dst[0] == 0xFEFF {
            dst.copy_within(1..written, 0);
            return written - 1;
        }
        written
    }

    /// Decodes without replacement: stops at the first malformed sequence and reports it.
    /// Returns (why it stopped, bytes read, UTF-16 units written).
    pub fn decode_to_utf16_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (result, read, written) = self.inner.decode_raw(src, dst, last);
        let written = self.strip_bom(dst, written);
        (result, read, written)
    }

    /// Decodes with replacement: every malformed sequence becomes U+FFFD. Returns (why it stopped,
    /// which is `InputEmpty` or `OutputFull`, bytes read, UTF-16 units written, whether any
    /// replacement happened). Progress is guaranteed when `dst` has room for at least 3 units.
    pub fn decode_to_utf16(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize, bool) {
        let (mut read, mut written, mut replaced) = (0, 0, false);
        loop {
            // One unit stays in reserve so a malformed sequence found when the rest is full still
            // has room for its U+FFFD.
            if written == dst.len() {
                return (DecoderResult::OutputFull, read, written, replaced);
            }
            let end = dst.len() - 1;
            let (result, r, w) = self.decode_to_utf16_without_replacement(
                &src[read..],
                &mut dst[written..end],
                last,
            );
            read += r;
            written += w;
            match result {
                DecoderResult::Malformed => {
                    replaced = true;
                    dst[written] = 0xFFFD;
                    written += 1;
                    if self.bom_pending() {
                        self.bom_seen = true;
                    }
                }
                other => return (other, read, written, replaced),
            }
        }
    }
}
