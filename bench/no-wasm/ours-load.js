// Imported by the bench/no-wasm.mjs bundle right before our entry: our package's switch for the
// host's own codecs, set to 'off', so that ours runs its own core (the JavaScript build) and never
// the prelude's TextEncoder, which stands in for a host's native one. Both engines have no
// TextDecoder, so nothing else changes.

globalThis.TEXT_ENCODING_WASM_HOST = 'off';
