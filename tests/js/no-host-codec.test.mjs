// The package works in a realm without TextDecoder/TextEncoder: a child node process deletes both
// globals before importing the entries (the web entry, with the inlined wasm, and the Node entry),
// then decodes and encodes; another imports the detector's entries (web, Node, JavaScript build)
// and detects. The wasm-bindgen glue must not use them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import vm from 'node:vm';
import { entryFile, GENERATED, packageUrl } from '../../scripts/lib/package.mjs';
import { pkgDir } from './package.mjs';

const entry = (host) => packageUrl(pkgDir, entryFile('.', host));

test('a fresh vm context has neither TextDecoder nor TextEncoder', () => {
  const context = vm.createContext({});
  assert.equal(vm.runInContext('typeof TextDecoder', context), 'undefined');
  assert.equal(vm.runInContext('typeof TextEncoder', context), 'undefined');
  assert.equal(vm.runInContext('typeof globalThis.TextDecoder', context), 'undefined');
});

test('what is kept of the wasm-bindgen glue (instantiate.js) never mentions TextDecoder or TextEncoder', () => {
  for (const file of [GENERATED.instantiate, `lite/${GENERATED.instantiate}`, GENERATED.detectInstantiate]) {
    const glue = readFileSync(join(pkgDir, file), 'utf8');
    assert.match(glue, /__wbg_get_imports/);
    assert.equal(glue.includes('TextDecoder'), false, file);
    assert.equal(glue.includes('TextEncoder'), false, file);
  }
});

/** The child's code: imports the entries in `order`, checks results, prints a JSON summary. */
function childCode(order) {
  return `
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
if (typeof TextDecoder !== 'undefined' || typeof TextEncoder !== 'undefined') throw new Error('the globals are still there');
const entries = ${JSON.stringify(order.map(entry))};
const results = [];
const eq = (actual, expected, what) => {
  if (actual !== expected) throw new Error(what + ': ' + JSON.stringify(actual) + ' !== ' + JSON.stringify(expected));
};
for (const url of entries) {
  const { TextDecoder, TextEncoder } = await import(url);
  eq(typeof TextDecoder, 'function', url + ' exports TextDecoder');
  eq(typeof TextEncoder, 'function', url + ' exports TextEncoder');
  // windows-1252 bytes.
  eq(new TextDecoder('windows-1252').decode(new Uint8Array([0x80, 0x41, 0xe9, 0x9f, 0xff])), '€AéŸÿ', 'windows-1252');
  // UTF-8 with a 4-byte sequence, a BOM, streaming across the 4-byte sequence.
  const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xf0, 0x9f, 0x98, 0x80, 0x62]);
  eq(new TextDecoder().decode(utf8), 'a😀b', 'utf-8');
  const d = new TextDecoder('utf-8', { fatal: true });
  eq(d.decode(utf8.subarray(0, 6), { stream: true }) + d.decode(utf8.subarray(6)), 'a😀b', 'utf-8 streamed');
  let threw = false;
  try { d.decode(new Uint8Array([0xff])); } catch (e) { threw = e instanceof TypeError; }
  eq(threw, true, 'fatal TypeError');
  // Long outputs (the string is built without a host UTF-16 decoder), a BOM kept with ignoreBOM.
  const long = new Uint8Array(30000 * 4);
  for (let i = 0; i < long.length; i += 4) long.set([0xf0, 0x9f, 0x98, 0x80], i);
  eq(new TextDecoder().decode(long), '😀'.repeat(30000), 'long utf-8');
  eq(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, ...new Array(100).fill(0x7a)])), '\\ufeff' + 'z'.repeat(100), 'ignoreBOM long');
  eq(new TextDecoder('utf-16be').decode(new Uint8Array([0xd8, 0x3d, 0xde, 0x00])), '😀', 'utf-16be');
  // Encoding.
  const enc = new TextEncoder();
  eq(Array.from(enc.encode('a😀€\\ud800')).join(','), [0x61, 0xf0, 0x9f, 0x98, 0x80, 0xe2, 0x82, 0xac, 0xef, 0xbf, 0xbd].join(','), 'encode');
  const dest = new Uint8Array(5);
  const r = enc.encodeInto('a😀b', dest);
  eq(r.read + '/' + r.written, '3/5', 'encodeInto');
  eq(Array.from(dest).join(','), '97,240,159,152,128', 'encodeInto bytes');
  eq(enc.encode('x'.repeat(100000)).length, 100000, 'long encode');
  results.push(url.split('/').slice(-2)[0]);
}
eq(typeof globalThis.TextDecoder, 'undefined', 'the package does not install globals');
eq(typeof globalThis.TextEncoder, 'undefined', 'the package does not install globals');
console.log(JSON.stringify({ ok: true, entries: results }));
`;
}

for (const order of [
  ['web', 'node'],
  ['node', 'web'],
]) {
  test(`without host TextDecoder/TextEncoder: import ${order.join(' then ')} and decode/encode`, () => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', childCode(order)], { encoding: 'utf8', timeout: 60000 });
    assert.equal(child.status, 0, `child failed:\n${child.stderr}\n${child.stdout}`);
    const last = child.stdout.trim().split('\n').pop();
    assert.deepEqual(JSON.parse(last), { ok: true, entries: order });
  });
}

for (const host of ['web', 'node', 'wasm2js']) {
  test(`without host TextDecoder/TextEncoder: the detector entry of ${host}/ loads its wasm and detects`, () => {
    const code = `
delete globalThis.TextDecoder;
delete globalThis.TextEncoder;
if (typeof TextDecoder !== 'undefined' || typeof TextEncoder !== 'undefined') throw new Error('the globals are still there');
const { detect, createDetector } = await import(${JSON.stringify(packageUrl(pkgDir, entryFile('./detect', host)))});
const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, 0x41, 0x82, 0xa0]);
const r = detect(bytes, { tld: 'JP' });
const d = createDetector({ tld: 'jp' });
for (const b of bytes) d.feed(Uint8Array.of(b));
const streamed = d.guess();
d.free();
console.log(JSON.stringify({ keys: Object.keys(r).join(), same: JSON.stringify(r) === JSON.stringify(streamed), name: r.encoding === null || typeof r.encoding === 'string', globals: typeof globalThis.TextDecoder + typeof globalThis.TextEncoder }));
`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 60000 });
    assert.equal(child.status, 0, `child failed:\n${child.stderr}\n${child.stdout}`);
    assert.deepEqual(JSON.parse(child.stdout.trim().split('\n').pop()), { keys: 'encoding,confidence,candidates', same: true, name: true, globals: 'undefinedundefined' });
  });
}

test('the child check can fail: a wrong expectation is reported', () => {
  // Guards the harness itself: a child that asserts something false exits non-zero.
  const code = childCode(['node']).replace("'€AéŸÿ'", "'wrong'");
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 60000 });
  assert.notEqual(child.status, 0);
  assert.match(child.stderr, /windows-1252/);
});
