// The polyfill worker: imports 'text-encoding-wasm/polyfill' (after host.js has read the host's
// classes) and, in its fetch handler, uses the GLOBAL classes as an app does once the polyfill is
// in: Shift_JIS F9 40 and GBK 80 decoded, a Response body piped through a Shift_JIS
// TextDecoderStream. It answers with JSON: those results, what the polyfill installed and why
// (`installed`, `installed.details`, `faults`), which globals are still the host's, and what a
// first use of the ponyfill entry gives. `installed` is what the polyfill's `ready` resolves to:
// what the import installed, and what the probes that need promise jobs (a stream class without
// backpressure) found after it. Bundled under the `workerd` condition the package's core runs;
// bundled under `browser` (the runner's negative control) its wasm is compiled from bytes, which
// workerd refuses in a handler and, before the compatibility date 2026-03-15 or so, at startup too:
// the polyfill must then leave the host's classes in place and say why.

import { hostClasses } from './host.js';
import { faults, installed as installedAtImport, ready } from 'text-encoding-wasm/polyfill';
import * as ponyfill from 'text-encoding-wasm';

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];

/** `fn()`'s value, or { error: { name, message } } if it throws. */
async function attempt(fn) {
  try {
    return await fn();
  } catch (error) {
    return { error: { name: error && error.name, message: String(error && error.message) } };
  }
}

/** The text of a Response body of `bytes` piped through the global TextDecoderStream of `label`. */
async function streamed(label, bytes) {
  const reader = new Response(bytes).body.pipeThrough(new TextDecoderStream(label)).getReader();
  let text = '';
  for (let r = await reader.read(); !r.done; r = await reader.read()) text += r.value;
  return text;
}

/** What the polyfill did, and what the global classes (and the ponyfill entry) give. */
async function report() {
  const installed = await ready;
  return {
    installedAtImport: [...installedAtImport],
    installed: [...installed],
    details: installed.details,
    faults,
    hostKept: Object.fromEntries(NAMES.map((n) => [n, globalThis[n] === hostClasses[n]])),
    shiftJis: await attempt(() => new TextDecoder('shift_jis').decode(Uint8Array.of(0xf9, 0x40))),
    gbk: await attempt(() => new TextDecoder('gbk').decode(Uint8Array.of(0x80))),
    stream: await attempt(() => streamed('shift_jis', Uint8Array.of(0x82, 0xa0, 0xf9, 0x40))),
    hostShiftJis: await attempt(() => new hostClasses.TextDecoder('shift_jis').decode(Uint8Array.of(0xf9, 0x40))),
    ponyfill: await attempt(() => new ponyfill.TextDecoder('shift_jis').decode(Uint8Array.of(0xf9, 0x40))),
  };
}

export default {
  fetch: async () => Response.json(await report()),
};
