//! What the shipped wasm (built without the `std` feature) has in place of the standard library's
//! runtime: the global allocator and a panic handler that traps at once. No panic is expected
//! (the core is written not to panic on any input); should one happen, the trap surfaces in
//! JavaScript as a `WebAssembly.RuntimeError`, as with std's `panic = "abort"`, but without the
//! message formatting (core::fmt) that std's handler would link in.

/// The allocator: dlmalloc over wasm memory, the same one std uses on this target.
#[global_allocator]
static ALLOCATOR: dlmalloc::GlobalDlmalloc = dlmalloc::GlobalDlmalloc;

/// Traps without formatting the panic message.
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}
