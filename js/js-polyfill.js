// `text-encoding-wasm/js/polyfill` (and the `react-native` condition of `/polyfill`): node-polyfill.js
// over the JavaScript build of the core (js.js), loaded up front: no top-level await, which
// React Native's bundler does not take. The core is still instantiated only on first use.

import { hostFaults } from './host-check.js';
import { createInstaller } from './install.js';
import { TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream } from './js.js';

/** Loads the implementation: already loaded here (for the same API as the web entry). */
export async function load() {}

/** What the host's own classes get wrong (null for each that is right), as probed at import. */
export const faults = hostFaults();

/** Installs the missing or faulty classes on globalThis (all of them with `{force: true}`); returns their names. */
export const install = createInstaller({ TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream }, faults);

/** What importing this module installed or wrapped, and why (the array's `details`). */
export const installed = install();

/** Settled once the classes are in place (already so when an importing module runs). */
export const ready = Promise.resolve(installed);
