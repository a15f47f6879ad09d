// Inputs above the slice limit cross into wasm in slices (bounded wasm memory). With the limits
// made tiny, every sliced path must give exactly what the one-call path gives: decode (both error
// modes, streaming, BOM), TextEncoder.encode and encodeInto (surrogate pairs never split), and the
// legacy encoders (state kept across slices).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importEntry, importInternals } from './package.mjs';

const { TextDecoder, TextEncoder } = await importEntry('.');
const { encode: legacyEncode, createEncoder } = await importEntry('./legacy');
const internals = await importInternals();
const defaults = internals.sliceLimits();

let seed = 0x9e3779b9;
function random(n) {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
}

function randomBytes() {
  const pool = [0x41, 0x0a, 0xef, 0xbb, 0xbf, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xc3, 0xa9, 0x82, 0xa0, 0x1b, 0x24, 0x42, 0x28, 0x81, 0x30, 0xff, 0xfe, 0xd8, 0x00, 0xdc];
  return Uint8Array.from({ length: random(40) }, () => (random(4) === 0 ? random(256) : pool[random(pool.length)]));
}

function randomString() {
  const pool = ['a', 'é', '€', '日', 'ｱ', '\uD83D\uDE00', '\uD800', '\uDC00', '\u3042', 'Ж', '\u00A0', '\uFFFD'];
  let s = '';
  for (let n = random(30); n > 0; n--) s += pool[random(pool.length)];
  return s;
}

function outcome(f) {
  try {
    return { value: f() };
  } catch (error) {
    return { error: `${error.constructor.name}: ${error.message}` };
  }
}

function both(f) {
  internals.setSliceLimits(defaults.bytes, defaults.units);
  const whole = outcome(f);
  internals.setSliceLimits(3, 2);
  try {
    return [whole, outcome(f)];
  } finally {
    internals.setSliceLimits(defaults.bytes, defaults.units);
  }
}

test('decode: sliced equals whole, every mode, streaming and BOM', () => {
  for (const label of ['utf-8', 'utf-16le', 'utf-16be', 'shift_jis', 'gb18030', 'iso-2022-jp', 'windows-1252', 'big5']) {
    for (let k = 0; k < 300; k++) {
      const bytes = randomBytes();
      const cut = random(bytes.length + 1);
      for (const options of [{}, { fatal: true }, { ignoreBOM: true }]) {
        const [whole, sliced] = both(() => {
          const d = new TextDecoder(label, options);
          const a = d.decode(bytes.subarray(0, cut), { stream: true });
          return a + '|' + d.decode(bytes.subarray(cut)) + '|' + d.decode(bytes);
        });
        assert.deepEqual(sliced, whole, `${label} ${JSON.stringify(options)} ${[...bytes]} cut ${cut}`);
      }
    }
  }
});

test('TextEncoder: sliced encode and encodeInto equal whole, pairs never split', () => {
  const encoder = new TextEncoder();
  for (let k = 0; k < 2000; k++) {
    const s = randomString();
    const [whole, sliced] = both(() => [...encoder.encode(s)]);
    assert.deepEqual(sliced, whole, JSON.stringify(s));
    assert.deepEqual(whole.value, [...Buffer.from(s.toWellFormed(), 'utf8')]);
    const capacity = random(whole.value.length + 3);
    const [into, slicedInto] = both(() => {
      const dest = new Uint8Array(capacity + 2).fill(0x55);
      const result = encoder.encodeInto(s, dest.subarray(1, capacity + 1));
      return { result, dest: [...dest] };
    });
    assert.deepEqual(slicedInto, into, `${JSON.stringify(s)} into ${capacity}`);
  }
});

test('legacy encoders: sliced equals whole, state kept across slices', () => {
  for (const label of ['iso-2022-jp', 'shift_jis', 'gb18030', 'windows-1252', 'euc-kr']) {
    for (const mode of ['fatal', 'html']) {
      for (let k = 0; k < 200; k++) {
        const s = randomString();
        const [whole, sliced] = both(() => [...legacyEncode(s, label, { mode })]);
        assert.deepEqual(sliced, whole, `${label} ${mode} ${JSON.stringify(s)}`);
        const cut = random(s.length + 1);
        const [streamed, slicedStreamed] = both(() => {
          const e = createEncoder(label, { mode });
          return [...e.encode(s.slice(0, cut), { stream: true }), ...e.encode(s.slice(cut))];
        });
        assert.deepEqual(slicedStreamed, streamed, `${label} ${mode} stream ${JSON.stringify(s)} cut ${cut}`);
      }
    }
  }
});

test('the real limits: a 40 MB decode and a 10M-unit encode with a pair at a slice edge', () => {
  const units = defaults.units;
  const s = 'a'.repeat(units - 1) + '\uD83D\uDE00' + 'ж'.repeat(units);
  const bytes = new TextEncoder().encode(s);
  assert.equal(bytes.length, units - 1 + 4 + 2 * units);
  assert.deepEqual(bytes.subarray(units - 1, units + 3), Uint8Array.of(0xf0, 0x9f, 0x98, 0x80));
  assert.equal(new TextDecoder().decode(bytes), s);
  const big = new Uint8Array(40 * 1024 * 1024).fill(0x61);
  big.set([0xe2, 0x82], defaults.bytes - 1); // a sequence across the first slice edge
  big[defaults.bytes + 1] = 0xac;
  const text = new TextDecoder('utf-8', { fatal: true }).decode(big);
  assert.equal(text.length, big.length - 2);
  assert.equal(text.charCodeAt(defaults.bytes - 1), 0x20ac);
  const dest = new Uint8Array(units + 1);
  const { read, written } = new TextEncoder().encodeInto(s, dest);
  assert.equal(read, units - 1, 'the pair at the edge does not fit whole');
  assert.equal(written, units - 1);
});

test('TextEncoderStream and TextDecoderStream: sliced chunks equal whole', async () => {
  const { TextEncoderStream, TextDecoderStream } = await importEntry('.');
  async function roundTrip(chunks) {
    const encoded = [];
    const enc = new TextEncoderStream();
    const writer = enc.writable.getWriter();
    const reading = (async () => {
      for await (const bytes of enc.readable) encoded.push(...bytes);
    })();
    for (const c of chunks) await writer.write(c);
    await writer.close();
    await reading;
    const dec = new TextDecoderStream();
    const w2 = dec.writable.getWriter();
    let text = '';
    const reading2 = (async () => {
      for await (const s of dec.readable) text += s;
    })();
    await w2.write(Uint8Array.from(encoded));
    await w2.close();
    await reading2;
    return { encoded, text };
  }
  for (let k = 0; k < 100; k++) {
    const chunks = [randomString(), randomString(), randomString()];
    internals.setSliceLimits(defaults.bytes, defaults.units);
    const whole = await roundTrip(chunks);
    internals.setSliceLimits(3, 2);
    try {
      assert.deepEqual(await roundTrip(chunks), whole, JSON.stringify(chunks));
    } finally {
      internals.setSliceLimits(defaults.bytes, defaults.units);
    }
    assert.equal(whole.text, chunks.join('').toWellFormed());
  }
});
