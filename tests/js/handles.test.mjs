// Streaming decoder handles in the wasm core: non-streaming decodes allocate none, a stream holds
// exactly one (through a fatal error too, which the stream goes on from), a flushing call frees it
// (also when it fails), long streams do not accumulate handles
// or memory, and decoders abandoned mid-stream are freed by the FinalizationRegistry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gc } from './gc.mjs';
import { importEntry, importInternals } from './package.mjs';

// These tests are about the wasm core's own paths: the host's codecs are switched off
// (core/host-codecs.js) before the package is first evaluated in this process.
globalThis.TEXT_ENCODING_WASM_HOST = 'off';

const { TextDecoder } = await importEntry('.');
const internals = await importInternals();
const { liveHandles } = internals;


const u8 = (...bytes) => new Uint8Array(bytes);

test('liveHandles() is exported by internals.js and counts handles', () => {
  assert.equal(typeof liveHandles, 'function');
  const n = liveHandles();
  assert.ok(Number.isInteger(n) && n >= 0);
});

test('non-streaming decodes create no handle', () => {
  const base = liveHandles();
  const d = new TextDecoder();
  const f = new TextDecoder('utf-16le', { fatal: true });
  for (let i = 0; i < 1000; i++) {
    assert.equal(d.decode(u8(0x61, 0xe2, 0x82, 0xac)), 'a€');
    assert.throws(() => f.decode(u8(0x00, 0xd8)), TypeError);
    new TextDecoder('latin1').decode(u8(0xe9));
  }
  assert.equal(liveHandles(), base);
});

test('a stream holds one handle; the flushing call frees it', () => {
  const base = liveHandles();
  const d = new TextDecoder();
  assert.equal(d.decode(u8(0xe2), { stream: true }), '');
  assert.equal(liveHandles(), base + 1);
  assert.equal(d.decode(u8(0x82), { stream: true }), '');
  // E2 82 then E2: one U+FFFD for E2 82; then E2 41: one U+FFFD and A.
  assert.equal(d.decode(u8(0xe2, 0x41), { stream: true }), '\ufffd\ufffdA', 'a non-fatal error keeps the stream');
  assert.equal(liveHandles(), base + 1, 'still one handle');
  assert.equal(d.decode(), '');
  assert.equal(liveHandles(), base, 'freed by the flush');
  // A flush that carries input frees it too.
  d.decode(u8(0xf0), { stream: true });
  assert.equal(liveHandles(), base + 1);
  assert.equal(d.decode(u8(0x9f, 0x98, 0x80)), '😀');
  assert.equal(liveHandles(), base);
  // Two streaming decoders, two handles.
  const a = new TextDecoder('utf-16be');
  const b = new TextDecoder('utf-16le');
  a.decode(u8(0x00), { stream: true });
  b.decode(u8(0x00), { stream: true });
  assert.equal(liveHandles(), base + 2);
  a.decode();
  b.decode();
  assert.equal(liveHandles(), base);
});

test('a fatal error mid-stream keeps the stream\'s handle; one at the flush frees it', () => {
  const base = liveHandles();
  const d = new TextDecoder('utf-8', { fatal: true });
  d.decode(u8(0xc3, 0xa9), { stream: true });
  assert.equal(liveHandles(), base + 1);
  assert.throws(() => d.decode(u8(0xff), { stream: true }), TypeError);
  assert.equal(liveHandles(), base + 1, 'kept through the mid-stream error: the stream goes on');
  d.decode(u8(0xe2), { stream: true });
  assert.equal(liveHandles(), base + 1);
  assert.throws(() => d.decode(), TypeError);
  assert.equal(liveHandles(), base, 'freed by the error at the flush');
  // Conversion errors do not touch the stream's handle.
  d.decode(u8(0xe2), { stream: true });
  assert.throws(() => d.decode('not a buffer', { stream: true }), TypeError);
  assert.throws(() => d.decode(u8(0x82), 1), TypeError);
  assert.equal(liveHandles(), base + 1);
  assert.equal(d.decode(u8(0x82, 0xac)), '€', 'the stream survived the conversion errors');
  assert.equal(liveHandles(), base);
});

test('100,000 small chunks on one streaming decoder: one handle, stable memory, right output', () => {
  const base = liveHandles();
  const d = new TextDecoder();
  const euro = [0xe2, 0x82, 0xac];
  const chunks = [u8(euro[0]), u8(euro[1]), u8(euro[2])];
  // Warm up so the reusable buffers reach their steady size.
  for (let i = 0; i < 3000; i++) d.decode(chunks[i % 3], { stream: true });
  const memory = internals.core().memory.buffer.byteLength;
  let out = '';
  let max = 0;
  for (let i = 0; i < 100000; i++) {
    out += d.decode(chunks[i % 3], { stream: true });
    if (i % 1000 === 0) max = Math.max(max, liveHandles());
  }
  out += d.decode();
  assert.equal(max, base + 1, 'never more than one handle for the stream');
  // 100,000 bytes: 33,333 complete € and a lone E2, flushed as U+FFFD.
  assert.equal(out.length, 33334);
  assert.ok(out === '€'.repeat(33333) + '\ufffd', 'output');
  assert.equal(internals.core().memory.buffer.byteLength, memory, 'wasm memory did not grow');
  assert.equal(liveHandles(), base);
});

test('decoders abandoned mid-stream are freed by the FinalizationRegistry', { skip: gc === null && 'no way to trigger a GC in this engine' }, async () => {
  const base = liveHandles();
  const abandon = (n) => {
    for (let i = 0; i < n; i++) new TextDecoder().decode(u8(0xe2), { stream: true });
  };
  const collect = async (limit) => {
    for (let round = 0; round < 50 && liveHandles() > limit; round++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return liveHandles();
  };
  abandon(2000);
  assert.ok(liveHandles() >= base + 1, 'abandoned streams hold handles until collected');
  assert.ok((await collect(base + 10)) <= base + 10, `freed after GC (live ${liveHandles()}, base ${base})`);
  // Repeated rounds stay bounded.
  let peak = 0;
  for (let round = 0; round < 10; round++) {
    abandon(1000);
    peak = Math.max(peak, liveHandles());
    await collect(base + 10);
  }
  assert.ok(peak <= base + 2000, `bounded: peak ${peak}`);
  assert.ok((await collect(base + 10)) <= base + 10, `freed after the rounds (live ${liveHandles()})`);
  // A finished stream's decoder being collected frees nothing twice (the registry was unregistered):
  // a live stream started afterwards keeps its handle.
  const kept = new TextDecoder();
  (() => {
    const done = new TextDecoder();
    done.decode(u8(0xe2), { stream: true });
    done.decode();
  })();
  kept.decode(u8(0xe2), { stream: true });
  const before = liveHandles();
  for (let round = 0; round < 5; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(liveHandles(), before, 'collecting the finished decoder freed nothing');
  assert.equal(kept.decode(u8(0x82, 0xac)), '€', 'the live stream kept its state');
});
