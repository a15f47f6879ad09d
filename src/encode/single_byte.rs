//! The single-byte encoder shared by the 28 legacy single-byte encodings: ASCII as is, other code
//! points by their pointer (the first) + 0x80, found through a reverse map of the 128-entry index
//! built at the encoder's first non-ASCII scalar value.

use super::{next_scalar, EncoderResult, RawEncoder};
use alloc::boxed::Box;

/// The reverse of an index: the pointers of the code points with the same low byte, chained in
/// pointer order. Links are `1 + pointer`, 0 ending a chain.
#[derive(Debug, Clone)]
struct Reverse {
    /// The first link of each low byte's chain.
    head: [u8; 256],
    /// The link after each pointer's.
    next: [u8; 128],
}

impl Reverse {
    fn build(index: &[u16; 128]) -> Reverse {
        let mut reverse = Reverse {
            head: [0; 256],
            next: [0; 128],
        };
        // Pushed in reverse pointer order, so that each chain starts with its lowest pointer.
        for (pointer, &cp) in index.iter().enumerate().rev() {
            // 0 marks "no code point" in the index.
            if cp != 0 {
                let head = &mut reverse.head[usize::from(cp & 0xFF)];
                reverse.next[pointer] = *head;
                *head = pointer as u8 + 1;
            }
        }
        reverse
    }

    /// The first pointer of `cp` in `index`.
    #[inline]
    fn pointer(&self, index: &[u16; 128], cp: u32) -> Option<u8> {
        let mut link = self.head[(cp & 0xFF) as usize];
        while link != 0 {
            let pointer = link - 1;
            let slot = usize::from(pointer & 0x7F);
            if u32::from(index[slot]) == cp {
                return Some(pointer);
            }
            link = self.next[slot];
        }
        None
    }
}

/// The standard's single-byte encoder over one index.
#[derive(Debug, Clone)]
pub(crate) struct SingleByteEncoder {
    index: &'static [u16; 128],
    /// Built at the first non-ASCII scalar value (boxed: the encoder stays small until then).
    reverse: Option<Box<Reverse>>,
}

impl SingleByteEncoder {
    pub(crate) fn new(index: &'static [u16; 128]) -> Self {
        SingleByteEncoder {
            index,
            reverse: None,
        }
    }

    /// The index this encoder maps through.
    pub(crate) fn index(&self) -> &'static [u16; 128] {
        self.index
    }
}

impl RawEncoder for SingleByteEncoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        _last: bool,
    ) -> (EncoderResult, usize, usize) {
        let (mut i, mut j) = (0, 0);
        while i < src.len() {
            if j == dst.len() {
                return (EncoderResult::OutputFull, i, j);
            }
            let (cp, units) = next_scalar(src, i);
            if cp < 0x80 {
                dst[j] = cp as u8;
            } else {
                let index = self.index;
                let reverse = self
                    .reverse
                    .get_or_insert_with(|| Box::new(Reverse::build(index)));
                match reverse.pointer(index, cp) {
                    Some(pointer) => dst[j] = 0x80 + pointer,
                    None => {
                        let c = char::from_u32(cp).unwrap_or('\u{FFFD}');
                        return (EncoderResult::Unmappable(c), i + units, j);
                    }
                }
            }
            i += units;
            j += 1;
        }
        (EncoderResult::InputEmpty, i, j)
    }
}
