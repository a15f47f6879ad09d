// The polyfill entry: importing it installs the classes the host lacks or gets wrong (its `faults`
// say which, and why); install({force: true}) replaces the rest with ours (as platform-like
// globals), after load() where the implementation was not needed. The globals are restored
// afterwards.

import { assert, skip } from './harness.mjs';

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];

export default function register(test, { api, loadPolyfill }) {
  test('polyfill: import installs missing and faulty classes; install({force}) replaces the rest', async () => {
    if (typeof loadPolyfill !== 'function') throw skip('the package has no polyfill entry');
    const saved = new Map(NAMES.map((n) => [n, Object.getOwnPropertyDescriptor(globalThis, n)]));
    const hostHad = new Map(NAMES.map((n) => [n, typeof globalThis[n] === 'function' ? globalThis[n] : undefined]));
    try {
      const polyfill = await loadPolyfill();
      assert.equal(typeof polyfill.install, 'function', 'the polyfill exports install()');
      const faults = polyfill.faults;
      for (const n of NAMES) {
        if (api[n] === undefined) continue;
        if (hostHad.get(n) !== undefined && faults[n] === null) {
          assert.ok(globalThis[n] === hostHad.get(n) || (n === 'TextDecoder' && faults.sharedInput), `${n}: the host's class is kept`);
        } else {
          assert.equal(globalThis[n], api[n], `${n}: installed because the host lacks it or gets it wrong (${faults[n]})`);
        }
      }
      await polyfill.load();
      // Classes installed by the import itself are already ours, so force reports only the rest.
      const expected = NAMES.filter((n) => typeof api[n] === 'function' && globalThis[n] !== api[n]);
      const installed = polyfill.install({ force: true });
      assert.ok(Array.isArray(installed.details), 'install() reports its details');
      assert.arrayEqual(installed, expected, 'install({force: true}) reports what it replaced');
      for (const n of NAMES) {
        if (typeof api[n] !== 'function') continue;
        assert.equal(globalThis[n], api[n], `${n} is ours after install({force: true})`);
        const desc = Object.getOwnPropertyDescriptor(globalThis, n);
        const before = saved.get(n);
        assert.equal(desc.writable, true, `${n} writable`);
        if (before !== undefined && !before.configurable) {
          // A host global that is writable but not configurable (Vercel's edge runtime) keeps its attributes.
          assert.equal(desc.configurable, false, `${n} keeps the host's attributes`);
          assert.equal(desc.enumerable, before.enumerable, `${n} keeps the host's attributes`);
        } else {
          assert.equal(desc.enumerable, false, `${n} not enumerable`);
          assert.equal(desc.configurable, true, `${n} configurable`);
        }
      }
      assert.equal(faults.core, null, 'the core runs here (faults.core)');
      for (const d of installed.details) {
        assert.ok(['installed', 'replaced', 'wrapped', 'kept', 'skipped'].includes(d.action), `${d.name}: a known action (${d.action})`);
        assert.equal(typeof d.reason, 'string', `${d.name}: a reason`);
        assert.equal(installed.includes(d.name), ['installed', 'replaced', 'wrapped'].includes(d.action), `${d.name} is listed when it was ${d.action}`);
      }
      assert.arrayEqual(polyfill.install({ force: true }), [], 'a second install changes nothing');
      assert.arrayEqual(polyfill.install(), []);
      assert.throws(TypeError, () => polyfill.install(5), 'options must be an object');
      // The installed globals work.
      const decoded = new globalThis.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0]));
      assert.equal(decoded, '\u3042');
      assert.arrayEqual(new globalThis.TextEncoder().encode('\u3042'), [0xe3, 0x81, 0x82]);
    } finally {
      for (const [n, desc] of saved) {
        if (desc === undefined) delete globalThis[n];
        else Object.defineProperty(globalThis, n, desc);
      }
    }
  });
}
