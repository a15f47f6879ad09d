//! What the shipped wasm (built without the `std` feature) has in place of the standard library's
//! runtime: the global allocator and a panic handler that traps at once. No panic is expected
//! (the core is written not to panic on any input); should one happen, the trap surfaces in
//! JavaScript as a `WebAssembly.RuntimeError`, as with std's `panic = "abort"`, but without the
//! message formatting (core::fmt) that std's handler would link in.
//!
//! The allocator is a few lines instead of dlmalloc's few kilobytes: blocks come in power-of-two
//! size classes (16 bytes to 2 GiB), carved from memory grown at the end of the heap, and a freed
//! block goes onto its class's free list for the next allocation of that class. The core's
//! allocations are few and long-lived (reused buffers that double when they grow, decoder and
//! encoder slabs, tables built at first use), so a freed block is soon reused and nothing needs
//! coalescing; memory stays within about twice what is live, and a wasm memory never shrinks
//! anyway.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::cell::UnsafeCell;
use core::ptr;

/// The smallest class: 2^4 = 16 bytes.
const MIN_CLASS: u32 = 4;
/// Every block is aligned to this (larger alignments are refused). Not more: buffers aligned to
/// the same large boundary would alias in the CPU's caches when one is read as the other is
/// written.
const MAX_ALIGN: usize = 16;
/// Bytes in a wasm page.
const PAGE: usize = 65536;

struct Heap {
    /// The first free block of each class; a free block holds the address of the next.
    free: [*mut u8; 32],
    /// Where the next new block is carved from, and the end of the grown memory after it.
    next: usize,
    end: usize,
}

/// The allocator's state in a cell.
struct Allocator(UnsafeCell<Heap>);

#[cfg(target_feature = "atomics")]
compile_error!("runtime.rs has a single-threaded allocator: build without the atomics feature");

// SAFETY: without the atomics target feature a wasm instance has exactly one thread, and the
// allocator is never re-entered (it calls nothing that allocates), so the cell has one user.
unsafe impl Sync for Allocator {}

#[global_allocator]
static ALLOCATOR: Allocator = Allocator(UnsafeCell::new(Heap {
    free: [ptr::null_mut(); 32],
    next: 0,
    end: 0,
}));

/// The class of a layout: log2 of the block size, or `None` if it cannot be served.
fn class_of(layout: Layout) -> Option<u32> {
    if layout.align() > MAX_ALIGN {
        return None;
    }
    let size = layout.size().max(layout.align()).max(1 << MIN_CLASS);
    let class = usize::BITS - (size - 1).leading_zeros();
    (class < 32).then_some(class)
}

impl Heap {
    /// A new block of `class`, carved from the end of the heap (memory grown as needed).
    fn carve(&mut self, class: u32) -> *mut u8 {
        let size = 1usize << class;
        let align = MAX_ALIGN;
        let mut start = (self.next + align - 1) & !(align - 1);
        if start < self.next || self.end.saturating_sub(start) < size {
            let pages = (size + MAX_ALIGN).div_ceil(PAGE);
            let previous = wasm32::memory_grow(0, pages);
            if previous == usize::MAX {
                return ptr::null_mut();
            }
            let base = previous * PAGE;
            if base != self.end {
                // Someone else grew the memory in between: start over at the new pages.
                self.next = base;
            }
            self.end = base + pages * PAGE;
            start = (self.next + align - 1) & !(align - 1);
        }
        self.next = start + size;
        start as *mut u8
    }
}

// SAFETY: every block handed out is `1 << class` bytes, aligned to MAX_ALIGN (at least the
// layout's alignment: larger ones are refused), inside grown memory, and owned by one allocation
// until it is freed and put on its class's list.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(class) = class_of(layout) else {
            return ptr::null_mut();
        };
        // SAFETY: one thread and no re-entry (see `Sync` above): no other reference to the heap.
        let heap = unsafe { &mut *self.0.get() };
        let head = heap.free[class as usize];
        if head.is_null() {
            return heap.carve(class);
        }
        // SAFETY: a free block of this class starts with the address of the next free one.
        heap.free[class as usize] = unsafe { head.cast::<*mut u8>().read() };
        head
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        let Some(class) = class_of(layout) else {
            return;
        };
        // SAFETY: as in `alloc`.
        let heap = unsafe { &mut *self.0.get() };
        // SAFETY: the block was allocated with this layout, so it is of this class, at least 16
        // bytes and aligned for a pointer; it is no longer in use.
        unsafe { block.cast::<*mut u8>().write(heap.free[class as usize]) };
        heap.free[class as usize] = block;
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else {
            return ptr::null_mut();
        };
        if class_of(new_layout) == class_of(layout) {
            return block;
        }
        // SAFETY: the caller's layout and size are valid for the allocator.
        let new_block = unsafe { self.alloc(new_layout) };
        if !new_block.is_null() {
            // SAFETY: both blocks are live, distinct, and at least this long.
            unsafe {
                ptr::copy_nonoverlapping(block, new_block, layout.size().min(new_size));
                self.dealloc(block, layout);
            }
        }
        new_block
    }
}

/// Traps without formatting the panic message.
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    wasm32::unreachable()
}
