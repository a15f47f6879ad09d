// `text-encoding-wasm/polyfill` for Node. Importing it probes the host's classes and installs ours
// on globalThis only where the host lacks a class or gets one wrong (polyfill/install.js). The
// implementation is loaded up front (its size does not matter here); the wasm is still read and
// instantiated only on first use.

import { streamsUnavailable } from '../idl/streams.js';
import { installNow } from '../polyfill/install.js';
import * as classes from './index.js';

/** `load()`, `faults`, `install(options)`, `installed`, `ready`: see types/polyfill.d.ts. */
export const { load, faults, install, installed, ready } = installNow(classes, streamsUnavailable);
