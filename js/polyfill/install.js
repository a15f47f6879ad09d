// What the polyfill installs and why: defines the classes on globalThis the way a platform
// defines its interface objects (writable, configurable, non-enumerable; where the host's global
// is writable but not configurable, as in Vercel's edge runtime, its attributes are kept), only
// where the host lacks a class or gets it wrong (the faults probed by host-check.js), or
// everywhere on request (`force`), and reports each action with its reason. A host TextDecoder
// whose only fault is refusing SharedArrayBuffer input is wrapped (shared-input.js) rather than
// replaced.
//
// It never makes a host worse: a class of ours takes the place of the host's only where the
// package's core runs here (instantiated first, where compiling wasm from bytes is refused, as on
// Cloudflare Workers under the browser condition, it is not), and only where the global can
// be defined; otherwise the host's class stays, and the details (and `faults.core`) say why.

import { loadError } from '../core/instance.js';
import { hostFaults, streamFaults } from './host-check.js';
import { copyingSharedInput } from './shared-input.js';

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];

/**
 * Defines globalThis[name] as `value`; returns null, or why it could not. A global that is
 * writable but not configurable keeps its attributes (only its value changes).
 */
function defineGlobal(name, value) {
  const own = Object.getOwnPropertyDescriptor(globalThis, name);
  try {
    if (own === undefined || own.configurable) {
      Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
    } else if (own.writable === true) {
      Object.defineProperty(globalThis, name, { value });
    } else {
      return `globalThis.${name} is read-only here (neither writable nor configurable)`;
    }
  } catch (error) {
    return `globalThis.${name} cannot be defined here (${error && error.name}: ${error && error.message})`;
  }
  return globalThis[name] === value ? null : `globalThis.${name} did not take the new value`;
}

/**
 * Returns `install(options)` for `classes` (the implementation's four classes), the host's
 * `faults` (host-check.js, probed once; its `core` is set here where the core cannot run) and
 * `streamsUnavailable`, why the stream classes are left out (idl/streams.js; null where not).
 * install() installs each class that globalThis lacks, or whose host version is faulty (for
 * `sharedInput` alone it wraps the host's TextDecoder to copy such input, which needs none of
 * ours); with `{force: true}` it replaces the host's too. It returns the names it installed or
 * wrapped; the array's `details` (not enumerable) say for each class it acted on, or had to leave
 * alone, what was done and why: 'installed', 'replaced', 'wrapped', 'kept' (the host's class
 * stays although it was to be replaced) or 'skipped' (none installed where the host has none).
 */
function createInstaller(classes, faults, streamsUnavailable) {
  const probed = {};
  for (const name of NAMES) probed[name] = globalThis[name];
  let wrapped = null;
  return function install(options) {
    if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
      throw new TypeError("Failed to execute 'install': the options argument must be an object");
    }
    const force = options === undefined || options === null ? false : Boolean(options.force);
    const installed = [];
    const details = [];
    /** Reports the class `name` left as it is: the host's kept, or none installed. */
    const leave = (name, reason, why) => details.push({ name, action: typeof globalThis[name] === 'function' ? 'kept' : 'skipped', reason: `${reason}; but ${why}` });
    const define = (name, value, action, reason) => {
      const refused = defineGlobal(name, value);
      if (refused !== null) return leave(name, reason, refused);
      installed.push(name);
      details.push({ name, action, reason });
    };
    for (const name of NAMES) {
      const host = globalThis[name];
      let reason = null;
      if (typeof host !== 'function') reason = 'missing';
      else if (faults[name] !== null && host === probed[name]) reason = faults[name];
      else if (force && host !== classes[name]) reason = 'replaced on request (force)';
      if (reason === null) continue;
      // A stream class where the host's TransformStream is missing or not the standard's.
      if (typeof classes[name] !== 'function') {
        leave(name, reason, streamsUnavailable);
        continue;
      }
      if (host === classes[name]) continue;
      const error = loadError();
      if (error !== null) {
        faults.core = coreFault(error);
        leave(name, reason, faults.core);
        continue;
      }
      define(name, classes[name], typeof host === 'function' ? 'replaced' : 'installed', reason);
    }
    // A host TextDecoder that is right but refuses SharedArrayBuffer input: wrapped, not replaced.
    if (faults.sharedInput && globalThis.TextDecoder === probed.TextDecoder) {
      wrapped = wrapped || copyingSharedInput(probed.TextDecoder);
      define('TextDecoder', wrapped, 'wrapped', 'refuses views on a SharedArrayBuffer; such input is copied first');
    }
    Object.defineProperty(installed, 'details', { value: details, enumerable: false });
    return installed;
  };
}

/** The reason a class of ours is not put in place: the core's load error. */
function coreFault(error) {
  return `the package's core cannot run here (${error && error.message})`;
}

/**
 * The polyfill entry's API for `classes` (and `streamsUnavailable`, as createInstaller takes
 * them): the host is probed and the missing or faulty classes are installed now, synchronously
 * (no top-level await: the entry can be bundled as a classic script); `ready` settles once the
 * stream probes that need promise jobs have run too, and what they found is installed. Returns
 * `{ load, faults, install, installed, ready }` as types/polyfill.d.ts describes them (`load` has
 * nothing to do: the implementation is loaded with the entry, its core instantiated where a class
 * of ours is installed, or at its first use).
 */
export function installNow(classes, streamsUnavailable) {
  const faults = { ...hostFaults(), core: null };
  const install = createInstaller(classes, faults, streamsUnavailable);
  const installed = install();
  return { load: async () => {}, faults, install, installed, ready: afterStreamProbes(faults, install, installed) };
}

/**
 * Runs the probes that need promise jobs (host-check.js's streamFaults: a stream class without
 * backpressure), installs what they find faulty, and resolves to everything installed: the
 * import's `installed` where they found nothing more.
 */
async function afterStreamProbes(faults, install, installed) {
  const before = { TextDecoderStream: faults.TextDecoderStream, TextEncoderStream: faults.TextEncoderStream };
  await streamFaults(faults);
  const found = Object.keys(before).filter((name) => faults[name] !== before[name]);
  if (found.length === 0) return installed;
  const more = install();
  const all = [...installed, ...more];
  // install() reports again what it had to leave at the import; only the new findings are added.
  Object.defineProperty(all, 'details', { value: [...installed.details, ...more.details.filter((d) => found.includes(d.name))], enumerable: false });
  return all;
}
