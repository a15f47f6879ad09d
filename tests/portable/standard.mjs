// The `/standard` entry (the Encoding Standard's hooks for standards, percent-encode after
// encoding, isomorphic decode/encode) in every environment: vectors from the standards' text
// (BOM sniffing and the legacy decode, the UTF-8 decode hooks, the three encode modes with
// ISO-2022-JP's state, the URL Standard's own examples), streaming through the environment's
// ReadableStream, and the argument errors.

import { assert, skip } from './harness.mjs';

const ESC_ASCII = [0x1b, 0x28, 0x42];
const ESC_ROMAN = [0x1b, 0x28, 0x4a];
const ESC_JIS = [0x1b, 0x24, 0x42];
const ascii = (s) => Array.from(s, (c) => c.charCodeAt(0));

export default function register(test, { standard }) {
  const get = () => {
    if (!standard) throw skip('the package has no standard entry');
    return standard;
  };

  test('standard: getEncoding, getOutputEncoding and bomSniff name encodings as TextDecoder#encoding', () => {
    const s = get();
    assert.equal(s.getEncoding(' Shift_JIS '), 'shift_jis');
    assert.equal(s.getEncoding('iso-2022-kr'), 'replacement');
    assert.equal(s.getEncoding('bogus'), null);
    assert.equal(s.getOutputEncoding('utf-16be'), 'utf-8');
    assert.equal(s.getOutputEncoding('latin1'), 'windows-1252');
    assert.throws(RangeError, () => s.getOutputEncoding('bogus'));
    assert.equal(s.bomSniff(new Uint8Array([0xef, 0xbb, 0xbf])), 'utf-8');
    assert.equal(s.bomSniff(new Uint8Array([0xfe, 0xff]).buffer), 'utf-16be');
    assert.equal(s.bomSniff(new Uint8Array([0xff, 0xfe, 0x41])), 'utf-16le');
    assert.equal(s.bomSniff(new Uint8Array([0xef, 0xbb])), null);
    assert.throws(TypeError, () => s.bomSniff('\uFEFF'));
  });

  test('standard: decode lets a BOM win over the fallback and reports the encoding', () => {
    const s = get();
    const same = (got, text, encoding, note) => {
      assert.equal(got.text, text, note);
      assert.equal(got.encoding, encoding, note);
    };
    same(s.decode(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), 'windows-1252'), 'A', 'utf-16le', 'UTF-16LE BOM over windows-1252');
    same(s.decode(new Uint8Array([0xfe, 0xff, 0x00, 0x41]), 'utf-8'), 'A', 'utf-16be', 'UTF-16BE BOM over UTF-8');
    same(s.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0xe2, 0x82, 0xac]), 'utf-16le'), '€', 'utf-8', 'UTF-8 BOM over UTF-16LE');
    same(s.decode(new Uint8Array([0xef, 0xbb, 0x41]), 'windows-1252'), '\u00EF\u00BBA', 'windows-1252', 'a truncated BOM is content');
    same(s.decode(new Uint8Array([0xef, 0xbb]), 'utf-8'), '\uFFFD', 'utf-8', 'a truncated BOM is malformed UTF-8');
    same(s.decode(new Uint8Array([0x82, 0xa0]), 'sjis'), '\u3042', 'shift_jis', 'no BOM: the fallback');
    same(s.decode(new Uint8Array([0x41]), 'csiso2022kr'), '\uFFFD', 'replacement', 'the replacement encoding');
    assert.throws(RangeError, () => s.decode(new Uint8Array(1), 'bogus'));
    assert.throws(TypeError, () => s.decode('A', 'utf-8'));
  });

  test('standard: the three UTF-8 decode hooks', () => {
    const s = get();
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, 0x61]);
    assert.equal(s.utf8Decode(bom), 'a');
    assert.equal(s.utf8DecodeWithoutBOM(bom), '\uFEFFa');
    assert.equal(s.utf8DecodeWithoutBOMOrFail(bom), '\uFEFFa');
    const bad = new Uint8Array([0x61, 0xf0, 0x9f, 0x98]);
    assert.equal(s.utf8Decode(bad), 'a\uFFFD');
    assert.equal(s.utf8DecodeWithoutBOM(bad), 'a\uFFFD');
    assert.throws(TypeError, () => s.utf8DecodeWithoutBOMOrFail(bad));
  });

  test('standard: encode in "html" (default), "fatal" and "replace"; encodeOrFail; utf8Encode', () => {
    const s = get();
    assert.arrayEqual(s.encode('a\u{1F600}€', 'windows-1252'), [...ascii('a&#128512;'), 0x80]);
    assert.arrayEqual(s.encode('a\u{1F600}€', 'windows-1252', { mode: 'replace' }), [0x61, 0x3f, 0x80]);
    assert.arrayEqual(s.encode('a\u{1F600}', 'shift_jis', { mode: 'replace', replacement: '〓' }), [0x61, 0x81, 0xac]);
    const error = assert.throws(TypeError, () => s.encode('ab\u{1F600}', 'shift_jis', { mode: 'fatal' }));
    assert.equal(error.message, 'U+1F600 at index 2 cannot be encoded in shift_jis');
    assert.throws(TypeError, () => s.encode('a', 'latin1', { mode: 'replace', replacement: '\u3042' }));
    assert.throws(TypeError, () => s.encode('a', 'latin1', { mode: 'ignore' }));
    assert.throws(RangeError, () => s.encode('a', 'bogus'));
    // ISO-2022-JP: back to ASCII at the end of input, and around errors from jis0208 but not Roman.
    assert.arrayEqual(s.encode('\u3042', 'iso-2022-jp'), [...ESC_JIS, 0x24, 0x22, ...ESC_ASCII]);
    assert.arrayEqual(s.encode('\u3042\u{1F600}', 'iso-2022-jp', { mode: 'replace' }), [...ESC_JIS, 0x24, 0x22, ...ESC_ASCII, 0x3f]);
    assert.arrayEqual(s.encode('\u00A5\u{1F600}', 'iso-2022-jp', { mode: 'replace', replacement: '\\' }), [...ESC_ROMAN, 0x5c, ...ESC_ASCII, 0x5c]);
    // gb18030's four-byte range.
    assert.arrayEqual(s.encode('\u0080\u{10FFFF}', 'gb18030', { mode: 'fatal' }), [0x81, 0x30, 0x81, 0x30, 0xe3, 0x32, 0x9a, 0x35]);
    const runs = s.encodeOrFail('\u00A5\u{1F600}', 'iso-2022-jp');
    assert.equal(runs.length, 2);
    assert.arrayEqual(runs[0].bytes, [...ESC_ROMAN, 0x5c]);
    assert.equal(runs[0].error, 0x1f600);
    assert.arrayEqual(runs[1].bytes, ESC_ASCII);
    assert.equal(runs[1].error, null);
    assert.arrayEqual(s.utf8Encode('\uD800a'), [0xef, 0xbf, 0xbd, 0x61]);
  });

  test("standard: percentEncodeAfterEncoding, the URL Standard's examples and each set", () => {
    const s = get();
    const f = s.percentEncodeAfterEncoding;
    assert.equal(f('shift_jis', ' ', s.SPECIAL_QUERY_PERCENT_ENCODE_SET), '%20');
    assert.equal(f('shift_jis', '\u2261', 'special-query'), '%81%DF');
    assert.equal(f('shift_jis', '\u203D', 'special-query'), '%26%238253%3B');
    assert.equal(f('iso-2022-jp', '\u00A5', 'special-query'), '%1B(J\\%1B(B');
    assert.equal(f('shift_jis', '1+1 \u2261 2%20\u203D', s.FORM_URLENCODED_PERCENT_ENCODE_SET), '1%2B1+%81%DF+2%2520%26%238253%3B');
    assert.equal(f('utf-8', 'Say what\u203D', 'userinfo'), 'Say%20what%E2%80%BD');
    const probe = ' "#$%&\'+/:<>?@[\\]^`{|}~!()*';
    const expected = {
      'c0-control': ' "#$%&\'+/:<>?@[\\]^`{|}~!()*',
      fragment: '%20%22#$%&\'+/:%3C%3E?@[\\]^%60{|}~!()*',
      query: '%20%22%23$%&\'+/:%3C%3E?@[\\]^`{|}~!()*',
      'special-query': '%20%22%23$%&%27+/:%3C%3E?@[\\]^`{|}~!()*',
      path: '%20%22%23$%&\'+/:%3C%3E%3F@[\\]%5E%60%7B|%7D~!()*',
      userinfo: '%20%22%23$%&\'+%2F%3A%3C%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D~!()*',
      component: '%20%22%23%24%25%26\'%2B%2F%3A%3C%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D~!()*',
      'application/x-www-form-urlencoded': '+%22%23%24%25%26%27%2B%2F%3A%3C%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D%7E%21%28%29*',
    };
    for (const [set, out] of Object.entries(expected)) {
      assert.equal(f('windows-1252', probe, set), out, set);
      assert.equal(f('windows-1252', `${probe}\u20AC\u3042`, set, true), out.replace(/^(%20| )/, '+') + '%80%26%2312354%3B', `${set} with spaceAsPlus`);
    }
    assert.throws(TypeError, () => f('utf-8', 'x', 'bogus'));
    assert.throws(RangeError, () => f('bogus', 'x', 'query'));
  });

  test('standard: isomorphicDecode and isomorphicEncode', () => {
    const s = get();
    assert.equal(s.isomorphicDecode(new Uint8Array([0x41, 0xe9, 0xff])), 'A\u00E9\u00FF');
    assert.arrayEqual(s.isomorphicEncode('A\u00E9\u00FF'), [0x41, 0xe9, 0xff]);
    assert.throws(TypeError, () => s.isomorphicEncode('\u0100'));
  });

  test('standard: the decode hooks stream a ReadableStream of chunks', async () => {
    const s = get();
    if (typeof ReadableStream !== 'function') throw skip('no ReadableStream here');
    const streamOf = (chunks) =>
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
          controller.close();
        },
      });
    const collect = async (readable) => {
      const reader = readable.getReader();
      let out = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return out;
        assert.equal(typeof value, 'string');
        out += value;
      }
    };
    const r = s.decode(streamOf([[0xff], [0xfe, 0x41], [0x00, 0x42, 0x00]]), 'windows-1252');
    assert.equal(await collect(r.text), 'AB');
    assert.equal(await r.encoding, 'utf-16le');
    assert.equal(await collect(s.utf8Decode(streamOf([[0xef, 0xbb], [0xbf, 0xe2, 0x82], [0xac]]))), '\u20AC');
    assert.equal(await collect(s.utf8DecodeWithoutBOM(streamOf([[0xef], [0xbb, 0xbf]]))), '\uFEFF');
    await assert.rejects(TypeError, collect(s.utf8DecodeWithoutBOMOrFail(streamOf([[0x61], [0xff]]))));
  });
}
