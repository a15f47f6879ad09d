// The standard's "get an encoding" and encoding names: labels are trimmed here and looked up in
// the wasm (src/label.rs), the names come from the wasm once and are cached, and error messages
// quote labels of any length in bounded space.

import { charCodeAt, fromCharCodeApply, ownMethods, stringSlice, toLowerCase } from './intrinsics.js';
import { core, DECODE, ENCODE, hasAddOn, setNameLookup } from './instance.js';
import { putString, viewBytes } from './crossing.js';

/**
 * Ordinals known without the wasm (src/encoding.rs's order), with the labels that name them
 * exactly: UTF-8's usual spellings, and each CJK encoding's name. A program that decodes UTF-8
 * where the host's decoder is right never instantiates the core (core/host-decoders.js checks the
 * host against constants), and a CJK encoding of an add-on instantiates that add-on's module
 * alone. tests/js/host-codecs.test.mjs checks every one against the wasm.
 */
export const UTF8_ORDINAL = 0;
export const KNOWN_LABELS = Object.assign(Object.create(null), {
  'utf-8': UTF8_ORDINAL,
  utf8: UTF8_ORDINAL,
  'UTF-8': UTF8_ORDINAL,
  UTF8: UTF8_ORDINAL,
  gbk: 29,
  gb18030: 30,
  big5: 31,
  'euc-jp': 32,
  'iso-2022-jp': 33,
  shift_jis: 34,
  'euc-kr': 35,
});

const names = [];
for (const label in KNOWN_LABELS) if (names[KNOWN_LABELS[label]] === undefined) names[KNOWN_LABELS[label]] = label;
/** The standard's name of the encoding at `ordinal`, ASCII lowercased (cached). */
export function encodingName(ordinal) {
  let name = names[ordinal];
  if (name === undefined) {
    const n = core().encoding_name(ordinal);
    const bytes = viewBytes(n);
    name = toLowerCase(fromCharCodeApply(null, bytes));
    names[ordinal] = name;
  }
  return name;
}
setNameLookup(encodingName);

/**
 * The multi-byte (CJK) encodings by name: 2 for the double-byte ones (stateless: every decoder is
 * in its initial state after ASCII, a lone byte or a whole sequence), 1 for ISO-2022-JP.
 */
const MULTI_BYTE = Object.assign(Object.create(null), { gbk: 2, gb18030: 2, big5: 2, 'euc-jp': 2, shift_jis: 2, 'euc-kr': 2, 'iso-2022-jp': 1 });
/** Whether the encoding named `name` is one of the multi-byte (CJK) encodings. */
export const isMultiByte = (name) => MULTI_BYTE[name] !== undefined;
/** Whether the encoding named `name` is a double-byte encoding (multi-byte but ISO-2022-JP). */
export const isDoubleByte = (name) => MULTI_BYTE[name] === 2;

const supported = [];
// Every build has UTF-8, both ways.
supported[2 * UTF8_ORDINAL] = supported[2 * UTF8_ORDINAL + 1] = true;
/**
 * Whether the encoding at `ordinal` can be decoded (`direction` DECODE) or encoded (ENCODE): by
 * the base module, or by an add-on's that has that direction (the lite base has no CJK). A yes is
 * remembered (support is never taken away); a no is asked again each time.
 */
export function encodingSupported(ordinal, direction) {
  const at = 2 * ordinal + direction;
  if (supported[at] === true) return true;
  const yes = hasAddOn(encodingName(ordinal), direction) || core().encoding_supported(ordinal);
  if (yes) supported[at] = true;
  return yes;
}

/** The add-on entry of each CJK encoding (its language). */
const ADD_ONS = Object.assign(Object.create(null), {
  shift_jis: 'japanese',
  'euc-jp': 'japanese',
  'iso-2022-jp': 'japanese',
  gbk: 'simplified-chinese',
  gb18030: 'simplified-chinese',
  big5: 'traditional-chinese',
  'euc-kr': 'korean',
});

/** The names of the encodings that the add-on `language` ('japanese', ...) brings. */
export function encodingsOf(language) {
  const names = [];
  for (const name in ADD_ONS) if (ADD_ONS[name] === language) names[names.length] = name;
  if (names.length === 0) throw new Error(`text-encoding-wasm: no add-on '${language}'`);
  return names;
}

/**
 * The add-on module `name` ('japanese' both ways, 'japanese-encode', 'japanese-decode', ...): the
 * names of its encodings and the directions it has, for addCodecs (core/instance.js).
 */
export function addOnModule(name) {
  const [, language, direction] = /^(.*?)(?:-(encode|decode))?$/.exec(name);
  return { names: encodingsOf(language), directions: direction === undefined ? [DECODE, ENCODE] : [direction === 'decode' ? DECODE : ENCODE] };
}

/**
 * The RangeError message of an encoding that nothing loaded supports in `direction` (`what`
 * begins it): the add-on entries to import.
 */
export function unsupportedMessage(what, ordinal, direction) {
  const name = encodingName(ordinal);
  const addOn = ADD_ONS[name];
  const verb = direction === DECODE ? 'decode' : 'encode';
  return `${what}: the encoding '${name}' is not loaded to ${verb}: import 'text-encoding-wasm/${addOn}' or 'text-encoding-wasm/${addOn}/${verb}' (or use the full entry 'text-encoding-wasm', which has every encoding)`;
}

/** The longest label of the standard, in code units: anything longer (trimmed) names nothing. */
const LONGEST_LABEL = 19;
const labelCache = ownMethods(new Map(), { lookup: Map.prototype.get, store: Map.prototype.set });
const isSpace = (c) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

/**
 * "Get an encoding": the ordinal for `label`, or -1. ASCII whitespace is trimmed here, and a label
 * that is still longer than the longest label is rejected without crossing into wasm, so a label's
 * cost is bounded whatever its length.
 */
export function lookupLabel(label) {
  const known = KNOWN_LABELS[label];
  if (known !== undefined) return known;
  const cached = labelCache.lookup(label);
  if (cached !== undefined) return cached;
  let start = 0;
  let end = label.length;
  while (start < end && isSpace(charCodeAt(label, start))) start++;
  while (end > start && isSpace(charCodeAt(label, end - 1))) end--;
  let ordinal = -1;
  if (end - start <= LONGEST_LABEL) {
    const w = core();
    ordinal = w.label_lookup(putString(label, start, end));
  }
  if (label.length <= 64 && labelCache.size < 256) labelCache.store(label, ordinal);
  return ordinal;
}

/** A label as error messages quote it: whole when short, else a marked prefix and its length. */
export function quoteLabel(label) {
  if (label.length <= 40) return `'${label}'`;
  return `'${stringSlice(label, 0, 32)}…' (${label.length} characters)`;
}
