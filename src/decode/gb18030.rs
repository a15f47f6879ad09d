//! PLACEHOLDER (issue 3 replaces this file): the Gb18030 decoder.

use super::{DecoderResult, RawDecoder};

#[derive(Debug, Clone, Default)]
pub(crate) struct Gb18030Decoder;

impl RawDecoder for Gb18030Decoder {
    fn decode_raw(
        &mut self,
        src: &[u8],
        _dst: &mut [u16],
        _last: bool,
    ) -> (DecoderResult, usize, usize) {
        if src.is_empty() {
            return (DecoderResult::InputEmpty, 0, 0);
        }
        (DecoderResult::Malformed, src.len(), 0)
    }
}
