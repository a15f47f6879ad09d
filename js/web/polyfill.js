// `text-encoding-wasm/polyfill` for browsers, bundlers and Deno. Importing it probes the host's
// classes (polyfill/host-check.js) and installs ours on globalThis only where the host lacks a
// class or gets one wrong (polyfill/install.js), synchronously: the classes are in place when an
// importing module runs, and there is no top-level await, so the entry also bundles as a classic
// script (script/polyfill.js in the package). The implementation comes with it; its wasm is
// instantiated only where a class of ours is installed (to make sure it runs here) or used. A
// host TextDecoder whose only fault is refusing SharedArrayBuffer input is wrapped to copy such
// input. `install({ force: true })` replaces the host's classes too.

import { streamsUnavailable } from '../idl/streams.js';
import { installNow } from '../polyfill/install.js';
import * as classes from './index.js';

/** `load()`, `faults`, `install(options)`, `installed`, `ready`: see types/polyfill.d.ts. */
export const { load, faults, install, installed, ready } = installNow(classes, streamsUnavailable);
