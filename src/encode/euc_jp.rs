//! PLACEHOLDER (issue 3 replaces this file): the EucJp encoder.

use super::{EncoderResult, RawEncoder};

#[derive(Debug, Clone, Default)]
pub(crate) struct EucJpEncoder;

impl RawEncoder for EucJpEncoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        _dst: &mut [u8],
        _last: bool,
    ) -> (EncoderResult, usize, usize) {
        if src.is_empty() {
            return (EncoderResult::InputEmpty, 0, 0);
        }
        (EncoderResult::Unmappable('\u{FFFD}'), src.len(), 0)
    }
}
