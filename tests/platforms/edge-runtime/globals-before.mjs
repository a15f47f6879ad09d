// The host's four globals as they were before any polyfill ran: imported first by the polyfill
// drivers, so that it is evaluated before the polyfill's module installs anything.

/** The classes the polyfill manages. */
export const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];

/** Each name's property descriptor on globalThis (undefined where the host has none). */
export const before = new Map(NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));
