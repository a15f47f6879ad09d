// The ponyfill alone, for the runner's negative control: bundled under the `browser` condition its
// wasm is compiled from bytes at the first use, which workerd refuses in a fetch handler at every
// compatibility date. It answers with what that first use gave (JSON): an Error naming the refusal.

import { TextDecoder } from 'text-encoding-wasm';

/** `fn()`'s value, or { error: { name, message } } if it throws. */
function attempt(fn) {
  try {
    return fn();
  } catch (error) {
    return { error: { name: error && error.name, message: String(error && error.message) } };
  }
}

export default {
  fetch: async () => Response.json({ ponyfill: attempt(() => new TextDecoder('shift_jis').decode(Uint8Array.of(0xf9, 0x40))) }),
};
