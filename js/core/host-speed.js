// The speed choices of a host folder that entries without a decoder or encoder of the host's use
// too, in a module of their own so that those entries (the legacy encoders) do not take the host
// checks (core/host-decoders.js, ...) with them: whether decode()'s short inputs stay in the
// package (ASCII built in JavaScript, the rest decoded by the core) rather than going to the
// host's decoder, whose every call costs more there; and from which length encode() goes through
// the host's encodeInto.

import { arrayBufferTransfer } from './intrinsics.js';

/**
 * The common call (core/host-direct.js's directDecoder) of an encoding that maps ASCII to itself
 * takes a Uint8Array of up to this many bytes as its own output, built in JavaScript, where it is
 * all ASCII, and leaves the other such inputs to the core (idl/text-decoder.js), where the host
 * folder measured both faster than the host's own decoder (web/load.js); 0: never.
 */
export let shortDecodeUpTo = 0;

/** Sets shortDecodeUpTo (a host folder, when it loads). */
export function setShortDecodeUpTo(bytes) {
  shortDecodeUpTo = bytes;
}

/**
 * encode() of a string of at least this many code units goes through the host's encodeInto into
 * room for three bytes a code unit, the buffer then cut to the bytes written (ArrayBuffer
 * transfer, no copy), where a host folder measured that faster than the host's encode()
 * (web/load.js: Deno); Infinity: never, and where the engine has no ArrayBuffer transfer.
 */
export let encodeViaIntoFrom = Infinity;

/** Sets encodeViaIntoFrom (a host folder, when it loads; it stays Infinity without transfer). */
export function setEncodeViaIntoFrom(units) {
  encodeViaIntoFrom = arrayBufferTransfer === null ? Infinity : units;
}

/**
 * encode() of a string of up to this many code units goes to the core even where the host's
 * encoder is right, where a host folder measured the core faster there (node/load.js,
 * web/load.js); 0: never.
 */
export let encodeCoreUpTo = 0;

/** Sets encodeCoreUpTo (a host folder, when it loads). */
export function setEncodeCoreUpTo(units) {
  encodeCoreUpTo = units;
}

/**
 * encodeInto of a string of up to this many code units into the destination of the call before
 * (already converted) is written in JavaScript, where a host folder measured that faster than the
 * host's encodeInto (web/load.js: SpiderMonkey); 0: never (an ASCII string of up to 16 units
 * still is: idl/text-encoder.js).
 */
export let encodeIntoJsUpTo = 0;

/** Sets encodeIntoJsUpTo (a host folder, when it loads). */
export function setEncodeIntoJsUpTo(units) {
  encodeIntoJsUpTo = units;
}
