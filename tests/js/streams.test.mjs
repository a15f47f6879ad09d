// TextDecoderStream and TextEncoderStream: the interface shape, "decode and enqueue a chunk" /
// "flush and enqueue" (chunking, BOM across chunks, empty output never enqueued, fatal errors and
// bad chunks erroring both sides with TypeError), "encode and enqueue a chunk" / "encode and
// flush" (surrogate pairs across chunks, a lone leading surrogate at the end), wasm handle
// release on finish, error and cancel, and flat memory over a million chunks.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { join } from 'node:path';
import { entryFile, packageUrl } from '../../scripts/lib/package.mjs';
import { readAll } from '../portable/harness.mjs';
import { importEntry, importInternals, nodeInternalsExpression, pkgDir } from './package.mjs';

const { TextDecoder, TextDecoderStream, TextEncoderStream } = await importEntry('.');
const { liveHandles } = await importInternals();

const bytes = (...b) => Uint8Array.from(b);
const utf8 = (s) => new globalThis.TextEncoder().encode(s);


/** Writes `chunks` to `stream.writable` (then closes it); resolves to the chunks read. */
async function through(stream, chunks) {
  const writer = stream.writable.getWriter();
  const read = readAll(stream.readable);
  for (const chunk of chunks) writer.write(chunk).catch(() => {});
  writer.close().catch(() => {});
  return read;
}

const decodeChunks = (chunks, label, options) => through(new TextDecoderStream(label, options), chunks);
const encodeChunks = (chunks) => through(new TextEncoderStream(), chunks);
const concatBytes = (arrays) => {
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};

// --- shape -------------------------------------------------------------------------------------

const members = {
  TextDecoderStream: ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable'],
  TextEncoderStream: ['encoding', 'readable', 'writable'],
};
const ours = { TextDecoderStream, TextEncoderStream };

function shape(desc) {
  if (desc === undefined) return undefined;
  return { enumerable: desc.enumerable, configurable: desc.configurable, getter: typeof desc.get, setter: typeof desc.set, value: typeof desc.value };
}

for (const [name, attributes] of Object.entries(members)) {
  const cls = ours[name];
  test(`${name}: WebIDL shape (prototype getters, length 0, toStringTag, brand checks, new required)`, () => {
    assert.equal(typeof cls, 'function');
    assert.equal(cls.name, name);
    assert.equal(cls.length, 0);
    assert.equal(Object.getPrototypeOf(cls.prototype), Object.prototype);
    assert.equal(Object.prototype.toString.call(new cls()), `[object ${name}]`);
    for (const attribute of attributes) {
      const desc = Object.getOwnPropertyDescriptor(cls.prototype, attribute);
      assert.deepEqual(shape(desc), { enumerable: true, configurable: true, getter: 'function', setter: 'undefined', value: 'undefined' }, attribute);
      assert.throws(() => desc.get.call({}), TypeError, attribute);
      assert.throws(() => desc.get.call(Object.create(cls.prototype)), TypeError, attribute);
      assert.equal(Object.hasOwn(new cls(), attribute), false, attribute);
    }
    assert.throws(() => cls(), TypeError);
  });

  test(`${name}: same property shapes as the host's`, { skip: typeof globalThis[name] !== 'function' && `the host has no ${name}` }, () => {
    const host = globalThis[name];
    for (const attribute of attributes) {
      assert.deepEqual(shape(Object.getOwnPropertyDescriptor(cls.prototype, attribute)), shape(Object.getOwnPropertyDescriptor(host.prototype, attribute)), attribute);
    }
    assert.equal(cls.length, host.length);
  });
}

test('TextDecoderStream: label and options are resolved like TextDecoder', () => {
  const s = new TextDecoderStream();
  assert.deepEqual([s.encoding, s.fatal, s.ignoreBOM], ['utf-8', false, false]);
  assert.ok(s.readable instanceof ReadableStream);
  assert.ok(s.writable instanceof WritableStream);
  assert.equal(s.readable, s.readable);
  const t = new TextDecoderStream(' Latin1 ', { fatal: 1, ignoreBOM: 'yes' });
  assert.deepEqual([t.encoding, t.fatal, t.ignoreBOM], ['windows-1252', true, true]);
  assert.equal(new TextDecoderStream(undefined).encoding, 'utf-8');
  assert.equal(new TextDecoderStream('utf-16').encoding, 'utf-16le');
  assert.throws(() => new TextDecoderStream('bogus'), RangeError);
  assert.throws(() => new TextDecoderStream('replacement'), RangeError);
  assert.throws(() => new TextDecoderStream('iso-2022-kr'), RangeError); // a label for replacement
  assert.throws(() => new TextDecoderStream('utf-8', 5), TypeError);
  assert.throws(() => new TextDecoderStream(Symbol('x')), TypeError);
});

test('TextEncoderStream: encoding is utf-8; readable and writable are streams', () => {
  const s = new TextEncoderStream();
  assert.equal(s.encoding, 'utf-8');
  assert.ok(s.readable instanceof ReadableStream);
  assert.ok(s.writable instanceof WritableStream);
});

// --- TextDecoderStream behaviour ---------------------------------------------------------------

test('TextDecoderStream: a multi-byte sequence split across chunks', async () => {
  const input = utf8('a€😀中b');
  const singles = [...input].map((b) => bytes(b));
  assert.equal((await decodeChunks(singles)).join(''), 'a€😀中b');
  // Every output chunk is non-empty: chunks ending inside a sequence enqueue nothing.
  assert.deepEqual(await decodeChunks([bytes(0xe2), bytes(0x82), bytes(0xac)]), ['€']);
  assert.deepEqual(await decodeChunks([bytes(0x61, 0xf0, 0x9f), bytes(0x98), bytes(0x80, 0x62)]), ['a', '😀b']);
});

test('TextDecoderStream: random splits equal a one-shot decode (utf-8, utf-16le, utf-16be, windows-1252, x-user-defined)', async () => {
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % n;
  };
  for (const label of ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'x-user-defined']) {
    for (let round = 0; round < 20; round++) {
      const input = new Uint8Array(64 + rand(64));
      for (let i = 0; i < input.length; i++) input[i] = rand(4) === 0 ? rand(256) : [0x41, 0xe2, 0x82, 0xac, 0xd8, 0x3d, 0xde, 0x00, 0xef, 0xbb, 0xbf][rand(11)];
      const chunks = [];
      for (let at = 0; at < input.length; ) {
        const n = rand(5);
        chunks.push(input.slice(at, at + n));
        at += n;
      }
      const out = await decodeChunks(chunks, label);
      assert.ok(out.every((s) => typeof s === 'string' && s !== ''), 'no empty chunk');
      assert.equal(out.join(''), new TextDecoder(label).decode(input), `${label} round ${round}`);
    }
  }
});

test('TextDecoderStream: chunk types (every AllowSharedBufferSource), copied at write time', async () => {
  const ab = utf8('ab').buffer;
  const sab = new SharedArrayBuffer(2);
  new Uint8Array(sab).set([0x63, 0x64]);
  const chunks = [ab, sab, new DataView(utf8('xef').buffer, 1, 1), new Uint16Array([0x6867]), new Uint8Array(sab, 1, 1), new Uint8Array(0)];
  assert.equal((await decodeChunks(chunks)).join(''), 'abcdeghd');
  // The chunk is copied when it is transformed: changing it afterwards changes nothing.
  const s = new TextDecoderStream();
  const writer = s.writable.getWriter();
  const reader = s.readable.getReader();
  const chunk = utf8('xy');
  const read = reader.read();
  await writer.write(chunk);
  chunk[0] = 0x7a;
  assert.deepEqual(await read, { value: 'xy', done: false });
  writer.close();
  assert.deepEqual(await reader.read(), { value: undefined, done: true });
});

test('TextDecoderStream: BOM handling across chunks', async () => {
  assert.deepEqual((await decodeChunks([bytes(0xef), bytes(0xbb), bytes(0xbf, 0x41)])).join(''), 'A');
  assert.deepEqual((await decodeChunks([bytes(0xef, 0xbb), bytes(0xbf), bytes(0xef, 0xbb, 0xbf)])).join(''), '\uFEFF');
  assert.deepEqual((await decodeChunks([bytes(0xef), bytes(0xbb), bytes(0xbf, 0x41)], 'utf-8', { ignoreBOM: true })).join(''), '\uFEFFA');
  assert.deepEqual((await decodeChunks([bytes(0xff), bytes(0xfe, 0x41), bytes(0x00)], 'utf-16le')).join(''), 'A');
  assert.deepEqual((await decodeChunks([bytes(0xfe), bytes(0xff, 0x00, 0x41)], 'utf-16be')).join(''), 'A');
  // A BOM-only stream enqueues nothing at all.
  assert.deepEqual(await decodeChunks([bytes(0xef, 0xbb), bytes(0xbf)]), []);
  // windows-1252 has no BOM: the bytes are text.
  assert.deepEqual((await decodeChunks([bytes(0xef, 0xbb, 0xbf)], 'windows-1252')).join(''), 'ï»¿');
});

test('TextDecoderStream: empty output is never enqueued; flush enqueues the pending replacement', async () => {
  assert.deepEqual(await decodeChunks([]), []);
  assert.deepEqual(await decodeChunks([new Uint8Array(0), new ArrayBuffer(0)]), []);
  assert.deepEqual(await decodeChunks([bytes(0x41), new Uint8Array(0), bytes(0x42)]), ['A', 'B']);
  assert.deepEqual(await decodeChunks([bytes(0x41, 0xe2), bytes(0x82)]), ['A', '\uFFFD']);
  assert.deepEqual(await decodeChunks([bytes(0xd8)], 'utf-16le'), ['\uFFFD']);
  assert.deepEqual(await decodeChunks([bytes(0x3d, 0xd8)], 'utf-16le'), ['\uFFFD']);
});

/** A stream whose transform failed: the write, the writer, and the readable all fail with TypeError. */
async function assertErroredBothSides(stream, chunks) {
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const reads = [reader.read(), reader.read()];
  const writes = chunks.map((c) => writer.write(c));
  writes.forEach((w) => w.catch(() => {}));
  await assert.rejects(writes[writes.length - 1], TypeError);
  await assert.rejects(writer.closed, TypeError);
  await assert.rejects(reader.closed, TypeError);
  const results = await Promise.allSettled(reads);
  // Output decoded before the error may have been read; the read pending at the error rejects.
  assert.ok(results.some((r) => r.status === 'rejected' && r.reason instanceof TypeError));
  for (const r of results) if (r.status === 'fulfilled') assert.notEqual(r.value.value, '');
  await assert.rejects(writer.write(bytes(0x41)), TypeError);
  return results;
}

test('TextDecoderStream: a fatal decode error errors both sides with TypeError', async () => {
  await assertErroredBothSides(new TextDecoderStream('utf-8', { fatal: true }), [bytes(0xff)]);
  // The output of the chunk that failed is not enqueued: 'A' precedes the error in the same chunk.
  const results = await assertErroredBothSides(new TextDecoderStream('utf-8', { fatal: true }), [bytes(0x41, 0xff)]);
  assert.equal(results[0].status, 'rejected');
  // An incomplete sequence at the end fails at flush: close() rejects.
  const s = new TextDecoderStream('utf-8', { fatal: true });
  const writer = s.writable.getWriter();
  const read = readAll(s.readable);
  writer.write(bytes(0x41, 0xe2)).catch(() => {});
  await assert.rejects(writer.close(), TypeError);
  await assert.rejects(read, TypeError);
  // Replacement mode never errors.
  assert.deepEqual(await decodeChunks([bytes(0xff)], 'utf-8'), ['\uFFFD']);
});

test('TextDecoderStream: a chunk that is not an AllowSharedBufferSource errors both sides with TypeError', async () => {
  for (const chunk of ['abc', 42, null, undefined, {}, [0x41], { buffer: new ArrayBuffer(1) }, Symbol('s')]) {
    await assertErroredBothSides(new TextDecoderStream(), [chunk]);
  }
  // After valid chunks too (the earlier output was enqueued before the error).
  const s = new TextDecoderStream();
  const writer = s.writable.getWriter();
  const reader = s.readable.getReader();
  const first = reader.read();
  await writer.write(bytes(0x41));
  assert.deepEqual(await first, { value: 'A', done: false });
  const second = reader.read(); // a pending read lets the transform run (backpressure)
  await assert.rejects(writer.write('B'), TypeError);
  await assert.rejects(second, TypeError);
});

test('TextDecoderStream: pipeThrough, with backpressure from the host TransformStream', async () => {
  const source = ReadableStream.from([utf8('hello, '), utf8('wörld'), bytes(0xf0, 0x9f), bytes(0x98, 0x80)]);
  assert.equal((await readAll(source.pipeThrough(new TextDecoderStream()))).join(''), 'hello, wörld😀');
  // Nothing is transformed while nobody reads: the writer's desiredSize reflects the queue.
  const s = new TextDecoderStream();
  const writer = s.writable.getWriter();
  assert.equal(writer.desiredSize, 1);
  writer.write(bytes(0x41)).catch(() => {});
  writer.write(bytes(0x42)).catch(() => {});
  await new Promise((r) => setTimeout(r, 10));
  assert.ok(writer.desiredSize <= 0);
  writer.close().catch(() => {});
  assert.deepEqual(await readAll(s.readable), ['A', 'B']);
});

test('TextDecoderStream: the wasm handle is released on finish, error and cancel', async () => {
  const base = liveHandles();
  /** A stream that has transformed a partial sequence (so it holds a handle). */
  async function holding(options) {
    const s = new TextDecoderStream('utf-8', options);
    const writer = s.writable.getWriter();
    const reader = s.readable.getReader();
    const read = reader.read();
    read.catch(() => {});
    await writer.write(bytes(0x41, 0xe2));
    assert.deepEqual(await read, { value: 'A', done: false });
    assert.equal(liveHandles(), base + 1);
    return { s, writer, reader };
  }

  // Finished: flush frees it.
  {
    const { writer, reader } = await holding();
    writer.close();
    assert.deepEqual(await reader.read(), { value: '\uFFFD', done: false });
    assert.deepEqual(await reader.read(), { value: undefined, done: true });
    assert.equal(liveHandles(), base, 'finish');
  }
  // Fatal error.
  {
    const { writer, reader } = await holding({ fatal: true });
    reader.read().catch(() => {});
    await assert.rejects(writer.write(bytes(0x41)), TypeError);
    assert.equal(liveHandles(), base, 'fatal error');
  }
  // Fatal error at flush.
  {
    const { writer, reader } = await holding({ fatal: true });
    reader.read().catch(() => {});
    await assert.rejects(writer.close(), TypeError);
    assert.equal(liveHandles(), base, 'fatal error at flush');
  }
  // A bad chunk.
  {
    const { writer, reader } = await holding();
    reader.read().catch(() => {});
    await assert.rejects(writer.write('not bytes'), TypeError);
    assert.equal(liveHandles(), base, 'bad chunk');
  }
  // readable.cancel() (through the reader).
  {
    const { writer, reader } = await holding();
    await reader.cancel(new Error('stop'));
    assert.equal(liveHandles(), base, 'readable.cancel()');
    await assert.rejects(writer.closed);
  }
  // writable.abort() (through the writer).
  {
    const { writer, reader } = await holding();
    await writer.abort(new Error('stop'));
    assert.equal(liveHandles(), base, 'writable.abort()');
    await assert.rejects(reader.closed);
  }
  // A pipe whose source errors aborts the writable; one whose destination errors cancels the readable.
  {
    let n = 0;
    const source = new ReadableStream({
      pull(c) {
        if (n++ === 0) c.enqueue(bytes(0x41, 0xe2));
        else c.error(new Error('source failed'));
      },
    });
    await assert.rejects(readAll(source.pipeThrough(new TextDecoderStream())), /source failed/);
    assert.equal(liveHandles(), base, 'source error');
    const dest = new WritableStream({
      write() {
        throw new Error('sink failed');
      },
    });
    const s = new TextDecoderStream();
    const writer = s.writable.getWriter();
    const piped = s.readable.pipeTo(dest);
    await writer.write(bytes(0x41, 0xe2)).catch(() => {});
    await assert.rejects(piped, /sink failed/);
    assert.equal(liveHandles(), base, 'destination error');
  }
});

test('TextDecoderStream: the handle lives as long as the stream, not the TextDecoderStream object; abandoned streams are collected', () => {
  // In a child with --expose-gc: a stream whose TextDecoderStream object is garbage keeps decoding
  // (pipeThrough(new TextDecoderStream()) drops it at once); an abandoned stream's handle is freed
  // by the FinalizationRegistry.
  const script = `
    const { TextDecoderStream } = await import(${JSON.stringify(packageUrl(pkgDir, entryFile('.', 'node')))});
    const { liveHandles: live } = ${nodeInternalsExpression()}.instance;
    const settle = async () => { for (let i = 0; i < 5; i++) { gc(); await new Promise((r) => setTimeout(r, 10)); } };
    let writer, reader;
    (() => { const s = new TextDecoderStream(); writer = s.writable.getWriter(); reader = s.readable.getReader(); })();
    let read = reader.read();
    await writer.write(Uint8Array.of(0x41, 0xe2));
    if ((await read).value !== 'A') throw new Error('first read');
    await settle();
    if (live() !== 1) throw new Error('handle freed while the stream is alive: ' + live());
    read = reader.read();
    await writer.write(Uint8Array.of(0x82, 0xac));
    const second = (await read).value;
    if (second !== '\u20AC') throw new Error('decoding after gc gave ' + JSON.stringify(second));
    read = reader.read();
    await writer.write(Uint8Array.of(0xe2));
    if (live() !== 1) throw new Error('no handle for the pending byte');
    writer = reader = read = undefined;
    await settle();
    console.log('live', live());
  `;
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^live 0$/m);
});

// --- TextEncoderStream behaviour ---------------------------------------------------------------

test('TextEncoderStream: output chunks are Uint8Array over a whole ArrayBuffer; empty output is not enqueued', async () => {
  const out = await encodeChunks(['a', '', 'é€', '😀']);
  assert.equal(out.length, 3);
  for (const chunk of out) {
    assert.equal(Object.getPrototypeOf(chunk), Uint8Array.prototype);
    assert.ok(chunk.buffer instanceof ArrayBuffer);
    assert.equal(chunk.byteOffset, 0);
    assert.equal(chunk.byteLength, chunk.buffer.byteLength);
  }
  assert.deepEqual(concatBytes(out), utf8('aé€😀'));
  assert.deepEqual(await encodeChunks([]), []);
  assert.deepEqual(await encodeChunks(['', '']), []);
});

test('TextEncoderStream: a surrogate pair split across chunks is one scalar value', async () => {
  assert.deepEqual(concatBytes(await encodeChunks(['a\uD83D', '\uDE00b'])), utf8('a😀b'));
  // The chunk holding only the leading surrogate enqueues nothing.
  assert.deepEqual((await encodeChunks(['\uD83D', '\uDE00'])).map((c) => [...c]), [[0xf0, 0x9f, 0x98, 0x80]]);
  // An empty chunk between the halves keeps the leading surrogate.
  assert.deepEqual(concatBytes(await encodeChunks(['\uD83D', '', '\uDE00'])), utf8('😀'));
  // A leading surrogate followed by anything but a trailing one is U+FFFD.
  assert.deepEqual(concatBytes(await encodeChunks(['\uD83D', 'x'])), bytes(0xef, 0xbf, 0xbd, 0x78));
  assert.deepEqual(concatBytes(await encodeChunks(['\uD83D', '\uD83D', '\uDE00'])), bytes(0xef, 0xbf, 0xbd, 0xf0, 0x9f, 0x98, 0x80));
  assert.deepEqual(concatBytes(await encodeChunks(['\uDE00', 'a\uDE00'])), bytes(0xef, 0xbf, 0xbd, 0x61, 0xef, 0xbf, 0xbd));
});

test('TextEncoderStream: a lone leading surrogate at the end becomes EF BF BD at flush', async () => {
  assert.deepEqual((await encodeChunks(['a\uD83D'])).map((c) => [...c]), [[0x61], [0xef, 0xbf, 0xbd]]);
  assert.deepEqual((await encodeChunks(['\uDBFF'])).map((c) => [...c]), [[0xef, 0xbf, 0xbd]]);
});

test('TextEncoderStream: chunks are converted with ToString; a Symbol errors both sides with TypeError', async () => {
  assert.deepEqual(concatBytes(await encodeChunks([12, null, undefined, true, { toString: () => 'é' }])), utf8('12nullundefinedtrueé'));
  const s = new TextEncoderStream();
  const writer = s.writable.getWriter();
  const reader = s.readable.getReader();
  const read = reader.read();
  await assert.rejects(writer.write(Symbol('x')), TypeError);
  await assert.rejects(read, TypeError);
  const t = new TextEncoderStream();
  const error = new Error('toString threw');
  const w = t.writable.getWriter();
  t.readable.getReader().read().catch(() => {});
  await assert.rejects(w.write({ toString() { throw error; } }), (e) => e === error);
});

test('TextEncoderStream: pipeThrough round trip with TextDecoderStream', async () => {
  const base = liveHandles();
  const text = 'Grüße, 世界 😀\uD800 end';
  const pieces = [...text.split('')]; // code units, so surrogate pairs are split
  const out = await readAll(ReadableStream.from(pieces).pipeThrough(new TextEncoderStream()).pipeThrough(new TextDecoderStream()));
  assert.equal(out.join(''), text.replace('\uD800', '\uFFFD'));
  assert.equal(liveHandles(), base);
});

// --- long streams ------------------------------------------------------------------------------

test('TextDecoderStream: 1,000,000 small chunks keep handles, wasm memory and the heap flat', { timeout: 120_000 }, () => {
  // In a child process (--expose-gc, and without the test runner's per-promise bookkeeping):
  // 1,000,000 two-byte chunks, each ending inside or completing a "€", piped through one stream.
  const script = `
    const { TextDecoderStream } = await import(${JSON.stringify(packageUrl(pkgDir, entryFile('.', 'node')))});
    const { core, liveHandles: live } = ${nodeInternalsExpression()}.instance;
    const N = 1_000_000;
    const a = Uint8Array.of(0x61, 0xe2);
    const b = Uint8Array.of(0x82, 0xac);
    let i = 0, n = 0, chars = 0, maxHandles = 0, heapAt100k = 0, memoryAt100k = 0;
    const source = new ReadableStream({ pull(c) { if (i === N) c.close(); else c.enqueue(i++ & 1 ? b : a); } }, { highWaterMark: 0 });
    const sink = new WritableStream({
      write(s) {
        chars += s.length;
        n++;
        if ((n & 0x3fff) === 0) maxHandles = Math.max(maxHandles, live());
        if (n === 100_000) {
          gc();
          heapAt100k = process.memoryUsage().heapUsed;
          memoryAt100k = core().memory.buffer.byteLength;
        }
      },
    });
    await source.pipeThrough(new TextDecoderStream()).pipeTo(sink);
    gc();
    console.log(JSON.stringify({
      chars, maxHandles, handlesAfter: live(),
      heapGrowth: process.memoryUsage().heapUsed - heapAt100k,
      wasmGrowth: core().memory.buffer.byteLength - memoryAt100k,
    }));
  `;
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.chars, 1_000_000);
  assert.equal(result.maxHandles, 1, 'one live handle while streaming');
  assert.equal(result.handlesAfter, 0);
  assert.equal(result.wasmGrowth, 0, 'wasm memory did not grow');
  assert.ok(result.heapGrowth < 4 * 1024 * 1024, `heap grew by ${result.heapGrowth} bytes over 900,000 chunks`);
});

// --- The host's TransformStream: captured at load without loading Node's web streams -------------

test("importing the package and decoding load none of Node's web streams; a TransformStream global replaced after load is not used", () => {
  // Node loads its web streams (some twenty internal modules, milliseconds) at the first touch of
  // the global, and from Node 22 a read of its property descriptor is such a touch.
  const script = `
    const before = new Set(process.moduleLoadList);
    const { TextDecoder, TextDecoderStream, TextEncoderStream } = await import(${JSON.stringify(packageUrl(pkgDir, entryFile('.', 'node')))});
    new TextDecoder().decode(new Uint8Array([0xd0, 0x9f]));
    new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0]));
    const loaded = process.moduleLoadList.filter((m) => !before.has(m) && /webstreams|worker/.test(m));
    const Original = globalThis.TransformStream;
    const OriginalReadable = globalThis.ReadableStream;
    globalThis.TransformStream = function () { throw new Error('the replaced global was used'); };
    const decoder = new TextDecoderStream();
    const encoder = new TextEncoderStream();
    const readable = new OriginalReadable({ start(c) { c.enqueue('h\\u00e9 \\u{1F600}'); c.close(); } });
    let out = '';
    for await (const chunk of readable.pipeThrough(encoder).pipeThrough(decoder)) out += chunk;
    console.log(JSON.stringify({ loaded, out, readableIsHost: decoder.readable instanceof OriginalReadable, original: typeof Original }));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.deepEqual(result.loaded, [], 'internal modules loaded by the import and the first decodes');
  assert.equal(result.out, 'hé 😀');
  assert.equal(result.readableIsHost, true);
  assert.equal(result.original, 'function');
});
