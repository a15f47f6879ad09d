// `text-encoding-wasm/polyfill` for browsers, bundlers and Deno. Importing it probes the host's
// classes (polyfill/host-check.js) and installs ours on globalThis only where the host lacks a
// class or gets one wrong (polyfill/install.js). Where the host is right, nothing else is loaded:
// the implementation (index.js, with the WebAssembly) is a dynamic import that bundlers split
// off, awaited at the top level only when a fault needs it, so the classes are in place when an
// importing module runs. A host TextDecoder whose only fault is refusing SharedArrayBuffer input
// is wrapped to copy such input, without the implementation. `install({ force: true })` replaces
// the host's classes too (after `await load()` where the implementation was not needed).

import { hostFaults, needsImplementation } from '../polyfill/host-check.js';
import { createInstaller } from '../polyfill/install.js';

const classes = {};

/** Loads the implementation (once); install({force: true}) needs it where the host was right. */
export async function load() {
  if (classes.TextDecoder === undefined) {
    const m = await import('./index.js');
    Object.assign(classes, { TextDecoder: m.TextDecoder, TextEncoder: m.TextEncoder, TextDecoderStream: m.TextDecoderStream, TextEncoderStream: m.TextEncoderStream });
  }
}

/** What the host's own classes get wrong (null for each that is right), as probed at import. */
export const faults = hostFaults();
if (needsImplementation(faults)) await load();

/** Installs the missing or faulty classes on globalThis (all of them with `{force: true}`); returns their names. */
export const install = createInstaller(classes, faults);

/** What importing this module installed or wrapped, and why (the array's `details`). */
export const installed = install();

/** Settled once the classes are in place (already so when an importing module runs). */
export const ready = Promise.resolve(installed);
