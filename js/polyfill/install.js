// What the polyfill installs and why: defines the classes on globalThis the way a platform
// defines its interface objects (writable, configurable, non-enumerable), only where the host
// lacks a class or gets it wrong (the faults probed by host-check.js), or everywhere on request
// (`force`), and reports each action with its reason. A host TextDecoder whose only fault is
// refusing SharedArrayBuffer input is wrapped (shared-input.js) rather than replaced.

import { hostFaults } from './host-check.js';
import { copyingSharedInput } from './shared-input.js';

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];

/**
 * Returns `install(options)` for `classes` (an object whose members may be filled in later) and
 * the host's `faults` (host-check.js, probed once; null to install only what is missing).
 * install() installs each class that globalThis lacks, or whose host version is faulty (for
 * `sharedInput` alone it wraps the host's TextDecoder to copy such input, which needs none of
 * ours); with `{force: true}` it replaces the host's too. It returns the names it installed or
 * wrapped; the array's `details` (not enumerable) say for each what was done and why. A class
 * that is `undefined` (the stream classes where the host has no TransformStream) is skipped.
 */
export function createInstaller(classes, faults = null) {
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
    const define = (name, value, action, reason) => {
      try {
        Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
      } catch {
        return; // a non-configurable global: leave the host's in place
      }
      installed.push(name);
      details.push({ name, action, reason });
    };
    for (const name of NAMES) {
      const host = globalThis[name];
      let reason = null;
      if (typeof host !== 'function') reason = 'missing';
      else if (faults !== null && faults[name] !== null && host === probed[name]) reason = faults[name];
      else if (force && host !== classes[name]) reason = 'replaced on request (force)';
      if (reason === null) continue;
      const cls = classes[name];
      if (typeof cls !== 'function') {
        if (classes.TextDecoder === undefined) {
          throw new Error(`text-encoding-wasm/polyfill: ${name} must be replaced (${reason}) but the implementation is not loaded here (the host's classes passed every probe); \`await load()\` first`);
        }
        continue; // a stream class where the host has no TransformStream
      }
      if (host === cls) continue;
      define(name, cls, typeof host === 'function' ? 'replaced' : 'installed', reason);
    }
    // A host TextDecoder that is right but refuses SharedArrayBuffer input: wrapped, not replaced.
    if (faults !== null && faults.sharedInput && globalThis.TextDecoder === probed.TextDecoder) {
      wrapped = wrapped || copyingSharedInput(probed.TextDecoder);
      define('TextDecoder', wrapped, 'wrapped', 'refuses views on a SharedArrayBuffer; such input is copied first');
    }
    Object.defineProperty(installed, 'details', { value: details, enumerable: false });
    return installed;
  };
}

/**
 * The polyfill entry's API where the implementation is loaded up front (Node, the JavaScript
 * build): the host is probed and the missing or faulty classes are installed now. Returns
 * `{ load, faults, install, installed, ready }` as types/polyfill.d.ts describes them (`load` has
 * nothing to do here).
 */
export function installNow(classes) {
  const faults = hostFaults();
  const install = createInstaller(classes, faults);
  const installed = install();
  return { load: async () => {}, faults, install, installed, ready: Promise.resolve(installed) };
}
