//! The generated statistics (`tables/generated/detect.rs`) and the CJK cost tables expanded
//! from them once, on first use.

use alloc::{boxed::Box, vec::Vec};
use once_cell::race::OnceBox;

mod generated {
    include!("../../tables/generated/detect.rs");
}
pub(crate) use generated::*;

/// The CJK families, by their index in `CJK_MODELS`.
pub(crate) const JAPANESE: usize = 0;
pub(crate) const SIMPLIFIED_CHINESE: usize = 1;
pub(crate) const TRADITIONAL_CHINESE: usize = 2;
pub(crate) const KOREAN: usize = 3;

static EXPANDED: [OnceBox<Vec<u8>>; 4] = [
    OnceBox::new(),
    OnceBox::new(),
    OnceBox::new(),
    OnceBox::new(),
];

/// The cost (bits) of every pointer of CJK family `family`, expanded on first use.
pub(crate) fn pointer_costs(family: usize) -> &'static [u8] {
    EXPANDED[family].get_or_init(|| {
        let model = &CJK_MODELS[family];
        let mut costs = Vec::new();
        for (&len, &cost) in model.run_lengths.iter().zip(model.run_costs) {
            costs.resize(costs.len() + len as usize, cost);
        }
        let mut pointer = 0usize;
        let mut gaps = model.pointer_gaps.iter();
        let mut exceptions = model.costs.iter();
        while let Some(&gap) = gaps.next() {
            pointer += if gap == 255 {
                let lo = *gaps.next().unwrap_or(&0) as usize;
                let hi = *gaps.next().unwrap_or(&0) as usize;
                lo | hi << 8
            } else {
                gap as usize
            };
            if let (Some(slot), Some(&cost)) = (costs.get_mut(pointer), exceptions.next()) {
                *slot = cost;
            }
        }
        Box::new(costs)
    })
}
