// The web folder's inlined wasm modules (js/core/inline-wasm.js): the 99-byte module that joins
// the letters is what its text says, both ways of joining give back every byte, and each shipped
// inline.js is its .wasm.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import binaryen from 'binaryen';
import { ADD_ONS, packageDir, root } from '../../scripts/lib/package.mjs';

const pkgDir = packageDir();

const source = join(root, 'js', 'core', 'inline-wasm.js');
const { BOOT, inlineBytes, joinedByBoot, joinedByLoop } = await import(source);

/** The build's text of `bytes` (scripts/build.mjs, inlineText), written again here. */
function lettersOf(bytes) {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(0x61 + (b & 0xf), 0x41 + (b >> 4));
  return text;
}

test('BOOT is the module its comment spells out', () => {
  const comment = readFileSync(source, 'utf8').match(/\/\*\*\n \* BOOT, in the same letters, assembled from this text[\s\S]*?\n \*\n((?: \* {3}.*\n)+)/)[1];
  const wat = comment.replace(/^ \* {3}/gm, '');
  const module = binaryen.parseText(wat);
  try {
    assert.ok(module.validate());
    assert.deepEqual([...module.emitBinary()], [...joinedByLoop(BOOT)]);
  } finally {
    module.dispose();
  }
});

test('every byte value, and lengths around a memory page, come back through both ways', () => {
  const every = Uint8Array.from({ length: 512 }, (_, i) => (i * 7) & 0xff);
  const lengths = [0, 1, 2, 255, 32767, 32768, 32769, 65536, 100003];
  for (const n of lengths) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => every[i % every.length] ^ (i >> 9));
    const text = lettersOf(bytes);
    assert.deepEqual(joinedByBoot(text), bytes, `boot, ${n} bytes`);
    assert.deepEqual(joinedByLoop(text), bytes, `loop, ${n} bytes`);
    assert.deepEqual(inlineBytes(text), bytes, `inlineBytes, ${n} bytes`);
  }
});

test('without WebAssembly or TextEncoder, the loop joins the letters', async () => {
  const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 13) & 0xff);
  for (const name of ['WebAssembly', 'TextEncoder']) {
    const saved = Object.getOwnPropertyDescriptor(globalThis, name);
    delete globalThis[name];
    let module;
    try {
      module = await import(`${source}?without-${name}`);
    } finally {
      Object.defineProperty(globalThis, name, saved);
    }
    assert.throws(() => module.joinedByBoot(lettersOf(bytes)), TypeError, `${name} missing: BOOT cannot run`);
    assert.deepEqual(module.inlineBytes(lettersOf(bytes)), bytes, `${name} missing`);
  }
});

test('each inline.js of the package is its .wasm', async () => {
  const pairs = [
    ['wasm/inline.js', 'wasm/core.wasm'],
    ['wasm/detect-inline.js', 'wasm/detect.wasm'],
    ['lite/wasm/inline.js', 'lite/wasm/core.wasm'],
    ...ADD_ONS.map((language) => [`lite/wasm/${language}-inline.js`, `lite/wasm/${language}.wasm`]),
  ];
  for (const [text, wasm] of pairs) {
    const { default: letters } = await import(join(pkgDir, text));
    assert.match(letters.slice(0, 64), /^(?:[a-p][A-P])+$/, text);
    assert.deepEqual(Buffer.from(inlineBytes(letters)), readFileSync(join(pkgDir, wasm)), text);
  }
});
