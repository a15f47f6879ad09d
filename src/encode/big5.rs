//! PLACEHOLDER (issue 3 replaces this file): the Big5 encoder.

use super::{EncoderResult, RawEncoder};

#[derive(Debug, Clone, Default)]
pub(crate) struct Big5Encoder;

impl RawEncoder for Big5Encoder {
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
