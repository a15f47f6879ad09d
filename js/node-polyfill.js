// `text-encoding-wasm/polyfill` for Node (ESM): polyfill.js over the Node entry (node.js). Node
// loads the implementation up front (its size does not matter here); the wasm is still read and
// instantiated only on first use.

import { hostFaults } from './host-check.js';
import { createInstaller } from './install.js';
import { TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream } from './node.js';

/** Loads the implementation: already loaded in Node (for the same API as the web entry). */
export async function load() {}

/** What the host's own classes get wrong (null for each that is right), as probed at import. */
export const faults = hostFaults();

/** Installs the missing or faulty classes on globalThis (all of them with `{force: true}`); returns their names. */
export const install = createInstaller({ TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream }, faults);

/** What importing this module installed or wrapped, and why (the array's `details`). */
export const installed = install();

/** Settled once the classes are in place (already so when an importing module runs). */
export const ready = Promise.resolve(installed);
