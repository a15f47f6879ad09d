// The wasm boundary's protocol is defined once on each side with the same names: the protocol
// section of src/wasm.rs (its `const` items) and js/core/protocol.js (its exports), and for the
// detector's own wasm, src/wasm_detect.rs and js/core/detect-protocol.js. Every name on one side
// is on the other with the same value, and the built package ships the same modules.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { root } from '../../scripts/lib/package.mjs';
import { importPkg } from './package.mjs';

const rust = readFileSync(join(root, 'src', 'wasm.rs'), 'utf8');
const js = await import(join(root, 'js', 'core', 'protocol.js'));
const detectRust = readFileSync(join(root, 'src', 'wasm_detect.rs'), 'utf8');
const detectJs = await import(join(root, 'js', 'core', 'detect-protocol.js'));

/** The protocol's constants in the Rust source `text`: name → value (i32::MIN and the like evaluated). */
function rustProtocol(text) {
  const start = text.indexOf('// ---- The protocol');
  const end = text.indexOf('// ---- end of the protocol');
  assert.ok(start >= 0 && end > start, 'the Rust source marks its protocol section');
  const section = text.slice(start, end);
  const out = {};
  for (const m of section.matchAll(/^(?:pub\(crate\) )?const ([A-Z0-9_]+): (u32|i32|usize) = ([^;]+);/gm)) {
    const [, name, type, text] = m;
    const limits = { 'i32::MIN': -(2 ** 31), 'i32::MAX': 2 ** 31 - 1, 'u32::MAX': 2 ** 32 - 1 };
    const value = text in limits ? limits[text] : Number(text.replace(/_/g, ''));
    assert.ok(Number.isInteger(value), `${name} = ${text} is a plain integer`);
    out[name] = { value, type };
  }
  return out;
}

/**
 * Where the Rust source `text` and the JavaScript exports `exports` disagree (one line each);
 * `files` names the two sides in the messages.
 */
function differences(text, exports, files = ['src/wasm.rs', 'js/core/protocol.js']) {
  const rustSide = rustProtocol(text);
  const out = [];
  for (const name of Object.keys(rustSide)) if (!(name in exports)) out.push(`${name} is missing in ${files[1]}`);
  for (const name of Object.keys(exports)) if (!(name in rustSide)) out.push(`${name} is not in the protocol section of ${files[0]}`);
  for (const [name, { value }] of Object.entries(rustSide)) if (name in exports && exports[name] !== value) out.push(`${name}: ${value} in Rust, ${exports[name]} in JavaScript`);
  return out;
}

test('src/wasm.rs and js/core/protocol.js define the same protocol', () => {
  assert.ok(Object.keys(rustProtocol(rust)).length >= 10, 'the Rust section has the IO words, output kinds and statuses');
  assert.deepEqual(differences(rust, js), []);
});

test('src/wasm_detect.rs and js/core/detect-protocol.js define the same protocol', () => {
  assert.ok(Object.keys(rustProtocol(detectRust)).length >= 10, 'the Rust section has the IO words, guess words and statuses');
  assert.deepEqual(differences(detectRust, detectJs, ['src/wasm_detect.rs', 'js/core/detect-protocol.js']), []);
});

test('the IO words are the numbers 0 to IO_WORDS - 1, each once (both protocols)', () => {
  for (const [side, source] of [
    [js, rust],
    [detectJs, detectRust],
  ]) {
    const words = Object.entries(side).filter(([name]) => name.startsWith('IO_') && name !== 'IO_WORDS').map(([, v]) => v);
    assert.deepEqual(words.sort((a, b) => a - b), Array.from({ length: side.IO_WORDS }, (_, i) => i));
    // The static in Rust is sized by IO_WORDS.
    assert.match(source, /static IO: \[AtomicU32; IO_WORDS\]/);
  }
});

test('the guess area: the words before the candidates are 0 to GUESS_CANDIDATES - 1, each once', () => {
  const words = Object.entries(detectJs).filter(([name]) => name.startsWith('GUESS_') && name !== 'GUESS_CANDIDATES').map(([, v]) => v);
  assert.deepEqual(words.sort((a, b) => a - b), Array.from({ length: detectJs.GUESS_CANDIDATES }, (_, i) => i));
});

test('the JavaScript side names no protocol value of its own: no module but core/protocol.js spells one', () => {
  // A status or IO word written as a bare number elsewhere would drift from src/wasm.rs unseen.
  for (const file of ['core/instance.js', 'core/crossing.js', 'core/strings.js', 'core/labels.js', 'idl/text-decoder.js', 'idl/encode-modes.js', 'idl/text-encoder.js']) {
    const text = readFileSync(join(root, 'js', file), 'utf8');
    assert.doesNotMatch(text, /-2147483648|\bio\[ioAt \+ \d/, `${file} uses the protocol's names`);
  }
  for (const file of ['core/detect-instance.js', 'idl/detect.js']) {
    const text = readFileSync(join(root, 'js', file), 'utf8');
    assert.doesNotMatch(text, /4294967295|0xffffffff|\bwords\[(ioAt|g) \+ \d|\bstatus [!=]==? -?\d/, `${file} uses the protocol's names`);
  }
});

test('the built package ships js/core/protocol.js and js/core/detect-protocol.js as they are', async () => {
  assert.deepEqual({ ...(await importPkg('core/protocol.js')) }, { ...js });
  assert.deepEqual({ ...(await importPkg('core/detect-protocol.js')) }, { ...detectJs });
});

test('the check can fail: a changed value, a name only in Rust and a name only in JavaScript are each caught', () => {
  const changed = rust.replace('const BAD_HANDLE: i32 = -2;', 'const BAD_HANDLE: i32 = -3;');
  assert.notEqual(changed, rust, 'the line exists in src/wasm.rs');
  assert.deepEqual(differences(changed, js), ['BAD_HANDLE: -3 in Rust, -2 in JavaScript']);
  const added = rust.replace('// ---- end of the protocol', 'const IO_EXTRA: usize = 8;\n// ---- end of the protocol');
  assert.deepEqual(differences(added, js), ['IO_EXTRA is missing in js/core/protocol.js']);
  assert.deepEqual(differences(rust, { ...js, OUT_UTF8: 2 }), ['OUT_UTF8 is not in the protocol section of src/wasm.rs']);
});
