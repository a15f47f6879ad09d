// The sandbox's four globals (their attributes) before the polyfill ran: imported first by the
// polyfill route, so that it is evaluated before the polyfill's module installs anything.

/** The classes the polyfill manages. */
export const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];

/** Each name's writable, enumerable and configurable attributes on globalThis (null where absent). */
export function attributes() {
  const out = {};
  for (const name of NAMES) {
    const d = Object.getOwnPropertyDescriptor(globalThis, name);
    out[name] = d === undefined ? null : { writable: d.writable, enumerable: d.enumerable, configurable: d.configurable };
  }
  return out;
}

/** The attributes as they were before the polyfill's import. */
export const before = attributes();
