// What the polyfill drivers check once a polyfill entry was imported here, where the host's globals
// are writable but not configurable and its TextDecoder is not the standard's (Node's, without
// iso-8859-16, windows-1252 read as ISO-8859-1): that the import installed our classes over the
// host's, kept the globals' attributes, said so in `installed.details`, and that the globals then
// give the standard's results.

import { assert, createHarness, readAll, skip } from '../../portable/harness.mjs';
import { before, NAMES } from './globals-before.mjs';

/**
 * Runs the checks of `polyfill` (the entry's exports) against `classes` (the ponyfill entry of
 * the same build); resolves to a summary in the portable suite's shape.
 */
export function checkPolyfill(polyfill, classes) {
  const { test, run } = createHarness();
  const { installed } = polyfill;
  const acted = new Set(installed.details.filter((d) => d.action !== 'wrapped').map((d) => d.name));

  test('polyfill: the import installed TextDecoder over the host\'s, and left nothing kept or skipped', () => {
    assert.ok(Array.isArray(installed) && Array.isArray(installed.details), 'installed and installed.details are arrays');
    assert.ok(installed.includes('TextDecoder'), `installed: ${JSON.stringify(installed)}`);
    const left = installed.details.filter((d) => !['installed', 'replaced', 'wrapped'].includes(d.action));
    assert.equal(left.length, 0, `left alone: ${JSON.stringify(left)}`);
    for (const d of installed.details) assert.equal(installed.includes(d.name), true, `${d.name} (${d.action}) is listed`);
  });
  test('polyfill: faults.core is null (the core runs here)', () => {
    assert.equal(polyfill.faults.core, null);
  });
  test('polyfill: ready resolves to installed', async () => {
    assert.equal(await polyfill.ready, installed);
  });
  for (const name of NAMES) {
    test(`polyfill: ${name} is ours where it was installed, with the host global's attributes`, () => {
      if (!acted.has(name)) throw skip(`not installed here (the host's is kept: ${polyfill.faults[name] === null ? 'right' : polyfill.faults[name]})`);
      assert.equal(globalThis[name], classes[name], `globalThis.${name} is the package's`);
      const now = Object.getOwnPropertyDescriptor(globalThis, name);
      const was = before.get(name);
      assert.ok(was !== undefined, `the host had ${name}`);
      for (const key of ['writable', 'enumerable', 'configurable']) assert.equal(now[key], was[key], `${name}.${key} as the host's`);
    });
  }
  test('polyfill: the global TextDecoder decodes iso-8859-16, windows-1252 and Shift_JIS', () => {
    const latin10 = new globalThis.TextDecoder('iso-8859-16');
    assert.equal(latin10.encoding, 'iso-8859-16');
    assert.equal(latin10.decode(Uint8Array.of(0xa4, 0xaa, 0x41)), '\u20ac\u0218A');
    assert.equal(new globalThis.TextDecoder('windows-1252').decode(Uint8Array.of(0x80, 0x9f)), '\u20ac\u0178');
    assert.equal(new globalThis.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0, 0x89, 0xce)), '\u3042\u706b');
    assert.arrayEqual(new globalThis.TextEncoder().encode('\u20ac'), [0xe2, 0x82, 0xac]);
  });
  test('polyfill: the global TextDecoderStream decodes GBK through a pipe', async () => {
    if (!acted.has('TextDecoderStream')) throw skip('TextDecoderStream was not installed here');
    const input = new ReadableStream({
      start(controller) {
        for (const b of [0x80, 0xc4, 0xe3, 0xba]) controller.enqueue(Uint8Array.of(b));
        controller.close();
      },
    });
    const chunks = await readAll(input.pipeThrough(new globalThis.TextDecoderStream('gbk')));
    assert.equal(chunks.join(''), '\u20ac\u4f60\ufffd');
  });
  return run({ timeoutMs: 20000 });
}

/** `installed` and its details, for the runner to print. */
export function describeInstall(polyfill) {
  return { installed: [...polyfill.installed], details: polyfill.installed.details };
}
