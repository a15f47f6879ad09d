// `text-encoding-wasm/js/polyfill` (and the `react-native` condition of `/polyfill`). Importing it
// probes the host's classes and installs ours on globalThis only where the host lacks a class or
// gets one wrong (polyfill/install.js). The implementation is loaded up front, with no top-level
// await (React Native's bundler does not take one); the core is still instantiated only on first
// use.

import { streamsUnavailable } from '../idl/streams.js';
import { installNow } from '../polyfill/install.js';
import * as classes from './index.js';

/** `load()`, `faults`, `install(options)`, `installed`, `ready`: see types/polyfill.d.ts. */
export const { load, faults, install, installed, ready } = installNow(classes, streamsUnavailable);
