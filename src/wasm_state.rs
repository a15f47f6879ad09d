//! How the wasm export modules (`wasm.rs` for the codecs, `wasm_detect.rs` for the detector) keep
//! their state: one static cell for the module's state, slabs of handles for the objects that
//! JavaScript holds, and reusable buffers that only grow.

use alloc::vec::Vec;
use core::cell::RefCell;

/// The module's one state. This wasm runs on one thread (it is built without the atomics target
/// feature, checked below), so a static cell needs no lock.
pub(crate) struct Global<T>(RefCell<T>);

#[cfg(target_feature = "atomics")]
compile_error!(
    "the wasm exports keep their state in a static cell: build without the atomics feature"
);

// SAFETY: without the atomics target feature a wasm instance has exactly one thread, so the cell
// is never reached from two threads.
unsafe impl<T> Sync for Global<T> {}

impl<T> Global<T> {
    pub(crate) const fn new(state: T) -> Self {
        Global(RefCell::new(state))
    }

    pub(crate) fn with_borrow<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.0.borrow())
    }

    pub(crate) fn with_borrow_mut<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        f(&mut self.0.borrow_mut())
    }
}

/// A slab of values addressed by `index + 1` handles (0 is never a handle), reusing freed slots.
pub(crate) struct Slab<T> {
    slots: Vec<Option<T>>,
    free: Vec<usize>,
}

impl<T> Slab<T> {
    pub(crate) const fn new() -> Self {
        Slab {
            slots: Vec::new(),
            free: Vec::new(),
        }
    }

    pub(crate) fn insert(&mut self, value: T) -> u32 {
        let index = match self.free.pop() {
            Some(i) => {
                self.slots[i] = Some(value);
                i
            }
            None => {
                self.slots.push(Some(value));
                self.slots.len() - 1
            }
        };
        index as u32 + 1
    }

    pub(crate) fn get(&mut self, handle: u32) -> Option<&mut T> {
        let index = (handle as usize).checked_sub(1)?;
        self.slots.get_mut(index)?.as_mut()
    }

    /// Frees `handle` (nothing happens for a freed or unknown one).
    pub(crate) fn remove(&mut self, handle: u32) {
        if let Some(index) = (handle as usize).checked_sub(1) {
            if let Some(slot) = self.slots.get_mut(index) {
                if slot.take().is_some() {
                    self.free.push(index);
                }
            }
        }
    }

    pub(crate) fn live(&self) -> usize {
        self.slots.len() - self.free.len()
    }
}

/// Grows `buffer` to at least `len` elements (doubling), zero-filled, and returns its address.
pub(crate) fn reserve<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) -> u32 {
    if buffer.len() < len {
        let target = len.max(buffer.len() * 2).max(1024);
        buffer.resize(target, T::default());
    }
    buffer.as_mut_ptr() as u32
}

/// `reserve`, or `None` (and nothing changes) when memory cannot grow that far, for a caller that
/// reports that instead of trapping (the detector's input buffer).
#[cfg(feature = "detector-wasm")]
pub(crate) fn try_reserve<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) -> Option<u32> {
    if buffer.len() < len {
        let target = len.max(buffer.len().saturating_mul(2)).max(1024);
        buffer.try_reserve_exact(target - buffer.len()).ok()?;
    }
    Some(reserve(buffer, len))
}
