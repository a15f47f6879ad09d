// The polyfill on hosts that are unlike Node (DESIGN: "the polyfill never makes a host worse"),
// each made in a child Node: a host where the package's core cannot run (WebAssembly off, for the
// web entry: its classes are then never installed, the host's stay and the details and
// faults.core say why, and the failed load is remembered rather than tried at every call); globals
// that are writable but not configurable (Vercel's edge runtime: installed, attributes kept) or
// read-only (reported, never swallowed); a TransformStream that is not the Streams standard's
// (happy-dom's window in vitest's vm pools: Node's stream.Transform) and one kept on the global
// object's prototype (Cloudflare's workerd); and provideWasm, the way to hand the web entries a
// compiled module.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { entryFile, WASM_EXPORTS } from '../../scripts/lib/package.mjs';
import { pkgDir } from './package.mjs';

const url = (subpath, host) => pathToFileURL(join(pkgDir, entryFile(subpath, host))).href;

/** Runs the ES module `code` in a child Node with `flags`; returns its JSON output. */
function run(code, flags = []) {
  const r = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', code], { encoding: 'utf8' });
  assert.equal(r.status, 0, `child failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** A TextDecoder that passes for a class but decodes every Shift_JIS input wrongly. */
const FAULTY_HOST = `
  const Host = globalThis.TextDecoder;
  class Faulty extends Host {
    constructor(label = 'utf-8', options) { super(label === 'shift_jis' ? 'latin1' : label, options); }
  }
`;

test('where the core cannot run (no WebAssembly), the web polyfill keeps the host\'s classes, says why, and installs nothing that cannot run', () => {
  const out = run(
    `${FAULTY_HOST}
    globalThis.TextDecoder = Faulty;
    delete globalThis.TextEncoder;
    const polyfill = await import(${JSON.stringify(url('./polyfill', 'web'))});
    const ours = await import(${JSON.stringify(url('.', 'web'))});
    const errors = [];
    for (let i = 0; i < 2; i++) {
      try { new ours.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0)); } catch (e) { errors.push(e); }
    }
    console.log(JSON.stringify({
      installed: polyfill.installed, details: polyfill.installed.details, core: polyfill.faults.core,
      decoderKept: globalThis.TextDecoder === Faulty, encoder: typeof globalThis.TextEncoder,
      forced: polyfill.install({ force: true }), forcedDetails: polyfill.install({ force: true }).details.map((d) => d.action),
      thrown: errors.map((e) => e.message), sameError: errors.length === 2 && errors[0] === errors[1],
    }));
  `,
    ['--jitless'],
  );
  assert.deepEqual(out.installed, []);
  assert.equal(out.decoderKept, true, "the host's TextDecoder stays");
  assert.equal(out.encoder, 'undefined', 'no TextEncoder is installed that cannot run');
  assert.match(out.core, /core cannot run here .*WebAssembly/);
  const byName = Object.fromEntries(out.details.map((d) => [d.name, d]));
  assert.equal(byName.TextDecoder.action, 'kept');
  assert.match(byName.TextDecoder.reason, /; but the package's core cannot run here/);
  assert.equal(byName.TextEncoder.action, 'skipped');
  assert.deepEqual(out.forced, [], 'force cannot install what cannot run either');
  assert.ok(out.forcedDetails.every((a) => a === 'kept' || a === 'skipped'), out.forcedDetails.join());
  // A failed load is remembered: the second call throws the same error without compiling again.
  assert.equal(out.thrown.length, 2);
  assert.match(out.thrown[0], /no WebAssembly.*text-encoding-wasm\/js/);
  assert.equal(out.sameError, true);
});

test('globals that are writable but not configurable are replaced with their attributes kept; read-only ones are reported', () => {
  const out = run(`${FAULTY_HOST}
    Object.defineProperty(globalThis, 'TextDecoder', { value: Faulty, writable: true, configurable: false, enumerable: false });
    Object.defineProperty(globalThis, 'TextEncoder', { value: class Bad { encode() { return new Uint8Array(0); } }, writable: false, configurable: false });
    const polyfill = await import(${JSON.stringify(url('./polyfill', 'node'))});
    const ours = await import(${JSON.stringify(url('.', 'node'))});
    const d = Object.getOwnPropertyDescriptor(globalThis, 'TextDecoder');
    console.log(JSON.stringify({ installed: polyfill.installed, details: polyfill.installed.details, decoderOurs: globalThis.TextDecoder === ours.TextDecoder,
      attributes: [d.writable, d.enumerable, d.configurable], sjis: new globalThis.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0)) }));
  `);
  assert.ok(out.installed.includes('TextDecoder'));
  assert.equal(out.decoderOurs, true);
  assert.deepEqual(out.attributes, [true, false, false], "the host's attributes are kept");
  assert.equal(out.sjis, '\u3042');
  const encoder = out.details.find((d) => d.name === 'TextEncoder');
  assert.equal(encoder.action, 'kept');
  assert.match(encoder.reason, /read-only/);
  assert.ok(!out.installed.includes('TextEncoder'));
});

test('a TransformStream that is not the Streams standard\'s is not used: node:stream/web\'s where the host\'s readables are Node\'s, else none, with the reason', () => {
  const setup = `
    globalThis.window = globalThis; // a test DOM in Node
    const { Transform } = await import('node:stream');
    globalThis.TransformStream = Transform; // happy-dom's window in vitest's vm pools
  `;
  const node = run(`${setup}
    const ours = await import(${JSON.stringify(url('.', 'web'))});
    const chunks = [];
    await new Response(Uint8Array.of(0x80, 0xa4, 0xa1)).body.pipeThrough(new ours.TextDecoderStream('gbk')).pipeTo(new WritableStream({ write(c) { chunks.push(c); } }));
    console.log(JSON.stringify({ chunks }));
  `);
  assert.deepEqual(node.chunks, ['\u20ac\u3041']);
  const none = run(`${setup}
    globalThis.ReadableStream = class NotAStream {};
    delete globalThis.TextDecoderStream;
    const ours = await import(${JSON.stringify(url('.', 'web'))});
    const polyfill = await import(${JSON.stringify(url('./polyfill', 'web'))});
    console.log(JSON.stringify({ type: typeof ours.TextDecoderStream, global: typeof globalThis.TextDecoderStream, details: polyfill.installed.details.filter((d) => d.name === 'TextDecoderStream') }));
  `);
  assert.equal(none.type, 'undefined');
  assert.equal(none.global, 'undefined');
  assert.equal(none.details.length, 1);
  assert.equal(none.details[0].action, 'skipped');
  assert.match(none.details[0].reason, /TransformStream is not the Streams standard's/);
});

test("a TransformStream kept on the global object's prototype is found (workerd)", () => {
  const out = run(`
    const TS = globalThis.TransformStream;
    const scope = Object.create(Object.getPrototypeOf(globalThis));
    scope.TransformStream = TS;
    delete globalThis.TransformStream;
    Object.setPrototypeOf(globalThis, scope);
    delete globalThis.process; // no process.getBuiltinModule, as in workerd
    const ours = await import(${JSON.stringify(url('.', 'web'))});
    const chunks = [];
    await new Response(Uint8Array.of(0x82, 0xa0)).body.pipeThrough(new ours.TextDecoderStream('shift_jis')).pipeTo(new WritableStream({ write(c) { chunks.push(c); } }));
    console.log(JSON.stringify({ own: Object.hasOwn(globalThis, 'TransformStream'), chunks }));
  `);
  assert.deepEqual(out, { own: false, chunks: ['\u3042'] });
});

test('provideWasm: the web entries take a provided WebAssembly.Module (also one of another realm) instead of compiling their own', () => {
  const out = run(`
    const vm = await import('node:vm');
    const { readFileSync } = await import('node:fs');
    const { provideWasm, WASM_NAMES } = await import(${JSON.stringify(url('./provide', 'web'))});
    // Compiled in another realm, as a platform compiles it outside the sandbox that runs the code.
    const compile = (file) => vm.runInNewContext('new WebAssembly.Module(bytes)', { bytes: readFileSync(${JSON.stringify(pkgDir)} + '/' + file) });
    const core = compile('wasm/core.wasm');
    const errors = {};
    try { provideWasm({ core: new Uint8Array(8) }); } catch (e) { errors.notModule = e.name; }
    try { provideWasm({ nope: core }); } catch (e) { errors.unknown = e.name; }
    try { provideWasm(null); } catch (e) { errors.notObject = e.name; }
    provideWasm({ core, lite: compile('lite/wasm/core.wasm'), 'japanese-decode': compile('lite/wasm/japanese-decode.wasm'), 'japanese-encode': compile('lite/wasm/japanese-encode.wasm') });
    // From now on nothing may compile from bytes.
    const Module = WebAssembly.Module;
    WebAssembly.Module = function () { throw new WebAssembly.CompileError('Wasm code generation disallowed by embedder'); };
    const full = await import(${JSON.stringify(url('.', 'web'))});
    const lite = await import(${JSON.stringify(url('./lite', 'web'))});
    const liteLegacy = await import(${JSON.stringify(url('./lite/legacy', 'web'))});
    await import(${JSON.stringify(url('./japanese/decode', 'web'))});
    await import(${JSON.stringify(url('./japanese/encode', 'web'))});
    const text = [new full.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0)), new lite.TextDecoder('windows-1252').decode(Uint8Array.of(0x80)), new lite.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa2)), liteLegacy.encode('\u3046', 'shift_jis').join(' ')].join();
    try { provideWasm({ core }); } catch (e) { errors.sameAgain = 'threw ' + e.name; }
    try { provideWasm({ core: compile('wasm/core.wasm') }); } catch (e) { errors.late = e.message; }
    WebAssembly.Module = Module;
    console.log(JSON.stringify({ names: WASM_NAMES, text, errors }));
  `);
  assert.deepEqual(out.names, WASM_EXPORTS.map((w) => w.name));
  assert.equal(out.text, '\u3042,\u20ac,\u3044,130 164');
  assert.equal(out.errors.notModule, 'TypeError');
  assert.equal(out.errors.unknown, 'TypeError');
  assert.equal(out.errors.notObject, 'TypeError');
  assert.equal(out.errors.sameAgain, undefined, 'the same module again is accepted');
  assert.match(out.errors.late, /already loaded.*before the package is first used/);
});

test('the refusal message names the ways to run where compiling from bytes is refused', () => {
  const text = readFileSync(join(pkgDir, 'wasm', 'instantiate.js'), 'utf8');
  for (const words of ['(workerd, edge-light)', 'provideWasm', "'text-encoding-wasm/js'"]) assert.ok(text.includes(words), words);
});
