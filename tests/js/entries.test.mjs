// The package's entries through its exports map, resolved by name from a temporary project whose
// node_modules/text-encoding-wasm links to the built package: every subpath under every condition
// (node import, node require without require(esm), browser, deno, react-native) resolves to the
// file the entries table (scripts/lib/package.mjs) names and exports what its kind exports, the
// Node entries load with require() as ES modules (Node 24), the polyfill installs only missing
// classes (and replaces with `force`), the lite entries refuse CJK encodings with a RangeError
// that points to the full entry, and the standard entries.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { enginePath, isInstalled } from '../../scripts/lib/engines.mjs';
import { ADD_ON_MODULES, EDGE_CONDITIONS, ENTRIES, entryFile, exportsMap, GENERATED, SCRIPTS, WASM_EXPORTS } from '../../scripts/lib/package.mjs';
import { importEntry, pkgDir } from './package.mjs';

const project = mkdtempSync(join(tmpdir(), 'tew-entries-'));
mkdirSync(join(project, 'node_modules'));
symlinkSync(pkgDir, join(project, 'node_modules', 'text-encoding-wasm'), 'dir');
after(() => rmSync(project, { recursive: true, force: true }));

/** Flags that make `require` of an ES module fail, where this Node has require(esm). */
const NO_REQUIRE_ESM = process.allowedNodeEnvironmentFlags.has('--experimental-require-module') ? ['--no-experimental-require-module'] : [];

/**
 * The flags that take WebAssembly away from a child of this Node: V8's --no-expose-wasm where this
 * Node accepts it (Node 24 and later refuse it), --jitless everywhere.
 */
const NO_WASM = [
  ...(spawnSync(process.execPath, ['--no-expose-wasm', '-e', '0']).status === 0 ? [['--no-expose-wasm']] : []),
  ['--jitless'],
];
const WITHOUT_WASM = NO_WASM[0];

/** Runs `code` in a child Node (`node`: another binary) in the temporary project; returns its JSON output. */
function run(code, { type = 'module', flags = [], node = process.execPath } = {}) {
  const r = spawnSync(node, [...flags, `--input-type=${type}`, '-e', code], { cwd: project, encoding: 'utf8' });
  assert.equal(r.status, 0, `child failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

const CLASSES = ['TextDecoder', 'TextDecoderStream', 'TextEncoder', 'TextEncoderStream'];
const CJK = ['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'];
/** The add-on of each CJK encoding. */
const ADD_ON_OF = { gbk: 'simplified-chinese', gb18030: 'simplified-chinese', big5: 'traditional-chinese', 'euc-jp': 'japanese', 'iso-2022-jp': 'japanese', shift_jis: 'japanese', 'euc-kr': 'korean' };
const pkgJson = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const STANDARD = [
  'C0_CONTROL_PERCENT_ENCODE_SET', 'COMPONENT_PERCENT_ENCODE_SET', 'FORM_URLENCODED_PERCENT_ENCODE_SET', 'FRAGMENT_PERCENT_ENCODE_SET',
  'PATH_PERCENT_ENCODE_SET', 'PERCENT_ENCODE_SETS', 'QUERY_PERCENT_ENCODE_SET', 'SPECIAL_QUERY_PERCENT_ENCODE_SET', 'USERINFO_PERCENT_ENCODE_SET',
  'bomSniff', 'decode', 'encode', 'encodeOrFail', 'getEncoding', 'getOutputEncoding', 'isomorphicDecode', 'isomorphicEncode',
  'percentEncodeAfterEncoding', 'utf8Decode', 'utf8DecodeWithoutBOM', 'utf8DecodeWithoutBOMOrFail', 'utf8Encode',
];
/** What each kind of entry (its file name in a host folder) exports. */
const EXPORTS = {
  index: CLASSES,
  polyfill: ['faults', 'install', 'installed', 'load', 'ready'],
  legacy: ['LegacyEncoder', 'createEncoder', 'encode'],
  standard: STANDARD,
  detect: ['createDetector', 'detect'],
  provide: ['WASM_NAMES', 'provideWasm'],
  check: ['hostFaults', 'needsImplementation', 'streamFaults'],
  // The add-ons export nothing: importing one registers its encodings.
  ...Object.fromEntries(ADD_ON_MODULES.map((name) => [name, []])),
};

// Used by the children: every subpath loaded (by `load(specifier)`: import or require), with its
// resolved file, its export names and a smoke test of its kind. A CJK encoding goes through the
// full entries and is refused by the lite ones until the add-ons (which come after them in the
// entries table) are loaded; then `afterAddOns` has the lite entries' Shift_JIS, Big5, EUC-KR and
// GBK.
const EVERY_SUBPATH = (load, resolve) => `
  const subpaths = ${JSON.stringify(ENTRIES.map((e) => e.subpath))};
  const out = {};
  for (const subpath of subpaths) {
    const specifier = subpath === '.' ? 'text-encoding-wasm' : 'text-encoding-wasm' + subpath.slice(1);
    const m = ${load};
    const keys = Object.keys(m).filter((k) => k !== 'default' && k !== '__esModule').sort();
    let smoke;
    try {
      if (m.TextDecoder && m.decode === undefined) smoke = new m.TextDecoder('windows-1252').decode(Uint8Array.of(0x80, 0x61)) + '|' + Array.from(new m.TextEncoder().encode('é')).join(',') + '|' + (() => { try { return new m.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0)); } catch (e) { return e.name; } })();
      else if (m.createEncoder) smoke = (() => { try { return Array.from(m.encode('€日', 'shift_jis', { mode: 'html' })).join(','); } catch (e) { return e.name; } })();
      else if (m.percentEncodeAfterEncoding) smoke = (() => { try { return m.percentEncodeAfterEncoding('shift_jis', 'あ ‽', 'special-query'); } catch (e) { return e.name; } })() + '|' + JSON.stringify(m.decode(Uint8Array.of(0xff, 0xfe, 0x41, 0x00), 'latin1'));
      else if (m.install) smoke = typeof m.install + '|' + Array.isArray(m.installed);
      else if (m.hostFaults) smoke = Object.keys(m.hostFaults()).join() + '|' + typeof m.needsImplementation(m.hostFaults());
      else if (m.provideWasm) smoke = (() => { try { m.provideWasm({ core: new Uint8Array(8) }); } catch (e) { return m.WASM_NAMES.join() + '|' + e.name; } })();
      else if (m.createDetector) smoke = (() => { const r = m.detect(Uint8Array.of(0x41, 0x42)); const d = m.createDetector(); d.feed(Uint8Array.of(0x41)); d.feed(Uint8Array.of(0x42)); const same = JSON.stringify(d.guess()) === JSON.stringify(r); d.free(); let error; try { m.detect('AB'); } catch (e) { error = e.name; } return Object.keys(r).join() + '|' + typeof r.confidence + '|' + same + '|' + error; })();
    } catch (e) {
      smoke = 'threw ' + e;
    }
    out[subpath] = { resolved: ${resolve}, keys, smoke };
  }
  {
    let specifier = 'text-encoding-wasm/lite';
    const classes = ${load};
    specifier = 'text-encoding-wasm/lite/legacy';
    const legacy = ${load};
    specifier = 'text-encoding-wasm/lite/standard';
    const standard = ${load};
    out.afterAddOns = ['shift_jis', 'big5', 'euc-kr', 'gbk'].map((label) => new classes.TextDecoder(label).decode(legacy.encode('日本', label))).join() + '|' + standard.percentEncodeAfterEncoding('shift_jis', 'あ', 'special-query');
  }
`;
/** The smoke test's answer for each subpath (see EVERY_SUBPATH). */
const SMOKE = {
  index: '€a|195,169|あ',
  liteIndex: '€a|195,169|RangeError',
  legacy: '38,35,56,51,54,52,59,147,250',
  standard: '%82%A0%20%26%238253%3B|{"text":"A","encoding":"utf-16le"}',
  liteStandard: 'RangeError|{"text":"A","encoding":"utf-16le"}',
  liteLegacy: 'RangeError',
  polyfill: 'function|true',
  detect: 'encoding,confidence,candidates|number|true|TypeError',
  provide: `${WASM_EXPORTS.map((w) => w.name).join()}|TypeError`,
  check: 'TextDecoder,TextEncoder,TextDecoderStream,TextEncoderStream,sharedInput|boolean',
};
const smokeOf = (e) => (ADD_ON_MODULES.includes(e.file) ? undefined : e.lite ? SMOKE[{ index: 'liteIndex', standard: 'liteStandard', legacy: 'liteLegacy' }[e.file]] : SMOKE[e.file]);

/** Checks one condition's report against the entries table: the file, the exports, the smoke test. */
function checkEvery(out, host, { require = false, label }) {
  const real = realpathSync(pkgDir);
  for (const e of ENTRIES) {
    const got = out[e.subpath];
    const want = join(real, entryFile(e.subpath, host, { require }));
    assert.equal(got.resolved.startsWith('file:') ? new URL(got.resolved).pathname : got.resolved, want, `${label} ${e.subpath}: resolves to ${entryFile(e.subpath, host, { require })}`);
    assert.deepEqual(got.keys, EXPORTS[e.file], `${label} ${e.subpath}: exports`);
    assert.equal(got.smoke, smokeOf(e), `${label} ${e.subpath}: smoke test`);
  }
  assert.equal(out.afterAddOns, '日本,日本,日本,日本|%82%A0', `${label}: the lite entries after the add-ons`);
}

test('exports map: written from the entries table, every file in it exists, and "files" covers them', () => {
  assert.deepEqual(pkgJson.exports, exportsMap());
  assert.deepEqual(Object.keys(pkgJson.exports), [...ENTRIES.map((e) => e.subpath), ...WASM_EXPORTS.map((w) => w.subpath), ...SCRIPTS.map((s) => `./${s.file}`), './package.json']);
  // Every wasm module is exported under its provideWasm name, and each is a module of its own.
  assert.deepEqual(WASM_EXPORTS.map((w) => w.name), ['core', 'lite', ...ADD_ON_MODULES, 'detect']);
  for (const w of WASM_EXPORTS) assert.ok(new WebAssembly.Module(readFileSync(join(pkgDir, w.file))) instanceof WebAssembly.Module, `${w.file} compiles`);
  assert.equal(pkgJson.unpkg, `./${SCRIPTS[0].file}`, 'a CDN serves the polyfill script for the bare package');
  const files = [];
  const collect = (target) => {
    if (typeof target === 'string') files.push(target);
    else for (const value of Object.values(target)) collect(value);
  };
  collect(pkgJson.exports);
  for (const file of [...files, pkgJson.main, pkgJson.module, pkgJson.types, pkgJson.bin['text-encoding-wasm']]) {
    assert.ok(existsSync(join(pkgDir, file)), `${file} exists`);
    if (file !== './package.json') assert.ok(pkgJson.files.some((f) => file.slice(2).startsWith(f)), `${file} is in "files"`);
  }
  assert.equal(pkgJson.type, 'module');
});

test('every subpath, node import: the Node folder', () => {
  checkEvery(run(`${EVERY_SUBPATH('await import(specifier)', 'import.meta.resolve(specifier)')} console.log(JSON.stringify(out));`), 'node', { label: 'node import' });
});

test('every subpath, node require (no require(esm)): the CommonJS twins of the Node folder', () => {
  const out = run(`${EVERY_SUBPATH('require(specifier)', 'require.resolve(specifier)')} console.log(JSON.stringify(out));`, { type: 'commonjs', flags: NO_REQUIRE_ESM });
  checkEvery(out, 'node', { require: true, label: 'node require' });
});

for (const [condition, host] of [['browser', 'web'], ['deno', 'web'], ['react-native', 'wasm2js']]) {
  test(`every subpath, the ${condition} condition: the ${host} folder`, () => {
    const flags = [`--conditions=${condition}`, ...(host === 'wasm2js' ? WITHOUT_WASM : [])];
    checkEvery(run(`${EVERY_SUBPATH('await import(specifier)', 'import.meta.resolve(specifier)')} console.log(JSON.stringify(out));`, { flags }), host, { label: condition });
  });
}

for (const condition of EDGE_CONDITIONS) {
  test(`every subpath, the ${condition} condition: the edge folder (resolved; its .wasm imports are the platform bundler's)`, () => {
    const out = run(
      `console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(ENTRIES.map((e) => e.subpath))}.map((subpath) => [subpath, import.meta.resolve(subpath === '.' ? 'text-encoding-wasm' : 'text-encoding-wasm' + subpath.slice(1))]))));`,
      { flags: [`--conditions=${condition}`] },
    );
    const real = realpathSync(pkgDir);
    for (const e of ENTRIES) {
      assert.equal(new URL(out[e.subpath]).pathname, join(real, entryFile(e.subpath, 'edge')), `${condition} ${e.subpath}`);
      if (e.host === undefined && e.path === undefined) {
        const text = readFileSync(join(real, entryFile(e.subpath, 'edge')), 'utf8');
        assert.doesNotMatch(text, /inline/, `${e.subpath}: the edge entry carries no inlined wasm`);
      }
    }
    // The edge loaders import each wasm module as a module, as Wrangler's rules and Next.js take it.
    for (const [file, wasm] of [['edge/load.js', 'core'], ['lite/edge/load.js', 'core'], ['edge/detect.js', 'detect'], ...ADD_ON_MODULES.map((n) => [`lite/edge/${n}.js`, n])]) {
      assert.match(readFileSync(join(real, file), 'utf8'), new RegExp(`from '\\.\\./wasm/${wasm}\\.wasm\\?module'`), file);
    }
  });
}

test('require(esm) on Node 24: every ES module entry of the Node and JavaScript-build folders loads with require()', { skip: !isInstalled('node24') && 'Node 24 is not installed (scripts/setup.sh --browsers installs it)' }, () => {
  const kinds = new Map(ENTRIES.flatMap((e) => [entryFile(e.subpath, 'node'), entryFile(e.subpath, 'wasm2js')].map((file) => [file, e.file])));
  const files = [...kinds.keys()];
  const out = run(
    `
    const out = {};
    for (const file of ${JSON.stringify(files)}) {
      try {
        const m = require('./node_modules/text-encoding-wasm/' + file);
        out[file] = Object.keys(m).filter((k) => k !== '__esModule').sort().join();
      } catch (e) {
        out[file] = e.code || String(e);
      }
    }
    console.log(JSON.stringify({ version: process.version, out }));
  `,
    { type: 'commonjs', node: enginePath('node24') },
  );
  assert.match(out.version, /^v24\./);
  for (const file of files) {
    const kind = kinds.get(file);
    assert.equal(out.out[file], EXPORTS[kind].join(), `${file} loads with require() (no ERR_REQUIRE_ASYNC_MODULE)`);
  }
});

test('require() and import give the same classes, of one core (the Node folder\'s module graph)', () => {
  const out = run(`
    const { createRequire } = await import('node:module');
    const require = createRequire(process.cwd() + '/x.js');
    const cjs = require('text-encoding-wasm');
    const esm = await import('text-encoding-wasm');
    const liteSame = require('text-encoding-wasm/lite').TextDecoder === (await import('text-encoding-wasm/lite')).TextDecoder;
    const bytes = Uint8Array.of(0xe6, 0x97, 0xa5, 0xff);
    console.log(JSON.stringify({ out: [cjs, esm].map((m) => new m.TextDecoder().decode(bytes)), same: cjs.TextDecoder === esm.TextDecoder && cjs.TextEncoderStream === esm.TextEncoderStream, liteSame }));
  `);
  assert.deepEqual(out, { out: ['日\uFFFD', '日\uFFFD'], same: true, liteSame: true });
});

test('lite/standard shares the lite classes\' wasm; legacy "replace" mode through require', () => {
  const esm = run(`
    const lite = await import('text-encoding-wasm/lite/standard');
    const liteClasses = await import('text-encoding-wasm/lite');
    console.log(JSON.stringify({ sameLiteWasm: lite.decode(Uint8Array.of(0x80), 'latin1').text === new liteClasses.TextDecoder('latin1').decode(Uint8Array.of(0x80)) }));
  `);
  assert.equal(esm.sameLiteWasm, true);
  const cjs = run(`
    const legacy = require('text-encoding-wasm/legacy');
    console.log(JSON.stringify({ replace: Array.from(legacy.encode('a😀', 'latin1', { mode: 'replace' })) }));
  `, { type: 'commonjs', flags: NO_REQUIRE_ESM });
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
  assert.ok(out.resolved.endsWith(`/${entryFile('./polyfill', 'node')}`));
  assert.deepEqual(out.keys.sort(), EXPORTS.polyfill);
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

test('polyfill: the web entry installs synchronously, wraps a SharedArrayBuffer refusal, and replaces the rest by force', () => {
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
    const url = import.meta.resolve('text-encoding-wasm/polyfill').replace('/node/polyfill.js', '/web/polyfill.js');
    const web = await import(url);
    const wrapped = globalThis.TextDecoder;
    const shared = new Uint8Array(new SharedArrayBuffer(3));
    shared.set([0xe2, 0x82, 0xac]);
    await web.load();
    const forced = web.install({ force: true });
    console.log(JSON.stringify({ faults: web.faults, installed: web.installed, details: web.installed.details, isSub: wrapped.prototype instanceof RightButStrict,
      decoded: new wrapped().decode(shared), plain: new wrapped().decode(Uint8Array.of(0x41)), forced, nowOurs: globalThis.TextDecoder === (await import(url.replace(/polyfill\.js$/, 'index.js'))).TextDecoder }));
  `);
  assert.deepEqual(out.faults, { TextDecoder: null, TextEncoder: null, TextDecoderStream: null, TextEncoderStream: null, sharedInput: true, core: null });
  assert.deepEqual(out.installed, ['TextDecoder']);
  assert.equal(out.details[0].action, 'wrapped');
  assert.equal(out.isSub, true, 'the host class is wrapped (subclassed), not replaced');
  assert.equal(out.decoded, '€');
  assert.equal(out.plain, 'A');
  // Forced: every class, the Node folder's TextDecoderStream too (the Node folder's entries are
  // faces of their own module graph, node/graph.cjs, apart from the web folder's modules).
  assert.deepEqual(out.forced, ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream']);
  assert.equal(out.nowOurs, true);
});

test('no web entry has a top-level await: each bundles as a classic script (esbuild --format=iife)', async () => {
  const { build } = await import('esbuild');
  for (const e of ENTRIES.filter((entry) => entry.host === undefined && entry.path === undefined)) {
    const file = join(pkgDir, entryFile(e.subpath, 'web'));
    const r = await build({ entryPoints: [file], bundle: true, format: 'iife', write: false, logLevel: 'silent' });
    assert.equal(r.outputFiles.length, 1, `${e.subpath}: bundled as one classic script`);
  }
});

test('lite: CJK labels throw a RangeError naming their add-on; every other encoding works', async () => {
  const lite = await importEntry('./lite');
  const full = await importEntry('.');
  for (const encoding of CJK) {
    for (const cls of [lite.TextDecoder, lite.TextDecoderStream]) {
      assert.throws(
        () => new cls(encoding),
        (e) => e instanceof RangeError && e.message.includes(`'${encoding}'`) && e.message.includes(`import 'text-encoding-wasm/${ADD_ON_OF[encoding]}'`) && e.message.includes("'text-encoding-wasm'"),
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
  assert.ok(statSync(join(pkgDir, GENERATED.liteWasm)).size < statSync(join(pkgDir, GENERATED.wasm)).size);
});

test('package files: every entry has .d.ts and .d.cts types, and the README', () => {
  for (const e of ENTRIES) {
    for (const ext of ['d.ts', 'd.cts']) assert.ok(existsSync(join(pkgDir, 'types', `${e.types}.${ext}`)), `${e.subpath}: types/${e.types}.${ext}`);
  }
  assert.ok(existsSync(join(pkgDir, 'README.md')));
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
    detect: `import { detect } from 'text-encoding-wasm/detect';\nconsole.log(Object.keys(detect(Uint8Array.of(0x41))).join());\n`,
    shiftJisExport: `import { encode } from 'text-encoding-wasm/lite/legacy';\nimport 'text-encoding-wasm/japanese';\nconsole.log(encode('あ', 'shift_jis').join());\n`,
  };
  const expected = { main: '€', legacy: '128function', lite: '195,169', standard: '%82%A0%20', liteStandard: 'utf-16le', detect: 'encoding,confidence,candidates', shiftJisExport: '130,160' };
  // 64 letters of a module's inlined text from its middle on that no other module's text has (the
  // full module and an add-on share their tables): a bundle that has them has that module.
  const inlineTexts = readdirSync(join(pkgDir, 'lite', 'wasm')).filter((f) => f.endsWith('inline.js')).map((f) => `lite/wasm/${f}`).concat('wasm/inline.js');
  const sampleOf = (file) => {
    const text = readFileSync(join(pkgDir, file), 'utf8');
    const others = inlineTexts.filter((f) => f !== file).map((f) => readFileSync(join(pkgDir, f), 'utf8'));
    for (let at = text.length >> 1; at + 64 < text.length; at += 64) {
      const sample = text.slice(at, at + 64);
      if (!others.some((other) => other.includes(sample))) return sample;
    }
    throw new Error(`${file}: no sample of its own`);
  };
  const koreanWasmSample = sampleOf('lite/wasm/korean-inline.js');
  for (const [name, source] of Object.entries(sources)) writeFileSync(join(project, `${name}.mjs`), source);
  const codecWasmSample = sampleOf('wasm/inline.js');
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
      if (name === 'detect') assert.ok(!code.includes('decoderState') && !code.includes(codecWasmSample), `${bundler}: the detector comes without the codecs and their wasm`);
      if (name === 'shiftJisExport') assert.ok(!code.includes(codecWasmSample) && !code.includes(koreanWasmSample) && !code.includes('decoderState'), `${bundler}: the exporter ships neither the full wasm, another add-on, nor TextDecoder`);
    }
  }
});

// The JavaScript build (wasm2js of the same wasm): where WebAssembly is off, what resolves to it.
const SJIS = 'Array.from(Uint8Array.of(0x82, 0xa0, 0x41, 0x89, 0xce, 0x90, 0xaf))';
const ALL_ENTRIES = (prefix) => `
  const m = await import('${prefix}');
  const legacy = await import('${prefix}/legacy');
  const standard = await import('${prefix}/standard');
  const detector = await import('${prefix}/detect');
  const out = {
    sjis: new m.TextDecoder('shift_jis').decode(new Uint8Array(${SJIS})),
    utf8: Array.from(new m.TextEncoder().encode('火星 😀')).join(),
    long: new m.TextDecoder().decode(new m.TextEncoder().encode('Марс 火星 '.repeat(50000))).length,
    legacy: Array.from(legacy.encode('火', 'shift_jis')).join(),
    standard: standard.percentEncodeAfterEncoding('shift_jis', 'あ ', 'query'),
    detect: Object.keys(detector.detect(new Uint8Array(${SJIS}))).join(),
  };
`;
const ALL_EXPECTED = { sjis: 'あA火星', utf8: '231,129,171,230,152,159,32,240,159,152,128', long: 400000, legacy: '137,206', standard: '%82%A0%20', detect: 'encoding,confidence,candidates' };

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
    assert.ok(esm.resolved.endsWith(`/${entryFile('./js')}`));
    assert.ok(esm.installed.includes('TextDecoder'), flags.join());
    assert.equal(esm.ours, true);
    for (const key of Object.keys(ALL_EXPECTED)) assert.equal(esm[key], ALL_EXPECTED[key], `${key} ${flags.join()}`);
    const cjs = run(`
      const m = require('text-encoding-wasm/js');
      const legacy = require('text-encoding-wasm/js/legacy');
      const standard = require('text-encoding-wasm/js/standard');
      const detector = require('text-encoding-wasm/js/detect');
      console.log(JSON.stringify({ resolved: require.resolve('text-encoding-wasm/js'), sjis: new m.TextDecoder('shift_jis').decode(new Uint8Array(${SJIS})), legacy: Array.from(legacy.encode('火', 'shift_jis')).join(), standard: standard.percentEncodeAfterEncoding('shift_jis', 'あ ', 'query'), detect: Object.keys(detector.detect(new Uint8Array(${SJIS}))).join() }));
    `, { type: 'commonjs', flags: [...flags, ...NO_REQUIRE_ESM] });
    assert.ok(cjs.resolved.endsWith(`/${entryFile('./js', undefined, { require: true })}`));
    assert.deepEqual({ ...cjs, resolved: undefined }, { resolved: undefined, sjis: 'あA火星', legacy: '137,206', standard: '%82%A0%20', detect: 'encoding,confidence,candidates' }, flags.join());
  }
});

test('react-native condition: every entry resolves to its JavaScript build, which needs no WebAssembly', () => {
  const out = run(`${ALL_ENTRIES('text-encoding-wasm')}
    const resolved = ['text-encoding-wasm', 'text-encoding-wasm/polyfill', 'text-encoding-wasm/lite', 'text-encoding-wasm/legacy', 'text-encoding-wasm/standard', 'text-encoding-wasm/lite/standard', 'text-encoding-wasm/detect'].map((s) => import.meta.resolve(s));
    const lite = await import('text-encoding-wasm/lite');
    console.log(JSON.stringify({ ...out, resolved, lite: new lite.TextDecoder('windows-1252').decode(Uint8Array.of(0x80)) }));
  `, { flags: ['--conditions=react-native', ...WITHOUT_WASM] });
  const subpaths = ['.', './polyfill', './lite', './legacy', './standard', './lite/standard', './detect'];
  assert.deepEqual(out.resolved, subpaths.map((p) => pathToFileURL(join(realpathSync(pkgDir), entryFile(p, 'wasm2js'))).href));
  assert.deepEqual({ ...out, resolved: undefined }, { ...ALL_EXPECTED, resolved: undefined, lite: '€' });
});

test('web entries without WebAssembly: the first use throws an Error that says so and names the /js entry', () => {
  const out = run(`
    const m = await import('text-encoding-wasm');
    let error;
    try { new m.TextDecoder('shift_jis'); } catch (e) { error = { name: e.constructor.name, message: e.message }; }
    console.log(JSON.stringify(error));
  `, { flags: ['--conditions=browser', ...WITHOUT_WASM] });
  assert.equal(out.name, 'Error');
  assert.match(out.message, /no WebAssembly/);
  assert.match(out.message, /'text-encoding-wasm\/js'/);
});
