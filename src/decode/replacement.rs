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
        // The error is the handler's result for the first byte: only that byte is consumed, so
        // the error is reported at the same position however the stream is split. The rest is
        // consumed without output by the next call.
        self.error_returned = true;
        (DecoderResult::Malformed, 1, 0)
    }
}
