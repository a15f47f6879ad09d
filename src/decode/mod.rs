//! Decoders: bytes in, UTF-16 out, streaming and buffer-to-buffer.
//!
//! Each family module implements the standard's decoder handler as a [`RawDecoder`] that reports
//! malformed input instead of replacing it, so one code path serves both error modes:
//! [`Decoder::decode_to_utf16_without_replacement`] is "fatal", [`Decoder::decode_to_utf16`]
//! writes U+FFFD for each error ("replacement"). [`Decoder`] also owns the TextDecoder's BOM
//! handling ("serialize I/O queue").

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
pub(crate) mod replacement;
#[cfg(feature = "multi-byte")]
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
    /// A malformed sequence was consumed (the standard's "error"). Of the bytes the standard
    /// restores to the queue, the byte in hand is not consumed, and those consumed before it are
    /// held inside the decoder and replayed on the next call; UTF-16's code unit after an unpaired
    /// leading surrogate is held when the surrogate was pending from an earlier call, and is
    /// otherwise not consumed. That is where encoding_rs (Firefox's decoder) leaves its input, so
    /// a fatal streaming call may drop the rest of its input, as TextDecoder does when it throws,
    /// and go on as Firefox does.
    Malformed,
}

/// The contract every family decoder implements.
///
/// `decode_raw` reads from `src` and writes UTF-16 code units to `dst`, returning why it stopped,
/// how many bytes it consumed and how many code units it wrote. It never writes a partial code
/// point: it stops with `OutputFull` when fewer units remain than the next code point needs (at
/// most 2). When `last` is true the end of `src` is the end of the stream (end-of-queue): pending
/// state is resolved (an error if incomplete) and the decoder is back in its initial state once it
/// returns `InputEmpty`. After `Malformed`, the caller calls again with the rest of the input, or,
/// in a fatal streaming call, drops it (see [`DecoderResult::Malformed`]).
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
    #[cfg(feature = "base")]
    Utf8(utf8::Utf8Decoder),
    #[cfg(feature = "base")]
    Utf16(utf16::Utf16Decoder),
    #[cfg(feature = "base")]
    SingleByte(single_byte::SingleByteDecoder),
    #[cfg(feature = "base")]
    XUserDefined(x_user_defined::XUserDefinedDecoder),
    Replacement(replacement::ReplacementDecoder),
    #[cfg(feature = "simplified-chinese")]
    Gb18030(gb18030::Gb18030Decoder),
    #[cfg(feature = "traditional-chinese")]
    Big5(big5::Big5Decoder),
    #[cfg(feature = "japanese")]
    EucJp(euc_jp::EucJpDecoder),
    #[cfg(feature = "japanese")]
    Iso2022Jp(iso_2022_jp::Iso2022JpDecoder),
    #[cfg(feature = "japanese")]
    ShiftJis(shift_jis::ShiftJisDecoder),
    #[cfg(feature = "korean")]
    EucKr(euc_kr::EucKrDecoder),
}

impl Inner {
    fn new(encoding: Encoding) -> Inner {
        match encoding.family() {
            #[cfg(feature = "base")]
            Family::Utf8 => Inner::Utf8(utf8::Utf8Decoder::default()),
            #[cfg(feature = "base")]
            Family::Utf16 { big_endian } => Inner::Utf16(utf16::Utf16Decoder::new(big_endian)),
            #[cfg(feature = "base")]
            Family::SingleByte(index) => {
                Inner::SingleByte(single_byte::SingleByteDecoder::new(index))
            }
            #[cfg(feature = "base")]
            Family::XUserDefined => Inner::XUserDefined(x_user_defined::XUserDefinedDecoder),
            Family::Replacement => Inner::Replacement(replacement::ReplacementDecoder::default()),
            #[cfg(feature = "simplified-chinese")]
            Family::Gb18030 { .. } => Inner::Gb18030(gb18030::Gb18030Decoder::default()),
            #[cfg(feature = "traditional-chinese")]
            Family::Big5 => Inner::Big5(big5::Big5Decoder::default()),
            #[cfg(feature = "japanese")]
            Family::EucJp => Inner::EucJp(euc_jp::EucJpDecoder::default()),
            #[cfg(feature = "japanese")]
            Family::Iso2022Jp => Inner::Iso2022Jp(iso_2022_jp::Iso2022JpDecoder::default()),
            #[cfg(feature = "japanese")]
            Family::ShiftJis => Inner::ShiftJis(shift_jis::ShiftJisDecoder::default()),
            #[cfg(feature = "korean")]
            Family::EucKr => Inner::EucKr(euc_kr::EucKrDecoder::default()),
            // An encoding this build leaves out (the lite base has no CJK, an add-on only its
            // language's): the stream is reported malformed rather than decoded wrongly. Callers
            // check `Encoding::is_supported` first.
            #[cfg(not(all(feature = "base", feature = "cjk")))]
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
            #[cfg(feature = "base")]
            Inner::Utf8(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "base")]
            Inner::Utf16(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "base")]
            Inner::SingleByte(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "base")]
            Inner::XUserDefined(d) => d.decode_raw(src, dst, last),
            Inner::Replacement(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "simplified-chinese")]
            Inner::Gb18030(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "traditional-chinese")]
            Inner::Big5(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "japanese")]
            Inner::EucJp(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "japanese")]
            Inner::Iso2022Jp(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "japanese")]
            Inner::ShiftJis(d) => d.decode_raw(src, dst, last),
            #[cfg(feature = "korean")]
            Inner::EucKr(d) => d.decode_raw(src, dst, last),
        }
    }
}

/// A streaming decoder for one encoding, with the TextDecoder's BOM handling.
///
/// A *call* is what one TextDecoder `decode()` call does: the decode calls (`decode_to_utf16*`)
/// that decode one input, ending with `InputEmpty`, or, without replacement, with `Malformed`
/// followed by [`Decoder::end_call_after_error`].
#[derive(Debug, Clone)]
pub struct Decoder {
    encoding: Encoding,
    ignore_bom: bool,
    /// The standard's "BOM seen": true once the first scalar value has been serialized.
    bom_seen: bool,
    /// "BOM seen" as it was when the current call began.
    bom_seen_before_call: bool,
    /// The current call's input comes in more pieces: its next `InputEmpty` does not end it.
    call_continues: bool,
    inner: Inner,
}

impl Decoder {
    /// A decoder in its initial state. `ignore_bom` keeps a leading U+FEFF in the output.
    pub fn new(encoding: Encoding, ignore_bom: bool) -> Decoder {
        Decoder {
            encoding,
            ignore_bom,
            bom_seen: false,
            bom_seen_before_call: false,
            call_continues: false,
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

    /// Says whether the input decoded next is the whole rest of the current call (`false`, the
    /// default) or one piece of it with more to come (`true`: a TextDecoder call whose input
    /// crosses in slices). A call ends, and its "BOM seen" stands, only with its last piece.
    pub fn set_call_continues(&mut self, continues: bool) {
        self.call_continues = continues;
    }

    /// Ends a call that stopped at `Malformed` without replacement, as TextDecoder's `decode()`
    /// ends when it throws. With `last` the stream is over: back to the initial state. Otherwise
    /// "do not flush" is still true and the next call goes on from here: the decoder keeps the
    /// state the error left (with the bytes it holds for replay, see
    /// [`DecoderResult::Malformed`]), the rest of the call's input is dropped by the caller, and
    /// "BOM seen" is what it was when the call began, since a call that throws serializes nothing.
    pub fn end_call_after_error(&mut self, last: bool) {
        if last {
            self.reset();
        } else {
            self.bom_seen = self.bom_seen_before_call;
        }
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
        if result == DecoderResult::InputEmpty && !self.call_continues {
            // The call is complete: its output stands, and so does the BOM seen it set.
            self.bom_seen_before_call = self.bom_seen;
        }
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

#[cfg(test)]
mod tests {
    use crate::{Decoder, DecoderResult, Encoding};

    /// One fatal TextDecoder `decode()` call: its output, or `None` when it throws (the call is
    /// then ended as TextDecoder ends it, the rest of `bytes` dropped).
    fn call(d: &mut Decoder, bytes: &[u8], last: bool) -> Option<String> {
        let mut out = vec![0u16; d.max_utf16_buffer_length(bytes.len()).unwrap()];
        let (result, read, written) = d.decode_to_utf16_without_replacement(bytes, &mut out, last);
        match result {
            DecoderResult::InputEmpty => {
                assert_eq!(read, bytes.len());
                Some(String::from_utf16(&out[..written]).unwrap())
            }
            DecoderResult::Malformed => {
                d.end_call_after_error(last);
                None
            }
            DecoderResult::OutputFull => unreachable!("max_utf16_buffer_length units of room"),
        }
    }

    #[test]
    fn a_fatal_streaming_error_keeps_the_decoder_state() {
        // ISO-2022-JP stays in Roman after the error.
        let mut d = Decoder::new(Encoding::Iso2022Jp, false);
        assert_eq!(call(&mut d, b"\x1B(J\xFF", false), None);
        assert_eq!(call(&mut d, b"~", true).as_deref(), Some("\u{203E}"));
        // After a final call that throws, a new stream begins (ASCII).
        assert_eq!(call(&mut d, b"\x1B(J\xFF", true), None);
        assert_eq!(call(&mut d, b"~", true).as_deref(), Some("~"));
        // UTF-8: the rest of the call that threw is dropped, not replayed.
        let mut d = Decoder::new(Encoding::Utf8, false);
        assert_eq!(call(&mut d, b"\xE0AB", false), None);
        assert_eq!(call(&mut d, b"C", true).as_deref(), Some("C"));
    }

    #[test]
    fn a_fatal_streaming_error_leaves_bom_seen_as_the_call_found_it() {
        // "A" was serialized by a call that returned: BOM seen stays true after the error.
        let mut d = Decoder::new(Encoding::Utf8, false);
        assert_eq!(call(&mut d, b"A", false).as_deref(), Some("A"));
        assert_eq!(call(&mut d, b"\xFF", false), None);
        assert_eq!(
            call(&mut d, b"\xEF\xBB\xBF", true).as_deref(),
            Some("\u{FEFF}")
        );
        // "A" before the error in the same call is never serialized: BOM seen stays false.
        let mut d = Decoder::new(Encoding::Utf8, false);
        assert_eq!(call(&mut d, b"A\xFF", false), None);
        assert_eq!(call(&mut d, b"\xEF\xBB\xBFB", true).as_deref(), Some("B"));
        // A call whose input comes in pieces: output in its first piece, the error in its last.
        let mut d = Decoder::new(Encoding::Utf8, false);
        d.set_call_continues(true);
        assert_eq!(call(&mut d, b"A", false).as_deref(), Some("A"));
        d.set_call_continues(false);
        assert_eq!(call(&mut d, b"\xFF", false), None);
        assert_eq!(call(&mut d, b"\xEF\xBB\xBFB", true).as_deref(), Some("B"));
        // The same through UTF-16LE, with output before the error written across calls.
        let mut d = Decoder::new(Encoding::Utf16Le, false);
        assert_eq!(call(&mut d, b"", false).as_deref(), Some(""));
        assert_eq!(call(&mut d, b"a\0\0\xDC", false), None);
        assert_eq!(call(&mut d, b"\xFF\xFEb\0", true).as_deref(), Some("b"));
    }
}
