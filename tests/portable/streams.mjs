// TextDecoderStream and TextEncoderStream: attributes, piping with chunks split inside characters,
// bad chunks, fatal errors, SharedArrayBuffer chunks. Where the host has no TransformStream the
// package exports them as undefined and these tests are skipped.

import { assert, readAll, skip } from './harness.mjs';

function readableOf(chunks) {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}


const pipe = (transform, chunks) => readAll(readableOf(chunks).pipeThrough(transform));

/** Whether the global TransformStream makes streams whose sides are the global ReadableStream's and WritableStream's. */
function standardTransformStream() {
  try {
    const t = new TransformStream();
    ReadableStream.prototype.getReader.call(t.readable).releaseLock();
    WritableStream.prototype.getWriter.call(t.writable).releaseLock();
    return true;
  } catch {
    return false;
  }
}

export default function register(test, { api }) {
  const { TextDecoderStream, TextEncoderStream } = api;
  const present = () => {
    if (typeof TextDecoderStream === 'function' && typeof TextEncoderStream === 'function') return;
    if (typeof globalThis.TransformStream === 'function') {
      if (!standardTransformStream()) throw skip("the host's TransformStream is not the Streams standard's (the package leaves the stream classes out)");
      assert.ok(false, 'the host has TransformStream but the package did not export the stream classes');
    }
    throw skip('no TransformStream in this environment');
  };

  test('TextDecoderStream: attributes and the GenericTransformStream pair', () => {
    present();
    const s = new TextDecoderStream('latin1', { fatal: 1, ignoreBOM: 'y' });
    assert.equal(s.encoding, 'windows-1252');
    assert.equal(s.fatal, true);
    assert.equal(s.ignoreBOM, true);
    const d = new TextDecoderStream();
    assert.equal(d.encoding, 'utf-8');
    assert.equal(d.fatal, false);
    assert.equal(d.ignoreBOM, false);
    assert.equal(typeof ReadableStream.prototype.getReader.call(d.readable), 'object', 'readable is a ReadableStream');
    // (A test DOM may put Node's stream.Writable, which has no getWriter, in the global's place.)
    if (typeof WritableStream.prototype.getWriter === 'function') {
      assert.equal(typeof WritableStream.prototype.getWriter.call(d.writable), 'object', 'writable is a WritableStream');
    }
    assert.equal(d.readable, d.readable, 'the same readable each time');
    assert.throws(RangeError, () => new TextDecoderStream('replacement'));
    assert.throws(RangeError, () => new TextDecoderStream(''));
    assert.throws(TypeError, () => new TextDecoderStream('utf-8', 7));
  });

  test('TextDecoderStream: UTF-8 chunks split inside characters', async () => {
    present();
    const bytes = [0xef, 0xbb, 0xbf, 0x49, 0x20, 0xf0, 0x9f, 0x92, 0x99, 0x20, 0xc3, 0xa9];
    for (let i = 0; i <= bytes.length; i++) {
      const chunks = [new Uint8Array(bytes.slice(0, i)), new Uint8Array(0), new Uint8Array(bytes.slice(i))];
      const out = await pipe(new TextDecoderStream(), chunks);
      assert.equal(out.join(''), 'I \u{1F499} \u00E9', `split at ${i}`);
      assert.ok(out.every((s) => typeof s === 'string' && s !== ''), 'only non-empty strings are enqueued');
    }
    const out = await pipe(new TextDecoderStream(), [new Uint8Array([0xe2, 0x82])]);
    assert.arrayEqual(out, ['\uFFFD'], 'an incomplete sequence is flushed as U+FFFD');
  });

  test('TextDecoderStream: Shift_JIS piped in one-byte chunks', async () => {
    present();
    const bytes = [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea];
    const out = await pipe(new TextDecoderStream('shift_jis'), bytes.map((b) => new Uint8Array([b])));
    assert.equal(out.join(''), '\u65E5\u672C\u8A9E');
  });

  test('TextDecoderStream: accepts ArrayBuffer, DataView and SharedArrayBuffer chunks', async () => {
    present();
    const chunks = [new Uint8Array([0x61]).buffer, new DataView(new Uint8Array([0x62]).buffer)];
    if (typeof SharedArrayBuffer === 'function') {
      const sab = new SharedArrayBuffer(1);
      new Uint8Array(sab)[0] = 0x63;
      chunks.push(sab, new Uint8Array(sab));
    }
    const out = await pipe(new TextDecoderStream(), chunks);
    assert.equal(out.join(''), typeof SharedArrayBuffer === 'function' ? 'abcc' : 'ab');
  });

  test('TextDecoderStream: a chunk that is not a BufferSource errors both sides with TypeError', async () => {
    present();
    for (const bad of [undefined, null, 3.14, {}, [65], 'A']) {
      const s = new TextDecoderStream();
      const writer = s.writable.getWriter();
      const reader = s.readable.getReader();
      const write = writer.write(bad);
      const read = reader.read();
      await assert.rejects(TypeError, write, `write(${JSON.stringify(bad)})`);
      await assert.rejects(TypeError, read, `read after write(${JSON.stringify(bad)})`);
    }
  });

  test('TextDecoderStream: fatal errors reject with TypeError', async () => {
    present();
    const s = new TextDecoderStream('utf-8', { fatal: true });
    const writer = s.writable.getWriter();
    const reader = s.readable.getReader();
    writer.write(new Uint8Array([0xff])).catch(() => {});
    await assert.rejects(TypeError, reader.read());
    const incomplete = readableOf([new Uint8Array([0xe5])]).pipeThrough(new TextDecoderStream('utf-8', { fatal: true }));
    await assert.rejects(TypeError, readAll(incomplete), 'an incomplete sequence at the end');
  });

  test('TextDecoderStream: ignoreBOM across a split BOM', async () => {
    present();
    const bytes = [0xfe, 0xff, 0x00, 0x61];
    for (let i = 0; i <= 2; i++) {
      const chunks = () => [new Uint8Array(bytes.slice(0, i)), new Uint8Array(bytes.slice(i))];
      assert.equal((await pipe(new TextDecoderStream('utf-16be'), chunks())).join(''), 'a', `stripped, split ${i}`);
      assert.equal((await pipe(new TextDecoderStream('utf-16be', { ignoreBOM: true }), chunks())).join(''), '\uFEFFa', `kept, split ${i}`);
    }
  });

  test('TextEncoderStream: encoding, surrogate pairs split across chunks, Uint8Array output', async () => {
    present();
    const s = new TextEncoderStream();
    assert.equal(s.encoding, 'utf-8');
    const heart = '\u{1F499}';
    const out = await pipe(new TextEncoderStream(), ['I ', heart[0], heart[1] + ' x', '']);
    for (const chunk of out) {
      assert.equal(Object.prototype.toString.call(chunk), '[object Uint8Array]');
      assert.ok(chunk.length > 0, 'no empty chunks');
    }
    const bytes = out.flatMap((c) => Array.from(c));
    assert.arrayEqual(bytes, [0x49, 0x20, 0xf0, 0x9f, 0x92, 0x99, 0x20, 0x78]);
    const lone = await pipe(new TextEncoderStream(), ['a', heart[0]]);
    assert.arrayEqual(lone.flatMap((c) => Array.from(c)), [0x61, 0xef, 0xbf, 0xbd], 'a lead surrogate at the end is U+FFFD');
    const converted = await pipe(new TextEncoderStream(), [12, null]);
    assert.arrayEqual(converted.flatMap((c) => Array.from(c)), [0x31, 0x32, 0x6e, 0x75, 0x6c, 0x6c], 'chunks are converted with ToString');
  });

  test('TextEncoderStream into TextDecoderStream round trip', async () => {
    present();
    const text = 'stream \u00E9\u20AC\u{1F600} \u65E5\u672C';
    const chunks = Array.from(text.split(''));
    const out = await readAll(readableOf(chunks).pipeThrough(new TextEncoderStream()).pipeThrough(new TextDecoderStream()));
    assert.equal(out.join(''), text);
  });
}
