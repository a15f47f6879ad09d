// The host's own TextDecoder and TextEncoder as fast paths, each trusted only for the jobs where a
// behaviour check shows it exactly right. The core stays the reference: it keeps stream state and
// pending bytes, every encoding the host lacks or gets wrong, streaming calls of the multi-byte
// (CJK) encodings, and inputs on SharedArrayBuffers or resizable buffers (the standard decodes a
// copy of those; the core makes one).
//
// Which job goes to the host, and why, one module each:
// - core/host-classes.js: the host's classes captured when the package is evaluated, the switch
//   that turns them off, and which inputs a host call may be given at all;
// - core/host-decoders.js: the decoders of UTF-8, UTF-16 and the single-byte encodings, each
//   (encoding, mode) checked once, at first use, against the core's own output (never by version
//   or user agent), and the host folder's choice of lengths the core keeps (setCoreFrom);
// - core/host-multi-byte.js: the multi-byte (CJK) decoders' checks, in the trees that decode such
//   an encoding only (lite has them from its decoding add-ons);
// - core/host-direct.js: decode()'s common call with the argument unconverted;
// - core/host-encoder.js: TextEncoder's encode() and encodeInto(), and encodeInto's common call
//   with the destination unconverted;
// - core/host-speed.js: the host folder's speed choices that the legacy encoders share.
// A fatal error is always the core's: where the host throws, the core decodes the call. This
// module is what the package's tests and scripts read: the checks' findings (hostCodecsReport)
// and the settings of every part; no entry imports it.

import { encodeCoreUpTo, encodeIntoJsUpTo, shortDecodeUpTo } from './host-speed.js';
import { coreFromOf, decodersReport, UTF16BE, UTF16LE } from './host-decoders.js';
import { directReport } from './host-direct.js';
import { encodeCoreFrom, encoderReport } from './host-encoder.js';

export { encodeCoreUpTo, setEncodeCoreUpTo, setEncodeIntoJsUpTo, setEncodeViaIntoFrom, setShortDecodeUpTo } from './host-speed.js';
export { DIRECT_AFTER, HOST_BYTES_MAX, hostCodecsAllowed, isPlainView, onPlainBuffer } from './host-classes.js';
export { coreFromOf, hostDecoder, kindOf, MULTI_BYTE, setCoreFrom, setNativeDecoder, SINGLE_BYTE, UTF16BE, UTF16LE, UTF8, UTF8_EXPECTED, UTF8_PROBES, UTF8_WELL_FORMED, UTF16_EXPECTED, UTF16_WELL_FORMED, UTF16LE_PROBES } from './host-decoders.js';
export { directDecoder } from './host-direct.js';
export { encodeCoreFrom, encodeIntoCoreFrom, hostEncoder, setEncodeCoreFrom, setEncodeIntoCoreFrom } from './host-encoder.js';

/**
 * What the checks found so far (for tests and the README's table): `{ decoders: { 'name': mode },
 * encoder, encodeInto, direct, encodeIntoDirect, ... }`, mode being 'both', 'replacement', 'fatal'
 * or 'none' for each encoding checked; `direct` the decoders whose common call goes to the host
 * unconverted ('name', 'name fatal', 'name ignoreBOM', 'name fatal ignoreBOM'), and
 * `encodeIntoDirect` whether encodeInto's does; utf16CoreFrom (UTF-16LE) and utf16beCoreFrom the
 * input lengths from which the core decodes anyway; the host folder's speed settings
 * (shortDecodeUpTo, encodeCoreFrom, encodeCoreUpTo, encodeIntoJsUpTo: core/host-speed.js,
 * core/host-encoder.js).
 */
export function hostCodecsReport() {
  const { encoder, encodeInto, encodeIntoDirect } = encoderReport();
  return {
    decoders: decodersReport(),
    encoder,
    encodeInto,
    direct: directReport(),
    encodeIntoDirect,
    shortDecodeUpTo,
    utf16CoreFrom: coreFromOf(UTF16LE),
    utf16beCoreFrom: coreFromOf(UTF16BE),
    encodeCoreFrom,
    encodeCoreUpTo,
    encodeIntoJsUpTo,
  };
}
