// The host's own classes, read before anything of the package is evaluated: polyfill.js imports
// this module first, so that it can tell the host's globals from the ones the polyfill installs.

/** globalThis's TextDecoder, TextEncoder, TextDecoderStream and TextEncoderStream as the host made them. */
export const hostClasses = {
  TextDecoder: globalThis.TextDecoder,
  TextEncoder: globalThis.TextEncoder,
  TextDecoderStream: globalThis.TextDecoderStream,
  TextEncoderStream: globalThis.TextEncoderStream,
};
