// The host's decoders of the multi-byte (CJK) encodings, checked on every two-byte sequence from a
// lead above 0x7F, their longer sequences and escape sequences, each cut at the end of input
// (core/multi-byte-probes.js), once the core has decoded MULTI_BYTE_CHECK_AFTER bytes of the
// encoding; and only where none of the host's multi-byte decoders shows a fault known in engines
// today (MULTI_BYTE_FAULTS): the engines with such faults (Node and Chromium, whose decoders come
// from ICU) are those where the core is also faster, 1.4-3.7x their own decoders (npm run bench --
// --engines), while Deno's, Bun's and Firefox's are right and faster than the core. Whole calls
// only: streaming calls stay in the core. Evaluating this module hands the checks to
// core/host-decoders.js: the full tree's decoders import it (idl/text-decoder.js), and in the lite
// tree, whose core has no multi-byte encoding, the add-ons that decode one (the build leaves the
// import out of lite's text-decoder.js: scripts/build.mjs).

import { bufferOf, setBytes, U8, uncurry } from './intrinsics.js';
import { DECODE } from './instance.js';
import { encodingName, encodingSupported, lookupLabel } from './labels.js';
import { HostDecoder, probeBytes, probeDecodes, readsSlots } from './host-classes.js';
import { hostDecoder, hostMade, newHostDecoder, setMultiByteChecks } from './host-decoders.js';
import { MULTI_BYTE_FAULTS, multiByteTails, multiByteUnits } from './multi-byte-probes.js';

/**
 * A multi-byte encoding is checked once the core has decoded this many of its bytes: its checks
 * cost about as much as the core decoding 2 MiB of CJK prose (core/multi-byte-probes.js; 8-10 ms
 * in Deno, measured outside the bench), which a program that decodes little of it never pays.
 * Where the host is right it is faster than the core on CJK prose (the core alone ÷ the host on
 * ja.txt in Shift_JIS, TEW_BENCH_SECTIONS=decodeCjk npm run bench -- --engines: 0.49 in Deno,
 * 0.69-0.77 in Bun, 0.58-0.78 in Firefox).
 */
const MULTI_BYTE_CHECK_AFTER = 1 << 20;
/** Per encoding ordinal, the bytes the core decoded before the multi-byte check. */
const multiByteSeen = [];

/** Whether no multi-byte decoder of the host shows a known fault (checked once). */
let multiByteFaultless;

function checkMultiByteFaults(coreDecode) {
  for (const probe of MULTI_BYTE_FAULTS.split(',')) {
    const [label, hex] = probe.split(':');
    const ordinal = lookupLabel(label);
    // An encoding the core does not have (the lite build) is never decoded here either.
    if (!encodingSupported(ordinal, DECODE)) continue;
    const bytes = probeBytes(hex, false)[0];
    if (!probeDecodes(newHostDecoder(label, false), bytes, coreDecode(ordinal, new U8(bytes), false))) return false;
  }
  return true;
}

const stringIncludes = uncurry(String.prototype.includes);

/**
 * checkedDecoder for a multi-byte encoding (core/multi-byte-probes.js has the probes). In
 * replacement mode: the units all at once, as a view into a larger buffer, then each tail alone.
 * In fatal mode, where replacement mode passed: each tail and 256 of the units (evenly spread)
 * alone; the host must throw where the core does. The fatal decoder returned also refuses any
 * output with a U+FFFD (the core then decides), so a malformed sequence that the host let through
 * would not give the call's result: the host's fatal output is trusted only where it has no error.
 */
function checkedMultiByte(ordinal, fatal, coreDecode) {
  if (HostDecoder === null) return null;
  if (multiByteFaultless === undefined) multiByteFaultless = checkMultiByteFaults(coreDecode);
  if (!multiByteFaultless) return null;
  const name = encodingName(ordinal);
  if (fatal && hostDecoder(ordinal, false, coreDecode, MULTI_BYTE_CHECK_AFTER) === null) return null;
  const decode = newHostDecoder(name, fatal);
  const u = multiByteUnits(name);
  if (!fatal) {
    const padded = new U8(u.length + 4);
    setBytes(padded, new U8(bufferOf(u.bytes), 0, u.length), 2);
    const units = new U8(bufferOf(padded), 2, u.length);
    if (decode(units) !== coreDecode(ordinal, units, false)) return null;
  } else {
    const step = Math.max(1, Math.floor(u.starts.length / 256));
    for (let i = 0; i < u.starts.length; i += step) {
      const unit = u.unit(i);
      if (!probeDecodes(decode, unit, coreDecode(ordinal, unit, true))) return null;
    }
  }
  if (!readsSlots(decode, [0x41, 0x42])) return null;
  const tails = multiByteTails(name);
  for (let i = 0; i < tails.length; i++) {
    if (!probeDecodes(decode, tails[i], coreDecode(ordinal, new U8(tails[i]), fatal))) return null;
  }
  if (!fatal) return decode;
  const checked = (bytes) => {
    const text = decode(bytes);
    if (stringIncludes(text, '\ufffd')) throw new TypeError('malformed'); // the core decides
    return text;
  };
  hostMade.mark(checked, null);
  return checked;
}

setMultiByteChecks((ordinal, fatal, coreDecode, length) => {
  const seen = (multiByteSeen[ordinal] || 0) + length;
  multiByteSeen[ordinal] = seen;
  if (seen < MULTI_BYTE_CHECK_AFTER) return undefined;
  try {
    return checkedMultiByte(ordinal, fatal, coreDecode);
  } catch {
    return null; // a host that throws where the checks expect text: not trusted
  }
});
