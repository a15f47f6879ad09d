//! The replacement decoder: one error for a non-empty stream, then nothing.

use super::{DecoderResult, RawDecoder};

/// The standard's replacement decoder and its "replacement error returned".
#[derive(Debug, Clone, Default)]
pub(crate) struct ReplacementDecoder {
    error_returned: bool,
}

impl RawDecoder for ReplacementDecoder {
    fn decode_raw(
        &mut self,
        src: &[u8],
        _dst: &mut [u16],
        _last: bool,
    ) -> (DecoderResult, usize, usize) {
        if src.is_empty() || self.error_returned {
            return (DecoderResult::InputEmpty, src.len(), 0);
        }
        self.error_returned = true;
        (DecoderResult::Malformed, src.len(), 0)
    }
}
