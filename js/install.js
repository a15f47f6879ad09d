// The polyfill's installer: defines the classes on globalThis the way a platform defines its
// interface objects (writable, configurable, non-enumerable). Shared by polyfill.js (web) and
// node-polyfill.js (Node); the classes come from the entry module of the same environment.

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];

/**
 * Returns `install(options)` for `classes`: it installs each class that globalThis lacks (or, with
 * `{force: true}`, replaces the host's) and returns the names it installed. A class that is
 * `undefined` (the stream classes where the host has no TransformStream) is skipped.
 */
export function createInstaller(classes) {
  return function install(options) {
    if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
      throw new TypeError("Failed to execute 'install': the options argument must be an object");
    }
    const force = options === undefined || options === null ? false : Boolean(options.force);
    const installed = [];
    for (const name of NAMES) {
      const cls = classes[name];
      if (typeof cls !== 'function') continue;
      if (globalThis[name] === cls) continue;
      if (!force && typeof globalThis[name] === 'function') continue;
      try {
        Object.defineProperty(globalThis, name, { value: cls, writable: true, configurable: true, enumerable: false });
      } catch {
        continue; // a non-configurable global: leave the host's in place
      }
      installed.push(name);
    }
    return installed;
  };
}
