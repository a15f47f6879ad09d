// User code that replaces built-ins after loading the package changes nothing: every hot path
// captured what it needs when its module was evaluated. Each patch runs in a fresh Node process
// (a fresh realm) that imports the entries, patches, and only then makes its first call (so
// instantiating the wasm happens after the patch too); its results must equal the unpatched ones.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { entryFile } from '../../scripts/lib/package.mjs';
import { pkgDir } from './package.mjs';

/** The calls every realm makes; returns JSON-able results. Source text, run in the child too. */
const WORKLOAD = `async (entries, legacy) => {
  const out = [];
  const u8 = (a) => new Uint8Array(a);
  const utf8 = [...'Mars, the fourth planet — Марс, 火星 🚀 déjà vu '.repeat(3000)].join('');
  for (const [name, m] of Object.entries(entries)) {
    const { TextDecoder, TextEncoder } = m;
    const e = new TextEncoder();
    const long = e.encode(utf8);
    const d = new TextDecoder();
    out.push(name, d.decode(u8([0x68, 0x69])), d.decode(e.encode('Марс')), d.decode(long).length);
    out.push(d.decode(new Uint8Array(100000).fill(0x41)).length);
    out.push(new TextDecoder('shift_jis').decode(u8([0x82, 0xa0, 0x41, 0x89, 0xce, 0x90, 0xaf])));
    out.push(new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 5000 }, (_, i) => 0x80 + (i % 128))).length);
    out.push(new TextDecoder('latin1').decode(Uint8Array.from({ length: 5000 }, (_, i) => 0xa0 + (i % 96))).slice(0, 5));
    let streamed = '';
    const s = new TextDecoder('utf-8');
    for (let i = 0; i < long.length; i += 777) streamed += s.decode(long.subarray(i, i + 777), { stream: true });
    streamed += s.decode();
    out.push(streamed === utf8);
    try { new TextDecoder('utf-8', { fatal: true }).decode(u8([0xff])); out.push('no error'); } catch (err) { out.push(err.constructor.name); }
    try { new TextDecoder('no such label'); out.push('no error'); } catch (err) { out.push(err.constructor.name); }
    out.push([...e.encode('abc')], [...e.encode('Марс\\ud800')], e.encode(utf8).length);
    const dest = new Uint8Array(10);
    out.push(e.encodeInto('a€😀b', dest), [...dest]);
    let pos = 0, total = 0;
    const buf = new Uint8Array(64);
    while (pos < utf8.length) { const r = e.encodeInto(utf8.slice(pos), buf); pos += r.read; total += r.written; }
    out.push(total);
  }
  out.push([...legacy.encode('火星 A 😀', 'shift_jis', { mode: 'html' })]);
  return out;
}`;

/**
 * The built-ins replaced, each as [owner expression, property]. The replacement throws when
 * package code calls it, and otherwise behaves as the original (the workload itself may use it).
 */
const PATCHES = {
  'TypedArray.prototype.set': ['Object.getPrototypeOf(Uint8Array.prototype)', 'set'],
  'TypedArray.prototype.subarray': ['Object.getPrototypeOf(Uint8Array.prototype)', 'subarray'],
  'TypedArray.prototype.slice': ['Object.getPrototypeOf(Uint8Array.prototype)', 'slice'],
  'ArrayBuffer.prototype.slice': ['ArrayBuffer.prototype', 'slice'],
  'String.prototype.charCodeAt': ['String.prototype', 'charCodeAt'],
  'String.prototype.slice': ['String.prototype', 'slice'],
  'String.prototype.toLowerCase': ['String.prototype', 'toLowerCase'],
  'String.fromCharCode': ['String', 'fromCharCode'],
  'Function.prototype.apply': ['Function.prototype', 'apply'],
  'Function.prototype.call': ['Function.prototype', 'call'],
  'Function.prototype.bind': ['Function.prototype', 'bind'],
  'Array.prototype.join': ['Array.prototype', 'join'],
  'Array.prototype.push': ['Array.prototype', 'push'],
  'Map.prototype.get': ['Map.prototype', 'get'],
  'WeakMap.prototype.get': ['WeakMap.prototype', 'get'],
  'Math.min': ['Math', 'min'],
  'Reflect.apply': ['Reflect', 'apply'],
  'Buffer.prototype.latin1Slice': ['Buffer.prototype', 'latin1Slice'],
  'Buffer.prototype.ucs2Slice': ['Buffer.prototype', 'ucs2Slice'],
  'WebAssembly.Memory.prototype.buffer': ['WebAssembly.Memory.prototype', 'buffer'],
};

function child(patch) {
  const url = (f) => pathToFileURL(`${pkgDir}/${f}`).href;
  return `
const entries = { node: await import(${JSON.stringify(url(entryFile('.', 'node')))}), web: await import(${JSON.stringify(url(entryFile('.', 'web')))}) };
const legacy = await import(${JSON.stringify(url(entryFile('./legacy', 'node')))});
const realApply = Reflect.apply;
const realTest = RegExp.prototype.test;
const packagePath = new RegExp(${JSON.stringify(pkgDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))});
// Whether the caller of a patched built-in is package code (the workload's own calls are allowed).
function inPackage() {
  const frames = new Error().stack.split('\\n');
  return realApply(realTest, packagePath, [frames[3] || '']);
}
function patch(owner, property) {
  const descriptor = Object.getOwnPropertyDescriptor(owner, property);
  if (descriptor.get) {
    const get = descriptor.get;
    Object.defineProperty(owner, property, { ...descriptor, get() { if (inPackage()) throw new Error('a patched getter was called: ' + property); return realApply(get, this, []); } });
  } else {
    const real = descriptor.value;
    owner[property] = function (...args) { if (inPackage()) throw new Error('a patched built-in was called: ' + property); return realApply(real, this, args); };
  }
}
${patch}
const results = await (${WORKLOAD})(entries, legacy);
process.stdout.write(JSON.stringify(results));
`;
}

const run = (patch) => {
  const code = patch === null ? child('') : child(`patch(${patch[0]}, ${JSON.stringify(patch[1])});`);
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
};

const expected = run(null);

test('the workload runs unpatched', () => {
  assert.ok(expected.length > 30);
  assert.ok(expected.includes('Марс'), JSON.stringify(expected.slice(0, 8)));
});

for (const [name, patch] of Object.entries(PATCHES)) {
  test(`replacing ${name} after loading changes nothing`, () => {
    assert.deepEqual(run(patch), expected);
  });
}
