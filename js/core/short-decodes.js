// One speed choice of a host folder, in a module of its own so that entries without a decoder
// (the legacy encoders) do not take core/host-codecs.js with it: whether decode()'s common call
// builds a short all-ASCII input in JavaScript rather than passing it to the host's decoder.

/**
 * The common call (core/host-codecs.js's directDecoder) of an encoding that maps ASCII to itself
 * takes a Uint8Array of up to this many bytes, all ASCII, as its own output, built in JavaScript
 * (idl/text-decoder.js), where the host folder measured that faster than the host's own decoder
 * (web/load.js); 0: never.
 */
export let asciiDirectUpTo = 0;

/** Sets asciiDirectUpTo (a host folder, when it loads). */
export function setAsciiDirectUpTo(bytes) {
  asciiDirectUpTo = bytes;
}
