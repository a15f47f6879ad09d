// What the host's own classes get wrong, found by small feature probes (never by user agent):
// missing classes, missing encodings, wrong mappings, wrong error, BOM, label and streaming
// behaviour, and input the host refuses (Chromium's TextDecoder rejects views on a
// SharedArrayBuffer). The polyfill installs only what these probes find needed. Depends on
// nothing else of the package: it is also the entry `text-encoding-wasm/polyfill/check`, with
// which an app imports the polyfill only where the host needs it, at about 2 KiB where it does
// not.

/** Every encoding a TextDecoder must support, by the standard's name (lowercase). */
const ENCODINGS = [
  'utf-8', 'ibm866', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7',
  'iso-8859-8', 'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-15', 'iso-8859-16',
  'koi8-r', 'koi8-u', 'macintosh', 'windows-874', 'windows-1250', 'windows-1251', 'windows-1252',
  'windows-1253', 'windows-1254', 'windows-1255', 'windows-1256', 'windows-1257', 'windows-1258',
  'x-mac-cyrillic', 'gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr',
  'utf-16be', 'utf-16le', 'x-user-defined',
];

/** Decoding probes: [label, bytes, expected text], each a fault seen in a shipping host or a core rule. */
const DECODE_PROBES = [
  ['windows-1252', [0x80, 0x9f, 0xa0], '\u20ac\u0178\u00a0'], // ICU builds decode 0x80-0x9F as C1 controls
  ['x-user-defined', [0x41, 0x80, 0xff], 'A\uf780\uf7ff'],
  ['iso-8859-16', [0xa1, 0xa4], '\u0104\u20ac'],
  ['big5', [0xfe, 0x59], '\u732e'], // ICU: a private-use code point
  ['euc-kr', [0xa2, 0xe7], '\u00ae'], // ICU: U+FFFD
  ['iso-2022-jp', [0x1b, 0x24, 0x42, 0x30, 0x21, 0x1b, 0x24], '\u4e9c\ufffd\ufffd'], // Chromium: "亜\uFFFD$"
  ['gb18030', [0x81, 0x30, 0x81, 0x30, 0xa8, 0xbf], '\u0080\u01f9'],
  ['shift_jis', [0x82, 0xa0, 0x5c, 0x7e], '\u3042\\~'],
  ['utf-8', [0xf0, 0x9f, 0x98, 0x41, 0xed, 0xa0, 0x80], '\ufffdA\ufffd\ufffd\ufffd'],
  ['utf-8', [0xef, 0xbb, 0xbf, 0x41], 'A'],
  ['utf-16le', [0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x00, 0xdc], '\u{1f600}\ufffd'],
  ['utf-16be', [0xd8, 0x3d, 0xde, 0x00, 0x00], '\u{1f600}\ufffd'],
];

/** What the decoder class `C` gets wrong with the label "replacement" (it must throw a RangeError), or null. */
function badLabelFault(C) {
  try {
    new C('replacement');
    return 'accepts the label "replacement"';
  } catch (error) {
    return error instanceof RangeError ? null : 'throws the wrong error for a bad label';
  }
}

function decoderFault(TD) {
  if (typeof TD !== 'function') return 'missing';
  try {
    for (const name of ENCODINGS) {
      let encoding;
      try {
        encoding = new TD(name).encoding;
      } catch {
        encoding = null;
      }
      if (encoding !== name) return `does not support ${name}`;
    }
    if (new TD(' \n latin1\t').encoding !== 'windows-1252') return 'does not resolve labels as the standard does';
    const badLabel = badLabelFault(TD);
    if (badLabel !== null) return badLabel;
    for (const [label, bytes, want] of DECODE_PROBES) {
      let got;
      try {
        got = new TD(label).decode(new Uint8Array(bytes));
      } catch {
        got = null;
      }
      if (got !== want) return `decodes ${label} differently from the standard`;
    }
    if (new TD('utf-8', { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf])) !== '\ufeff') return 'strips a BOM under ignoreBOM';
    const d = new TD();
    if (d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }) + d.decode(new Uint8Array([0xac])) !== '\u20ac') return 'does not stream';
    try {
      new TD('utf-8', { fatal: true }).decode(new Uint8Array([0xff]));
      return 'does not throw in fatal mode';
    } catch (error) {
      if (!(error instanceof TypeError)) return 'throws the wrong error in fatal mode';
    }
  } catch {
    return 'throws where the standard does not';
  }
  return null;
}

function encoderFault(TE) {
  if (typeof TE !== 'function') return 'missing';
  try {
    const e = new TE();
    if (typeof e.encodeInto !== 'function') return 'has no encodeInto';
    // Past 32 units, a two-byte character that just fits and one more that does not (Node 26
    // stops one character early).
    const r = e.encodeInto(`${'a'.repeat(31)}\x80a`, new Uint8Array(33));
    if ([...e.encode('a\ud800\u20ac')].join() !== '97,239,191,189,226,130,172' || r.read !== 32 || r.written !== 33) return 'encodes differently from the standard';
    // A test DOM in Node (jsdom in jest's or vitest's environment) puts its window's Uint8Array in
    // the global's place: Node's encode() then returns arrays that are not `instanceof Uint8Array`.
    if (!(e.encode('a') instanceof Uint8Array)) return 'returns a Uint8Array of another realm than the global Uint8Array';
  } catch {
    return 'throws where the standard does not';
  }
  return null;
}

/** Whether the host TextDecoder refuses a view on a SharedArrayBuffer (it must accept it). */
function rejectsShared(TD) {
  if (typeof SharedArrayBuffer !== 'function') return false;
  try {
    new TD().decode(new Uint8Array(new SharedArrayBuffer(1)));
    return false;
  } catch {
    return true;
  }
}

/** What the host's TextDecoderStream gets wrong in its constructor (workerd's: `{fatal: undefined}` is fatal), or null. */
function decoderStreamFault(TDS) {
  try {
    const plain = new TDS('utf-8', { fatal: undefined, ignoreBOM: undefined });
    if (plain.fatal !== false || plain.ignoreBOM !== false || plain.encoding !== 'utf-8') return 'converts its options differently from the standard';
    const set = new TDS(' latin1\n', { fatal: 1, ignoreBOM: 'yes' });
    if (set.encoding !== 'windows-1252' || set.fatal !== true || set.ignoreBOM !== true) return 'converts its label or options differently from the standard';
    return badLabelFault(TDS);
  } catch {
    return 'throws where the standard does not';
  }
}

/** What the host's TextEncoderStream gets wrong in its constructor, or null. */
function encoderStreamFault(TES) {
  try {
    if (new TES().encoding !== 'utf-8') return 'has the wrong encoding';
  } catch {
    return 'throws where the standard does not';
  }
  return null;
}

/**
 * The host's faults: for each class, null (present and right) or a reason; plus `sharedInput`:
 * the host TextDecoder is right but refuses SharedArrayBuffer input (fixable by copying first).
 * The probes that need promise jobs to run are apart: streamFaults().
 */
export function hostFaults(global = globalThis) {
  const decoder = decoderFault(global.TextDecoder);
  const encoder = encoderFault(global.TextEncoder);
  const streams = typeof global.TransformStream === 'function';
  const stream = (name, inner, own) => {
    if (!streams) return null; // no TransformStream: the classes cannot exist here
    if (typeof global[name] !== 'function') return 'missing';
    if (inner !== null) return `built on a TextDecoder or TextEncoder that ${inner}`;
    return own(global[name]);
  };
  return {
    TextDecoder: decoder,
    TextEncoder: encoder,
    TextDecoderStream: stream('TextDecoderStream', decoder, decoderStreamFault),
    TextEncoderStream: stream('TextEncoderStream', encoder, encoderStreamFault),
    sharedInput: decoder === null && rejectsShared(global.TextDecoder),
  };
}

/**
 * Whether a write to a new `stream` (of the host's) completes before anything reads its readable
 * side: the standard's stream classes keep backpressure until a read (workerd's TextEncoderStream
 * at compatibility dates before 2026 does not). Twenty promise jobs are enough for a host that
 * completes it at once; the standard's never does.
 */
async function writesUnread(stream, chunk) {
  const writer = stream.writable.getWriter();
  stream.readable.getReader();
  let written = false;
  writer.write(chunk).then(
    () => {
      written = true;
    },
    () => {},
  );
  for (let i = 0; i < 20; i++) await null;
  return written;
}

/**
 * The probes of the stream classes that need promise jobs to run (so not at import): each that
 * `faults` (hostFaults' result) has as right is checked for backpressure, and its entry set to the
 * reason where it fails. Resolves to `faults`.
 */
export async function streamFaults(faults, global = globalThis) {
  const probes = [
    ['TextDecoderStream', () => new global.TextDecoderStream(), Uint8Array.of(0x41)],
    ['TextEncoderStream', () => new global.TextEncoderStream(), 'A'],
  ];
  for (const [name, make, chunk] of probes) {
    if (faults[name] !== null || typeof global[name] !== 'function') continue;
    try {
      if (await writesUnread(make(), chunk)) faults[name] = 'completes a write before anything reads it (no backpressure)';
    } catch {
      faults[name] = 'throws where the standard does not';
    }
  }
  return faults;
}

/** Whether fixing `faults` needs the package's own implementation (anything but shared input). */
export function needsImplementation(faults) {
  return faults.TextDecoder !== null || faults.TextEncoder !== null || faults.TextDecoderStream !== null || faults.TextEncoderStream !== null;
}
