// The package's entries through its exports map, resolved by name from a temporary project whose
// node_modules/text-encoding-wasm links to the built package: what each entry exports under each
// condition (node import, node require without require(esm), browser, deno), the polyfill
// installing only missing classes (and replacing with `force`), the lite entries refusing CJK
// encodings with a RangeError that points to the full entry, and the standard entries.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { importPkg, pkgDir } from './package.mjs';

const project = mkdtempSync(join(tmpdir(), 'tew-entries-'));
mkdirSync(join(project, 'node_modules'));
symlinkSync(pkgDir, join(project, 'node_modules', 'text-encoding-wasm'), 'dir');
after(() => rmSync(project, { recursive: true, force: true }));

/** Flags that make `require` of an ES module fail, where this Node has require(esm). */
const NO_REQUIRE_ESM = process.allowedNodeEnvironmentFlags.has('--experimental-require-module') ? ['--no-experimental-require-module'] : [];

/** Runs `code` in a child Node in the temporary project; returns its JSON output. */
function run(code, { type = 'module', flags = [] } = {}) {
  const r = spawnSync(process.execPath, [...flags, `--input-type=${type}`, '-e', code], { cwd: project, encoding: 'utf8' });
  assert.equal(r.status, 0, `child failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

const CLASSES = ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream'];
const CJK = ['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'];
const pkgJson = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

// Used by the children: a short report of a module's exports and a decode/encode smoke test.
const REPORT = `
  const report = (m, extra = {}) => ({
    keys: Object.keys(m).sort(),
    types: Object.fromEntries(Object.keys(m).sort().map((k) => [k, typeof m[k]])),
    ...extra,
  });
  const smoke = (m) => m.TextDecoder && new m.TextDecoder('windows-1252').decode(Uint8Array.of(0x80, 0x61)) + '|' + Array.from(new m.TextEncoder().encode('é')).join(',');
`;

test('exports map: every subpath has deno, browser, node {import, require}, types and default, and every file exists', () => {
  const jsEntries = ['./js', './js/polyfill', './js/legacy', './js/standard'];
  assert.deepEqual(Object.keys(pkgJson.exports), ['.', './polyfill', './lite', './legacy', './standard', './lite/standard', ...jsEntries, './package.json']);
  const files = [];
  const collect = (target) => {
    if (typeof target === 'string') files.push(target);
    else for (const value of Object.values(target)) collect(value);
  };
  for (const [subpath, target] of Object.entries(pkgJson.exports)) {
    collect(target);
    if (subpath === './package.json') continue;
    // React Native takes the JavaScript build of each entry (the `/js` entries themselves need no such condition).
    const conditions = ['deno', 'browser', 'node', 'types', 'default'];
    assert.deepEqual(Object.keys(target), jsEntries.includes(subpath) ? conditions : ['react-native', ...conditions], subpath);
    if (!jsEntries.includes(subpath)) assert.match(target['react-native'].default, /^\.\/(lite\/)?js(-[a-z]+)?\.js$/, subpath);
    assert.deepEqual(Object.keys(target.node), ['import', 'require'], subpath);
    assert.match(target.node.require.default, /^\.\/cjs\/.*\.cjs$/, subpath);
    assert.match(target.node.require.types, /\.d\.cts$/, subpath);
  }
  for (const file of [...files, pkgJson.main, pkgJson.module, pkgJson.types]) {
    assert.ok(existsSync(join(pkgDir, file)), `${file} exists`);
  }
  assert.equal(pkgJson.type, 'module');
});

test('text-encoding-wasm (node, import): the four classes, from node.js', () => {
  const out = run(`${REPORT}
    const m = await import('text-encoding-wasm');
    console.log(JSON.stringify(report(m, { resolved: import.meta.resolve('text-encoding-wasm'), smoke: smoke(m), host: m.TextDecoder === globalThis.TextDecoder })));
  `);
  assert.deepEqual(out.keys, CLASSES);
  assert.ok(Object.values(out.types).every((t) => t === 'function'));
  assert.match(out.resolved, /\/node\.js$/);
  assert.equal(out.smoke, '€a|195,169');
  assert.equal(out.host, false, 'nothing global is touched');
});

test('text-encoding-wasm (browser and deno conditions): the four classes, from index.js with the wasm inlined', () => {
  for (const condition of ['browser', 'deno']) {
    const out = run(`${REPORT}
      const m = await import('text-encoding-wasm');
      const legacy = await import('text-encoding-wasm/legacy');
      console.log(JSON.stringify(report(m, {
        resolved: import.meta.resolve('text-encoding-wasm'),
        polyfill: import.meta.resolve('text-encoding-wasm/polyfill'),
        lite: import.meta.resolve('text-encoding-wasm/lite'),
        legacy: import.meta.resolve('text-encoding-wasm/legacy'),
        smoke: smoke(m),
        legacySmoke: Array.from(legacy.encode('€', 'windows-1252')),
      })));
    `, { flags: [`--conditions=${condition}`] });
    assert.deepEqual(out.keys, CLASSES, condition);
    assert.match(out.resolved, /\/index\.js$/, condition);
    assert.match(out.polyfill, /\/polyfill\.js$/, condition);
    assert.match(out.lite, /\/lite\/index\.js$/, condition);
    assert.match(out.legacy, /\/legacy\.js$/, condition);
    assert.equal(out.smoke, '€a|195,169', condition);
    assert.deepEqual(out.legacySmoke, [0x80], condition);
  }
});

test('text-encoding-wasm/legacy and /lite (node, import)', () => {
  const out = run(`${REPORT}
    const legacy = await import('text-encoding-wasm/legacy');
    const lite = await import('text-encoding-wasm/lite');
    const full = await import('text-encoding-wasm');
    console.log(JSON.stringify({
      legacy: report(legacy, { resolved: import.meta.resolve('text-encoding-wasm/legacy'), euro: Array.from(legacy.encode('€', 'windows-1252')) }),
      lite: report(lite, { resolved: import.meta.resolve('text-encoding-wasm/lite'), smoke: smoke(lite), distinct: lite.TextDecoder !== full.TextDecoder }),
    }));
  `);
  assert.deepEqual(out.legacy.keys, ['LegacyEncoder', 'createEncoder', 'encode']);
  assert.match(out.legacy.resolved, /\/node-legacy\.js$/);
  assert.deepEqual(out.legacy.euro, [0x80]);
  assert.deepEqual(out.lite.keys, CLASSES);
  assert.match(out.lite.resolved, /\/lite\/node\.js$/);
  assert.equal(out.lite.smoke, '€a|195,169');
  assert.equal(out.lite.distinct, true, 'lite is its own module graph over its own wasm');
});

test('require(): every entry is real CommonJS (works without require(esm))', () => {
  const out = run(`${REPORT}
    const m = require('text-encoding-wasm');
    const legacy = require('text-encoding-wasm/legacy');
    const lite = require('text-encoding-wasm/lite');
    let liteError = '';
    try { new lite.TextDecoder('shift_jis'); } catch (e) { liteError = e.name + ': ' + e.message; }
    delete globalThis.TextDecoderStream;
    const polyfill = require('text-encoding-wasm/polyfill');
    console.log(JSON.stringify({
      main: report(m, { resolved: require.resolve('text-encoding-wasm'), smoke: smoke(m) }),
      legacy: report(legacy, { resolved: require.resolve('text-encoding-wasm/legacy'), euro: Array.from(legacy.encode('€', 'windows-1252')) }),
      lite: report(lite, { resolved: require.resolve('text-encoding-wasm/lite'), smoke: smoke(lite), liteError }),
      polyfill: report(polyfill, { resolved: require.resolve('text-encoding-wasm/polyfill'), installed: globalThis.TextDecoderStream === m.TextDecoderStream, decoderIsOurs: globalThis.TextDecoder === m.TextDecoder, decoderFault: polyfill.faults.TextDecoder, details: polyfill.installed.details }),
    }));
  `, { type: 'commonjs', flags: NO_REQUIRE_ESM });
  assert.deepEqual(out.main.keys, CLASSES);
  assert.match(out.main.resolved, /\/cjs\/index\.cjs$/);
  assert.equal(out.main.smoke, '€a|195,169');
  assert.deepEqual(out.legacy.keys, ['LegacyEncoder', 'createEncoder', 'encode']);
  assert.match(out.legacy.resolved, /\/cjs\/legacy\.cjs$/);
  assert.deepEqual(out.legacy.euro, [0x80]);
  assert.deepEqual(out.lite.keys, CLASSES);
  assert.match(out.lite.resolved, /\/cjs\/lite\.cjs$/);
  assert.equal(out.lite.smoke, '€a|195,169');
  assert.match(out.lite.liteError, /^RangeError: .*'text-encoding-wasm'/);
  assert.deepEqual(out.polyfill.keys, ['faults', 'install', 'installed', 'load', 'ready']);
  assert.match(out.polyfill.resolved, /\/cjs\/polyfill\.cjs$/);
  assert.equal(out.polyfill.installed, true, 'the missing TextDecoderStream is installed, and it is the class require() gives');
  assert.equal(out.polyfill.decoderIsOurs, out.polyfill.decoderFault !== null, "the host's TextDecoder is kept exactly when it passed the probes");
  if (out.polyfill.decoderFault !== null) {
    assert.deepEqual(out.polyfill.details.find((d) => d.name === 'TextDecoder'), { name: 'TextDecoder', action: 'replaced', reason: out.polyfill.decoderFault });
  }
});

test('require() and import give working classes of the same behaviour', () => {
  const out = run(`
    const { createRequire } = await import('node:module');
    const require = createRequire(process.cwd() + '/x.js');
    const cjs = require('text-encoding-wasm');
    const esm = await import('text-encoding-wasm');
    const bytes = Uint8Array.of(0xe6, 0x97, 0xa5, 0xff);
    console.log(JSON.stringify([cjs, esm].map((m) => new m.TextDecoder().decode(bytes))));
  `);
  assert.deepEqual(out, ['日\uFFFD', '日\uFFFD']);
});

const STANDARD = [
  'C0_CONTROL_PERCENT_ENCODE_SET', 'COMPONENT_PERCENT_ENCODE_SET', 'FORM_URLENCODED_PERCENT_ENCODE_SET', 'FRAGMENT_PERCENT_ENCODE_SET',
  'PATH_PERCENT_ENCODE_SET', 'PERCENT_ENCODE_SETS', 'QUERY_PERCENT_ENCODE_SET', 'SPECIAL_QUERY_PERCENT_ENCODE_SET', 'USERINFO_PERCENT_ENCODE_SET',
  'bomSniff', 'decode', 'encode', 'encodeOrFail', 'getEncoding', 'getOutputEncoding', 'isomorphicDecode', 'isomorphicEncode',
  'percentEncodeAfterEncoding', 'utf8Decode', 'utf8DecodeWithoutBOM', 'utf8DecodeWithoutBOMOrFail', 'utf8Encode',
];
// A smoke test of a standard entry: a Shift_JIS query, and the lite build's refusal of it.
const STANDARD_SMOKE = `
  const standardSmoke = (m) => {
    let query;
    try { query = m.percentEncodeAfterEncoding('shift_jis', 'あ ‽', 'special-query'); } catch (e) { query = e.name; }
    return { query, decoded: m.decode(Uint8Array.of(0xff, 0xfe, 0x41, 0x00), 'latin1'), sniff: m.bomSniff(Uint8Array.of(0xef, 0xbb, 0xbf)) };
  };
`;
const FULL_SMOKE = { query: '%82%A0%20%26%238253%3B', decoded: { text: 'A', encoding: 'utf-16le' }, sniff: 'utf-8' };
const LITE_SMOKE = { ...FULL_SMOKE, query: 'RangeError' };

test('text-encoding-wasm/standard and /lite/standard under every condition, import and require', () => {
  const esm = run(`${REPORT}${STANDARD_SMOKE}
    const full = await import('text-encoding-wasm/standard');
    const lite = await import('text-encoding-wasm/lite/standard');
    const liteClasses = await import('text-encoding-wasm/lite');
    console.log(JSON.stringify({
      full: report(full, { resolved: import.meta.resolve('text-encoding-wasm/standard'), smoke: standardSmoke(full) }),
      lite: report(lite, { resolved: import.meta.resolve('text-encoding-wasm/lite/standard'), smoke: standardSmoke(lite) }),
      sameLiteWasm: lite.decode(Uint8Array.of(0x80), 'latin1').text === new liteClasses.TextDecoder('latin1').decode(Uint8Array.of(0x80)),
    }));
  `);
  assert.deepEqual(esm.full.keys, STANDARD);
  assert.match(esm.full.resolved, /\/node-standard\.js$/);
  assert.match(esm.lite.resolved, /\/lite\/node-standard\.js$/);
  assert.deepEqual(esm.full.smoke, FULL_SMOKE);
  assert.deepEqual(esm.lite.keys, STANDARD);
  assert.deepEqual(esm.lite.smoke, LITE_SMOKE);
  assert.equal(esm.sameLiteWasm, true);
  for (const condition of ['browser', 'deno']) {
    const web = run(`${REPORT}${STANDARD_SMOKE}
      const full = await import('text-encoding-wasm/standard');
      const lite = await import('text-encoding-wasm/lite/standard');
      console.log(JSON.stringify({ full: report(full, { resolved: import.meta.resolve('text-encoding-wasm/standard'), smoke: standardSmoke(full) }),
        lite: report(lite, { resolved: import.meta.resolve('text-encoding-wasm/lite/standard'), smoke: standardSmoke(lite) }) }));
    `, { flags: [`--conditions=${condition}`] });
    assert.match(web.full.resolved, /\/standard\.js$/, condition);
    assert.doesNotMatch(web.full.resolved, /node-standard/, condition);
    assert.match(web.lite.resolved, /\/lite\/standard\.js$/, condition);
    assert.deepEqual(web.full.keys, STANDARD, condition);
    assert.deepEqual(web.full.smoke, FULL_SMOKE, condition);
    assert.deepEqual(web.lite.smoke, LITE_SMOKE, condition);
  }
  const cjs = run(`${REPORT}${STANDARD_SMOKE}
    const full = require('text-encoding-wasm/standard');
    const lite = require('text-encoding-wasm/lite/standard');
    const liteClasses = require('text-encoding-wasm/lite');
    const legacy = require('text-encoding-wasm/legacy');
    console.log(JSON.stringify({
      full: report(full, { resolved: require.resolve('text-encoding-wasm/standard'), smoke: standardSmoke(full) }),
      lite: report(lite, { resolved: require.resolve('text-encoding-wasm/lite/standard'), smoke: standardSmoke(lite) }),
      liteClasses: report(liteClasses),
      replace: Array.from(legacy.encode('a😀', 'latin1', { mode: 'replace' })),
    }));
  `, { type: 'commonjs', flags: NO_REQUIRE_ESM });
  assert.deepEqual(cjs.full.keys, STANDARD);
  assert.match(cjs.full.resolved, /\/cjs\/standard\.cjs$/);
  assert.match(cjs.lite.resolved, /\/cjs\/lite-standard\.cjs$/);
  assert.deepEqual(cjs.full.smoke, FULL_SMOKE);
  assert.deepEqual(cjs.lite.keys, STANDARD);
  assert.deepEqual(cjs.lite.smoke, LITE_SMOKE);
  assert.deepEqual(cjs.liteClasses.keys, CLASSES);
  assert.deepEqual(cjs.replace, [0x61, 0x3f]);
});

test('polyfill: installs the missing and the faulty classes, as writable, configurable, non-enumerable globals', () => {
  const out = run(`
    const host = { TextDecoder: globalThis.TextDecoder, TextEncoder: globalThis.TextEncoder, TextDecoderStream: globalThis.TextDecoderStream, TextEncoderStream: globalThis.TextEncoderStream };
    delete globalThis.TextDecoder;
    delete globalThis.TextEncoderStream;
    const { install, faults, installed } = await import('text-encoding-wasm/polyfill');
    const ours = await import('text-encoding-wasm');
    const desc = (name) => { const d = Object.getOwnPropertyDescriptor(globalThis, name); return d && { writable: d.writable, enumerable: d.enumerable, configurable: d.configurable }; };
    const state = () => Object.fromEntries(Object.keys(host).map((k) => [k, globalThis[k] === ours[k] ? 'ours' : globalThis[k] === host[k] ? 'host' : typeof globalThis[k]]));
    const afterImport = state();
    const again = install();
    const afterAgain = state();
    const forced = install({ force: true });
    const afterForce = state();
    const forcedAgain = install({ force: true });
    console.log(JSON.stringify({ faults, installed, details: installed.details, afterImport, again, afterAgain, forced, afterForce, forcedAgain, desc: desc('TextDecoder'), descForced: desc('TextEncoder'),
      resolved: import.meta.resolve('text-encoding-wasm/polyfill'), installType: typeof install, keys: Object.keys(await import('text-encoding-wasm/polyfill')) }));
  `);
  assert.deepEqual(out.faults.TextDecoder, 'missing');
  assert.deepEqual(out.faults.TextEncoderStream, 'missing');
  // TextEncoder: Node's is right. TextDecoderStream: replaced exactly when the probes found a fault.
  const decoderStream = out.faults.TextDecoderStream === null ? 'host' : 'ours';
  assert.deepEqual(out.afterImport, { TextDecoder: 'ours', TextEncoder: out.faults.TextEncoder === null ? 'host' : 'ours', TextDecoderStream: decoderStream, TextEncoderStream: 'ours' });
  assert.deepEqual(out.details.map((d) => d.name), out.installed);
  assert.ok(out.details.every((d) => d.reason === out.faults[d.name]), 'each is reported with the probe that failed');
  assert.deepEqual(out.again, []);
  assert.deepEqual(out.afterAgain, out.afterImport);
  assert.deepEqual(out.forced, Object.keys(out.afterImport).filter((k) => out.afterImport[k] === 'host'));
  assert.deepEqual(out.afterForce, { TextDecoder: 'ours', TextEncoder: 'ours', TextDecoderStream: 'ours', TextEncoderStream: 'ours' });
  assert.deepEqual(out.forcedAgain, []);
  const platformLike = { writable: true, enumerable: false, configurable: true };
  assert.deepEqual(out.desc, platformLike);
  assert.deepEqual(out.descForced, platformLike);
  assert.match(out.resolved, /\/node-polyfill\.js$/);
  assert.deepEqual(out.keys.sort(), ['faults', 'install', 'installed', 'load', 'ready']);
});

test('polyfill: the classes the host has and gets right are kept; the faulty ones are replaced, with the reason', () => {
  const out = run(`
    const before = [globalThis.TextDecoder, globalThis.TextEncoder, globalThis.TextDecoderStream, globalThis.TextEncoderStream];
    const { install, faults, installed, ready } = await import('text-encoding-wasm/polyfill');
    const after = [globalThis.TextDecoder, globalThis.TextEncoder, globalThis.TextDecoderStream, globalThis.TextEncoderStream];
    let bad = '';
    try { install(5); } catch (e) { bad = e.name; }
    const names = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
    console.log(JSON.stringify({ kept: names.filter((n, i) => before[i] === after[i]), right: names.filter((n) => faults[n] === null), installed, sameReady: (await ready) === installed, again: install(), bad }));
  `);
  assert.deepEqual(out.kept, out.right);
  assert.deepEqual(out.installed, ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'].filter((n) => !out.right.includes(n)));
  assert.deepEqual([out.sameReady, out.again, out.bad], [true, [], 'TypeError']);
});

test('polyfill: the web entry loads no implementation where the host is right, wraps a SharedArrayBuffer refusal, and installs by force after load()', () => {
  const out = run(`
    // A host whose classes pass every probe but refuse SharedArrayBuffer input (as Chromium's do).
    const ours = await import('text-encoding-wasm');
    // Our own classes stand in for a right host (Node's lacks some encodings).
    class RightButStrict extends ours.TextDecoder {
      decode(input, options) {
        if (input && input.buffer instanceof SharedArrayBuffer) throw new TypeError('shared');
        return arguments.length ? super.decode(input, options) : super.decode();
      }
    }
    globalThis.TextDecoder = RightButStrict;
    globalThis.TextDecoderStream = ours.TextDecoderStream;
    const url = import.meta.resolve('text-encoding-wasm/polyfill').replace(/node-polyfill\.js$/, 'polyfill.js');
    const web = await import(url);
    const wrapped = globalThis.TextDecoder;
    const shared = new Uint8Array(new SharedArrayBuffer(3));
    shared.set([0xe2, 0x82, 0xac]);
    let forceError = '';
    try { web.install({ force: true }); } catch (e) { forceError = e.message; }
    await web.load();
    const forced = web.install({ force: true });
    console.log(JSON.stringify({ faults: web.faults, installed: web.installed, details: web.installed.details, isSub: wrapped.prototype instanceof RightButStrict,
      decoded: new wrapped().decode(shared), plain: new wrapped().decode(Uint8Array.of(0x41)), forceError, forced, nowOurs: globalThis.TextDecoder === (await import(url.replace(/polyfill\.js$/, 'index.js'))).TextDecoder }));
  `);
  assert.deepEqual(out.faults, { TextDecoder: null, TextEncoder: null, TextDecoderStream: null, TextEncoderStream: null, sharedInput: true });
  assert.deepEqual(out.installed, ['TextDecoder']);
  assert.equal(out.details[0].action, 'wrapped');
  assert.equal(out.isSub, true, 'the host class is wrapped (subclassed), not replaced');
  assert.equal(out.decoded, '€');
  assert.equal(out.plain, 'A');
  assert.match(out.forceError, /await load\(\)/);
  // TextDecoderStream stood in as ours already (node.js and index.js share their classes).
  assert.deepEqual(out.forced, ['TextDecoder', 'TextEncoder', 'TextEncoderStream']);
  assert.equal(out.nowOurs, true);
});

test('lite: CJK labels throw a RangeError naming the full entry; every other encoding works', async () => {
  const lite = await importPkg('lite/node.js');
  const full = await importPkg('node.js');
  for (const encoding of CJK) {
    for (const cls of [lite.TextDecoder, lite.TextDecoderStream]) {
      assert.throws(
        () => new cls(encoding),
        (e) => e instanceof RangeError && e.message.includes(`'${encoding}'`) && e.message.includes("'text-encoding-wasm'") && e.message.includes('lite'),
        `${cls.name} ${encoding}`,
      );
    }
    assert.equal(new full.TextDecoder(encoding).encoding, encoding, `the full entry has ${encoding}`);
  }
  for (const label of ['sjis', 'x-sjis', 'csiso2022jp', 'ks_c_5601-1987', 'chinese', 'big5-hkscs', 'cseucpkdfmtjapanese']) {
    assert.throws(() => new lite.TextDecoder(label), RangeError, label);
  }
  // The usual RangeError for unknown labels is unchanged.
  assert.throws(() => new lite.TextDecoder('bogus'), { name: 'RangeError', message: /invalid/ });
  const bytes = Uint8Array.of(0xff, 0xfe, 0x41, 0x00);
  for (const label of ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-2', 'koi8-r', 'x-user-defined', 'macintosh']) {
    assert.equal(new lite.TextDecoder(label).decode(bytes), new full.TextDecoder(label).decode(bytes), label);
  }
  assert.deepEqual(new lite.TextEncoder().encode('é€'), new full.TextEncoder().encode('é€'));
  const out = [];
  await new Blob([Uint8Array.of(0xe2, 0x82), Uint8Array.of(0xac)]).stream().pipeThrough(new lite.TextDecoderStream()).pipeTo(new WritableStream({ write: (s) => out.push(s) }));
  assert.deepEqual(out, ['€']);
  // The lite wasm leaves the CJK tables out.
  assert.ok(statSync(join(pkgDir, 'lite', 'wasm_bg.wasm')).size <= statSync(join(pkgDir, 'wasm_bg.wasm')).size);
});

test('package files: "files" covers every entry, lite/ and cjs/, and every .d.ts/.d.cts', () => {
  assert.ok(pkgJson.files.includes('lite/'));
  assert.ok(pkgJson.files.includes('cjs/'));
  for (const name of ['index.d.ts', 'polyfill.d.ts', 'legacy.d.ts', 'lite.d.ts', 'standard.d.ts', 'cjs/index.d.cts', 'cjs/polyfill.d.cts', 'cjs/legacy.d.cts', 'cjs/lite.d.cts', 'cjs/standard.d.cts', 'README.md']) {
    assert.ok(existsSync(join(pkgDir, name)), name);
  }
});

test('bundlers (esbuild, Rollup): the entries keep their wasm loader ("sideEffects") and unused classes are dropped', async () => {
  const { build } = await import('esbuild');
  const { rollup } = await import('rollup');
  const { nodeResolve } = await import('@rollup/plugin-node-resolve');
  const sources = {
    main: `import { TextDecoder } from 'text-encoding-wasm';\nconsole.log(new TextDecoder('windows-1252').decode(Uint8Array.of(0x80)));\n`,
    legacy: `import { encode } from 'text-encoding-wasm/legacy';\nimport 'text-encoding-wasm/polyfill';\nconsole.log(encode('€', 'windows-1252')[0] + typeof globalThis.TextDecoderStream);\n`,
    lite: `import { TextEncoder } from 'text-encoding-wasm/lite';\nconsole.log(new TextEncoder().encode('é').join());\n`,
    standard: `import { percentEncodeAfterEncoding } from 'text-encoding-wasm/standard';\nconsole.log(percentEncodeAfterEncoding('shift_jis', 'あ ', 'query'));\n`,
    liteStandard: `import { decode } from 'text-encoding-wasm/lite/standard';\nconsole.log(decode(Uint8Array.of(0xff, 0xfe, 0x41, 0), 'latin1').encoding);\n`,
  };
  const expected = { main: '€', legacy: '128function', lite: '195,169', standard: '%82%A0%20', liteStandard: 'utf-16le' };
  for (const [name, source] of Object.entries(sources)) writeFileSync(join(project, `${name}.mjs`), source);
  const bundlers = {
    async esbuild(input, output) {
      await build({ entryPoints: [input], bundle: true, platform: 'browser', format: 'esm', outfile: output, logLevel: 'silent' });
    },
    async rollup(input, output) {
      const bundle = await rollup({ input, plugins: [nodeResolve({ browser: true })], onwarn() {} });
      await bundle.write({ file: output, format: 'es', inlineDynamicImports: true });
      await bundle.close();
    },
  };
  for (const [bundler, run] of Object.entries(bundlers)) {
    for (const name of Object.keys(sources)) {
      const output = join(project, `out-${bundler}-${name}.mjs`);
      await run(join(project, `${name}.mjs`), output);
      const r = spawnSync(process.execPath, [output], { encoding: 'utf8' });
      assert.equal(r.status, 0, `${bundler} ${name}: ${r.stderr}`);
      assert.equal(r.stdout.trim(), expected[name], `${bundler} ${name}`);
      const code = readFileSync(output, 'utf8');
      if (name === 'main') assert.ok(!code.includes('makeTextEncoderStream') && !code.includes('LegacyEncoder'), `${bundler}: unused modules are dropped`);
      if (name === 'lite') assert.ok(!code.includes('decoderState'), `${bundler}: TextDecoder is dropped when unused`);
      if (name === 'standard') assert.ok(!code.includes('LegacyEncoder') && !code.includes('makeTextEncoderStream'), `${bundler}: the classes are dropped`);
    }
  }
});

// The JavaScript build (wasm2js of the same wasm): where WebAssembly is off, what resolves to it.
const SJIS = 'Array.from(Uint8Array.of(0x82, 0xa0, 0x41, 0x89, 0xce, 0x90, 0xaf))';
const NO_WASM = [['--no-expose-wasm'], ['--jitless']];
const ALL_ENTRIES = (prefix) => `
  const m = await import('${prefix}');
  const legacy = await import('${prefix}/legacy');
  const standard = await import('${prefix}/standard');
  const out = {
    sjis: new m.TextDecoder('shift_jis').decode(new Uint8Array(${SJIS})),
    utf8: Array.from(new m.TextEncoder().encode('火星 😀')).join(),
    long: new m.TextDecoder().decode(new m.TextEncoder().encode('Марс 火星 '.repeat(50000))).length,
    legacy: Array.from(legacy.encode('火', 'shift_jis')).join(),
    standard: standard.percentEncodeAfterEncoding('shift_jis', 'あ ', 'query'),
  };
`;
const ALL_EXPECTED = { sjis: 'あA火星', utf8: '231,129,171,230,152,159,32,240,159,152,128', long: 400000, legacy: '137,206', standard: '%82%A0%20' };

test('node without WebAssembly (--no-expose-wasm, --jitless): the Node entries fall back to the JavaScript build, import and require', () => {
  for (const flags of NO_WASM) {
    const esm = run(`${ALL_ENTRIES('text-encoding-wasm')}
      const lite = await import('text-encoding-wasm/lite');
      const { installed } = await import('text-encoding-wasm/polyfill');
      console.log(JSON.stringify({ ...out, wasm: typeof WebAssembly, lite: new lite.TextDecoder('windows-1252').decode(Uint8Array.of(0x80)), installed: installed.every((name) => globalThis[name] === m[name]) }));
    `, { flags });
    assert.deepEqual(esm, { ...ALL_EXPECTED, wasm: 'undefined', lite: '€', installed: true }, flags.join());
    const cjs = run(`
      const m = require('text-encoding-wasm');
      const lite = require('text-encoding-wasm/lite');
      console.log(JSON.stringify({ sjis: new m.TextDecoder('shift_jis').decode(new Uint8Array(${SJIS})), lite: Array.from(new lite.TextEncoder().encode('é')).join() }));
    `, { type: 'commonjs', flags: [...flags, ...NO_REQUIRE_ESM] });
    assert.deepEqual(cjs, { sjis: 'あA火星', lite: '195,169' }, flags.join());
  }
});

test('text-encoding-wasm/js (and /js/legacy, /js/standard, /js/polyfill): the JavaScript build, import and require, with or without WebAssembly', () => {
  for (const flags of [[], ...NO_WASM]) {
    const esm = run(`${ALL_ENTRIES('text-encoding-wasm/js')}
      const resolved = import.meta.resolve('text-encoding-wasm/js');
      delete globalThis.TextDecoder;
      const polyfill = await import('text-encoding-wasm/js/polyfill');
      console.log(JSON.stringify({ ...out, resolved, installed: polyfill.installed, ours: globalThis.TextDecoder === m.TextDecoder }));
    `, { flags });
    assert.match(esm.resolved, /\/js\.js$/);
    assert.ok(esm.installed.includes('TextDecoder'), flags.join());
    assert.equal(esm.ours, true);
    for (const key of Object.keys(ALL_EXPECTED)) assert.equal(esm[key], ALL_EXPECTED[key], `${key} ${flags.join()}`);
    const cjs = run(`
      const m = require('text-encoding-wasm/js');
      const legacy = require('text-encoding-wasm/js/legacy');
      const standard = require('text-encoding-wasm/js/standard');
      console.log(JSON.stringify({ resolved: require.resolve('text-encoding-wasm/js'), sjis: new m.TextDecoder('shift_jis').decode(new Uint8Array(${SJIS})), legacy: Array.from(legacy.encode('火', 'shift_jis')).join(), standard: standard.percentEncodeAfterEncoding('shift_jis', 'あ ', 'query') }));
    `, { type: 'commonjs', flags: [...flags, ...NO_REQUIRE_ESM] });
    assert.match(cjs.resolved, /\/cjs\/js\.cjs$/);
    assert.deepEqual({ ...cjs, resolved: undefined }, { resolved: undefined, sjis: 'あA火星', legacy: '137,206', standard: '%82%A0%20' }, flags.join());
  }
});

test('react-native condition: every entry resolves to its JavaScript build, which needs no WebAssembly', () => {
  const out = run(`${ALL_ENTRIES('text-encoding-wasm')}
    const resolved = ['text-encoding-wasm', 'text-encoding-wasm/polyfill', 'text-encoding-wasm/lite', 'text-encoding-wasm/legacy', 'text-encoding-wasm/standard', 'text-encoding-wasm/lite/standard'].map((s) => import.meta.resolve(s));
    const lite = await import('text-encoding-wasm/lite');
    console.log(JSON.stringify({ ...out, resolved, lite: new lite.TextDecoder('windows-1252').decode(Uint8Array.of(0x80)) }));
  `, { flags: ['--conditions=react-native', '--no-expose-wasm'] });
  const files = ['js.js', 'js-polyfill.js', 'lite/js.js', 'js-legacy.js', 'js-standard.js', 'lite/js-standard.js'];
  assert.deepEqual(out.resolved, files.map((f) => pathToFileURL(join(realpathSync(pkgDir), f)).href));
  assert.deepEqual({ ...out, resolved: undefined }, { ...ALL_EXPECTED, resolved: undefined, lite: '€' });
});

test('web entries without WebAssembly: the first use throws an Error that says so and names the /js entry', () => {
  const out = run(`
    const m = await import('text-encoding-wasm');
    let error;
    try { new m.TextDecoder('shift_jis'); } catch (e) { error = { name: e.constructor.name, message: e.message }; }
    console.log(JSON.stringify(error));
  `, { flags: ['--conditions=browser', '--no-expose-wasm'] });
  assert.equal(out.name, 'Error');
  assert.match(out.message, /no WebAssembly/);
  assert.match(out.message, /'text-encoding-wasm\/js'/);
});
