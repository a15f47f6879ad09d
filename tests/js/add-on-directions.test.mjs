// The add-ons in one direction (text-encoding-wasm/japanese/encode, /japanese/decode, and the same
// for each language): each makes exactly its direction's doors accept its encodings (decoding:
// TextDecoder, TextDecoderStream, the standard's decode; encoding: the legacy encoders and the
// standard's encode), the other direction's doors refuse with the RangeError that names both
// entries to import, results equal the full entry's, and a language's two directions may come
// from two modules (or a plain add-on after a one-direction one, which then serves the missing
// direction only). Each direction's module carries only its direction's exports.
import assert from 'node:assert/strict';
import { readFileSync, realpathSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { ADD_ONS, addOnParts, entryFile } from '../../scripts/lib/package.mjs';
import { ADD_ON_ENCODINGS, nodeInternalsExpression, pkgDir, pkgUrl, runChild } from './package.mjs';

const ENCODINGS = ADD_ON_ENCODINGS;
const ALL = Object.values(ENCODINGS).flat();


/**
 * A child's program: the lite entries of `host`, the add-on modules `order` ('japanese-encode',
 * 'korean', ...) imported one by one. Before each import and at the end it records, per direction,
 * the CJK encodings that its doors accept (they must agree, and a refusal must name the entries to
 * import); at the end, every encoding accepted both ways, through lite against the full entry,
 * and the modules instantiated.
 */
function directionsProgram(host, order) {
  return `
    const lite = await import(${JSON.stringify(pkgUrl(entryFile('./lite', host)))});
    const legacy = await import(${JSON.stringify(pkgUrl(entryFile('./lite/legacy', host)))});
    const standard = await import(${JSON.stringify(pkgUrl(entryFile('./lite/standard', host)))});
    const internals = ${host === 'node' ? `${nodeInternalsExpression('lite/')}.instance` : `await import(${JSON.stringify(pkgUrl('lite/core/instance.js'))})`};
    const full = await import(${JSON.stringify(pkgUrl(entryFile('.', host)))});
    const fullLegacy = await import(${JSON.stringify(pkgUrl(entryFile('./legacy', host)))});
    const ENCODINGS = ${JSON.stringify(ENCODINGS)};
    const ALL = ${JSON.stringify(ALL)};
    const DOORS = {
      decode: [(name) => new lite.TextDecoder(name), (name) => new lite.TextDecoderStream(name), (name) => standard.decode(Uint8Array.of(0x61), name)],
      encode: [(name) => legacy.encode('a', name), (name) => new legacy.LegacyEncoder(name), (name) => standard.encode('a', name)],
    };
    const accepted = (direction) => ALL.filter((name) => {
      const results = DOORS[direction].map((open) => {
        try {
          open(name);
          return true;
        } catch (e) {
          const addOn = Object.keys(ENCODINGS).find((k) => ENCODINGS[k].includes(name));
          const names = "import 'text-encoding-wasm/" + addOn + "' or 'text-encoding-wasm/" + addOn + '/' + direction + "'";
          if (!(e instanceof RangeError) || !e.message.includes(names)) throw new Error(direction + ' ' + name + ': ' + e);
          return false;
        }
      });
      if (new Set(results).size !== 1) throw new Error(direction + ' ' + name + ': the doors disagree: ' + results);
      return results[0];
    });
    const out = { steps: [] };
    for (const name of ${JSON.stringify(order)}) {
      out.steps.push({ decode: accepted('decode'), encode: accepted('encode') });
      await import(${JSON.stringify(pkgUrl(`lite/${host}/`))} + name + '.js');
    }
    out.steps.push({ decode: accepted('decode'), encode: accepted('encode') });
    const text = '日本語のテキスト、中文简体，繁體中文，한국어 텍스트 ©€ ABC';
    out.same = {};
    for (const name of ALL) {
      if (!out.steps.at(-1).decode.includes(name) || !out.steps.at(-1).encode.includes(name)) continue;
      const bytes = fullLegacy.encode(text, name, { mode: 'html' });
      const streamed = (() => { const d = new lite.TextDecoder(name); let s = ''; for (const b of bytes) s += d.decode(Uint8Array.of(b), { stream: true }); return s + d.decode(); })();
      out.same[name] = String(legacy.encode(text, name, { mode: 'html' })) === String(bytes) && new lite.TextDecoder(name).decode(bytes) === new full.TextDecoder(name).decode(bytes) && streamed === new full.TextDecoder(name).decode(bytes);
    }
    out.modules = internals.instantiatedModules().sort();
    out.handles = internals.liveHandles();
    console.log(JSON.stringify(out));
  `;
}

/** What directionsProgram must report for `order`: the encodings accepted in each direction after each import. */
function expectedSteps(order) {
  const steps = [{ decode: [], encode: [] }];
  const has = { decode: new Set(), encode: new Set() };
  for (const name of order) {
    const { language, direction } = addOnParts(name);
    for (const d of direction === null ? ['decode', 'encode'] : [direction]) has[d].add(language);
    const accepted = (d) => ALL.filter((e) => [...has[d]].some((l) => ENCODINGS[l].includes(e)));
    steps.push({ decode: accepted('decode'), encode: accepted('encode') });
  }
  return steps;
}

for (const host of ['node', 'web', 'wasm2js']) {
  test(`each direction alone, both from two modules, a plain add-on after one direction (${host} folder)`, () => {
    const order = ['japanese-encode', 'korean-decode', 'traditional-chinese-decode', 'japanese-decode', 'simplified-chinese-encode', 'korean', 'traditional-chinese-encode'];
    const out = runChild(directionsProgram(host, order));
    assert.deepEqual(out.steps, expectedSteps(order));
    assert.deepEqual(out.same, { shift_jis: true, 'euc-jp': true, 'iso-2022-jp': true, big5: true, 'euc-kr': true });
    // korean-decode registered first keeps decoding EUC-KR; the plain korean module only encodes it.
    assert.deepEqual(out.modules, ['base', 'japanese-decode', 'japanese-encode', 'korean', 'korean-decode', 'simplified-chinese-encode', 'traditional-chinese-decode', 'traditional-chinese-encode']);
    assert.equal(out.handles, 0, 'every handle freed');
  });
}

test('an encode-only app instantiates only its direction\'s module', () => {
  const out = runChild(`
    const instance = ${nodeInternalsExpression('lite/')}.instance;
    const legacy = await import(${JSON.stringify(pkgUrl(entryFile('./lite/legacy', 'node')))});
    await import(${JSON.stringify(pkgUrl(entryFile('./japanese/encode', 'node')))});
    const bytes = legacy.encode('名前,住所', 'shift_jis');
    console.log(JSON.stringify({ modules: instance.instantiatedModules(), bytes: Array.from(bytes) }));
  `);
  assert.deepEqual(out, { modules: ['japanese-encode'], bytes: [150, 188, 145, 79, 44, 143, 90, 143, 138] });
});

test('each direction\'s module has only its direction\'s exports', () => {
  const DECODING = ['decode_once', 'decoder_new', 'decoder_decode', 'decoder_free', 'narrow_output', 'output_units_ptr'];
  const ENCODING = ['encode_once', 'encoder_new', 'encoder_encode', 'encoder_encode_or_fail', 'encoder_free', 'last_unmappable', 'last_read', 'output_bytes_ptr'];
  for (const language of ADD_ONS) {
    const exportsOf = (name) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(join(pkgDir, 'lite', 'wasm', `${name}.wasm`)))).map((e) => e.name);
    const both = exportsOf(language);
    const encode = exportsOf(`${language}-encode`);
    const decode = exportsOf(`${language}-decode`);
    for (const name of [...DECODING, ...ENCODING]) assert.ok(both.includes(name), `${language}: ${name}`);
    for (const name of DECODING) assert.equal(encode.includes(name), false, `${language}-encode has ${name}`);
    for (const name of ENCODING) assert.equal(decode.includes(name), false, `${language}-decode has ${name}`);
    for (const name of ENCODING) assert.ok(encode.includes(name), `${language}-encode lacks ${name}`);
    for (const name of DECODING) assert.ok(decode.includes(name), `${language}-decode lacks ${name}`);
  }
});

test('the multi-byte decoders\' host checks come into a lite bundle with the add-ons that decode only', async () => {
  const { build } = await import('esbuild');
  /** The package modules whose code a browser bundle of `source` (PKG: the package) holds. */
  const modules = async (source) => {
    const r = await build({ stdin: { contents: source.replaceAll('PKG', pkgDir), resolveDir: pkgDir, loader: 'js' }, bundle: true, write: false, metafile: true, format: 'esm', platform: 'browser', outdir: join(pkgDir, '.modules'), logLevel: 'silent' });
    // The modules that put code into the bundle (one whose import a bundler dropped, as it may
    // for a module not marked as having side effects, puts none).
    const [output] = Object.values(r.metafile.outputs);
    return Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([file]) => relative(realpathSync(pkgDir), resolve(file)));
  };
  const lite = `export { TextDecoder, TextEncoder } from 'PKG/${entryFile('./lite', 'web')}';`;
  const legacy = `export { encode } from 'PKG/${entryFile('./lite/legacy', 'web')}';`;
  const addOn = (subpath) => `import 'PKG/${entryFile(subpath, 'web')}';`;
  const checks = ['lite/core/host-multi-byte.js', 'lite/core/multi-byte-probes.js'];
  const has = (list) => checks.map((file) => list.includes(file));
  assert.deepEqual(has(await modules(lite)), [false, false], 'lite alone');
  assert.deepEqual(has(await modules(`${lite} ${addOn('./korean/encode')}`)), [false, false], 'lite + an encoding add-on');
  assert.deepEqual(has(await modules(`${legacy} ${addOn('./japanese/encode')}`)), [false, false], 'lite/legacy + japanese/encode');
  assert.deepEqual(has(await modules(`${lite} ${addOn('./japanese/decode')}`)), [true, true], 'lite + japanese/decode');
  assert.deepEqual(has(await modules(`${lite} ${addOn('./korean')}`)), [true, true], 'lite + korean');
  assert.ok((await modules(`export { TextDecoder } from 'PKG/${entryFile('.', 'web')}';`)).includes('core/host-multi-byte.js'), 'the full entry');
});
