//! PLACEHOLDER (issue 3 replaces this file): the Gb18030 encoder.

use super::{EncoderResult, RawEncoder};

#[derive(Debug, Clone, Default)]
pub(crate) struct Gb18030Encoder;
impl Gb18030Encoder {
    pub(crate) fn new(_gbk: bool) -> Self {
        Gb18030Encoder
    }
}

impl RawEncoder for Gb18030Encoder {
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
