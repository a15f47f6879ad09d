// One speed choice of a host folder, in a module of its own so that entries without a decoder
// (the legacy encoders) do not take core/host-codecs.js with it: whether decode()'s short inputs
// stay in the package (ASCII built in JavaScript, the rest decoded by the core) rather than going
// to the host's decoder, whose every call costs more there.

/**
 * The common call (core/host-codecs.js's directDecoder) of an encoding that maps ASCII to itself
 * takes a Uint8Array of up to this many bytes as its own output, built in JavaScript, where it is
 * all ASCII, and leaves the other such inputs to the core (idl/text-decoder.js), where the host
 * folder measured both faster than the host's own decoder (web/load.js); 0: never.
 */
export let shortDecodeUpTo = 0;

/** Sets shortDecodeUpTo (a host folder, when it loads). */
export function setShortDecodeUpTo(bytes) {
  shortDecodeUpTo = bytes;
}
