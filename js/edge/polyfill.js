// `text-encoding-wasm/polyfill` for Cloudflare Workers and Vercel Edge. Importing it probes the
// host's classes (polyfill/host-check.js) and installs ours on globalThis only where the host
// lacks a class or gets one wrong (polyfill/install.js: workerd's legacy decoders are not the
// standard's; Vercel's globals are writable but not configurable, and keep those attributes),
// synchronously, once it has made sure that the core runs here.

import { streamsUnavailable } from '../idl/streams.js';
import { installNow } from '../polyfill/install.js';
import * as classes from './index.js';

/** `load()`, `faults`, `install(options)`, `installed`, `ready`: see types/polyfill.d.ts. */
export const { load, faults, install, installed, ready } = installNow(classes, streamsUnavailable);
