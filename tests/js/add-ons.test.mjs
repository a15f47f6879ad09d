// The per-language add-ons over lite (text-encoding-wasm/japanese, /simplified-chinese,
// /traditional-chinese, /korean): imported in every order, before the lite entries or after their
// first use, each makes exactly its encodings available to every lite entry (the classes, the
// stream classes, the legacy encoders, the standard's hooks), with results equal to the full
// entry's; a CJK label whose add-on is not loaded throws the RangeError that names it. Streams of
// different modules interleave, handles are freed in the add-ons' modules too, and the add-ons
// work through require(), in the JavaScript build and where Node has no WebAssembly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { ADD_ONS, entryFile } from '../../scripts/lib/package.mjs';
import { ADD_ON_ENCODINGS, nodeInternalsExpression, pkgDir, pkgUrl, runChild } from './package.mjs';

const ENCODINGS = ADD_ON_ENCODINGS;

/** Every order of `list`. */
function permutations(list) {
  if (list.length <= 1) return [list];
  return list.flatMap((x, i) => permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [x, ...rest]));
}


/**
 * A child's program: the lite entries of `host` and the full entry, the add-ons imported in
 * `order` (after a first use of lite, with a UTF-8 stream left pending, when `afterUse`). Before
 * each import it records which CJK encodings each lite door accepts; at the end, every CJK
 * encoding's results through lite against the full entry's, streams of three modules fed byte by
 * byte in turn, and the live handles.
 */
function orderProgram(host, order, afterUse) {
  return `
    const lite = await import(${JSON.stringify(pkgUrl(entryFile('./lite', host)))});
    const legacy = await import(${JSON.stringify(pkgUrl(entryFile('./lite/legacy', host)))});
    const standard = await import(${JSON.stringify(pkgUrl(entryFile('./lite/standard', host)))});
    const internals = ${host === 'node' ? `${nodeInternalsExpression('lite/')}.instance` : `await import(${JSON.stringify(pkgUrl('lite/core/instance.js'))})`};
    const full = await import(${JSON.stringify(pkgUrl(entryFile('.', host)))});
    const fullLegacy = await import(${JSON.stringify(pkgUrl(entryFile('./legacy', host)))});
    const fullStandard = await import(${JSON.stringify(pkgUrl(entryFile('./standard', host)))});
    const ENCODINGS = ${JSON.stringify(ENCODINGS)};
    const ALL = Object.values(ENCODINGS).flat();
    const out = { steps: [] };
    let pending = null;
    if (${afterUse}) {
      pending = new lite.TextDecoder('utf-8');
      out.first = new lite.TextDecoder('windows-1252').decode(Uint8Array.of(0x80)) + pending.decode(Uint8Array.of(0xe6, 0x97), { stream: true });
    }
    // Which CJK encodings each door accepts now; a refusal must be the RangeError naming its add-on.
    const accepted = () => ALL.filter((name) => {
      const tries = [
        () => new lite.TextDecoder(name),
        () => new lite.TextDecoderStream(name),
        () => legacy.encode('a', name),
        () => new legacy.LegacyEncoder(name),
        () => standard.encode('a', name),
        () => standard.decode(Uint8Array.of(0x61), name),
      ];
      const results = tries.map((f) => {
        try {
          f();
          return true;
        } catch (e) {
          const addOn = Object.keys(ENCODINGS).find((k) => ENCODINGS[k].includes(name));
          if (!(e instanceof RangeError) || !e.message.includes("import 'text-encoding-wasm/" + addOn + "'")) throw new Error(name + ': ' + e);
          return false;
        }
      });
      if (new Set(results).size !== 1) throw new Error(name + ': the doors disagree: ' + results);
      return results[0];
    });
    for (const language of ${JSON.stringify(order)}) {
      out.steps.push(accepted());
      await import(${JSON.stringify(pkgUrl(`lite/${host}/`))} + language + '.js');
    }
    out.steps.push(accepted());
    if (pending !== null) out.first += pending.decode(Uint8Array.of(0xa5));
    const text = '日本語のテキスト、中文简体，繁體中文，한국어 텍스트 ©€ ABC\\u{20B9F}';
    out.same = {};
    const base = internals.liveHandles();
    for (const name of ALL) {
      const bytes = fullLegacy.encode(text, name, { mode: 'html' });
      const mine = legacy.encode(text, name, { mode: 'html' });
      const decoded = new lite.TextDecoder(name).decode(bytes);
      const fatal = (() => { try { return legacy.encode(text, name); } catch (e) { return e.constructor.name + ': ' + e.message; } })();
      const fullFatal = (() => { try { return fullLegacy.encode(text, name); } catch (e) { return e.constructor.name + ': ' + e.message; } })();
      const streamed = (() => { const d = new lite.TextDecoder(name, { fatal: true }); let s = ''; for (const b of bytes) s += d.decode(Uint8Array.of(b), { stream: true }); return s + d.decode(); })();
      const encoder = new legacy.LegacyEncoder(name, { mode: 'replace' });
      const replaced = [...text].map((c) => Array.from(encoder.encode(c, { stream: true }))).flat().concat(Array.from(encoder.encode()));
      const fullReplaced = Array.from(fullLegacy.encode(text, name, { mode: 'replace' }));
      const percent = standard.percentEncodeAfterEncoding(name, text, 'query') === fullStandard.percentEncodeAfterEncoding(name, text, 'query');
      out.same[name] =
        String(mine) === String(bytes) &&
        decoded === new full.TextDecoder(name).decode(bytes) &&
        String(fatal) === String(fullFatal) &&
        streamed === decoded &&
        String(replaced) === String(fullReplaced) &&
        percent;
    }
    // Three streams of three modules (base, japanese, traditional-chinese), one byte each in turn.
    const inputs = [['utf-8', new full.TextEncoder().encode(text)], ['shift_jis', fullLegacy.encode(text, 'shift_jis', { mode: 'html' })], ['big5', fullLegacy.encode(text, 'big5', { mode: 'html' })]];
    const decoders = inputs.map(([name]) => new lite.TextDecoder(name));
    const got = inputs.map(() => '');
    const longest = Math.max(...inputs.map(([, b]) => b.length));
    for (let i = 0; i < longest; i++) {
      inputs.forEach(([, b], k) => {
        if (i < b.length) got[k] += decoders[k].decode(b.subarray(i, i + 1), { stream: true });
      });
    }
    out.interleaved = inputs.every(([name, b], k) => got[k] + decoders[k].decode() === new full.TextDecoder(name).decode(b));
    out.handlesBack = internals.liveHandles() === base;
    console.log(JSON.stringify(out));
  `;
}

/** What `orderProgram` must report for `order`: the encodings accepted after each import. */
function expectedSteps(order) {
  const steps = [[]];
  const loaded = new Set();
  for (const language of order) {
    loaded.add(language);
    steps.push(Object.values(ENCODINGS).flat().filter((name) => [...loaded].some((l) => ENCODINGS[l].includes(name))));
  }
  return steps;
}

for (const afterUse of [false, true]) {
  test(`every order of the add-ons, ${afterUse ? 'after a first use of lite' : 'before any use'} (Node folder)`, () => {
    for (const order of permutations(ADD_ONS)) {
      const out = runChild(orderProgram('node', order, afterUse));
      const label = order.join(', ');
      assert.deepEqual(out.steps, expectedSteps(order), `${label}: what each import adds`);
      for (const [name, same] of Object.entries(out.same)) assert.equal(same, true, `${label}: ${name} through lite equals the full entry`);
      assert.equal(out.interleaved, true, `${label}: streams of three modules interleave`);
      assert.equal(out.handlesBack, true, `${label}: every handle freed`);
      if (afterUse) assert.equal(out.first, '€日', `${label}: the stream pending before the add-ons goes on`);
    }
  });
}

test('the web folder and the JavaScript build (wasm2js folder) take the add-ons the same way', () => {
  for (const host of ['web', 'wasm2js']) {
    const order = [...ADD_ONS].reverse();
    const out = runChild(orderProgram(host, order, true));
    assert.deepEqual(out.steps, expectedSteps(order), host);
    for (const [name, same] of Object.entries(out.same)) assert.equal(same, true, `${host}: ${name}`);
    assert.equal(out.interleaved && out.handlesBack, true, host);
  }
});

test('each module is instantiated at its first use only: an exporter over lite loads only its add-on\'s', () => {
  const out = runChild(`
    const instance = ${nodeInternalsExpression('lite/')}.instance;
    const legacy = await import(${JSON.stringify(pkgUrl(entryFile('./lite/legacy', 'node')))});
    const lite = await import(${JSON.stringify(pkgUrl(entryFile('./lite', 'node')))});
    await import(${JSON.stringify(pkgUrl(entryFile('./japanese', 'node')))});
    await import(${JSON.stringify(pkgUrl(entryFile('./korean', 'node')))});
    const steps = [instance.instantiatedModules().join()];
    const bytes = legacy.encode('名前,住所', 'shift_jis');
    steps.push(instance.instantiatedModules().join());
    new lite.TextDecoder('windows-1252').decode(Uint8Array.of(0x80));
    steps.push(instance.instantiatedModules().join());
    console.log(JSON.stringify({ steps, bytes: bytes.length }));
  `);
  assert.deepEqual(out, { steps: ['', 'japanese', 'base,japanese'], bytes: 9 });
});

test('require(): the add-ons\' CommonJS twins register with the lite twins\' graph', () => {
  for (const host of ['node', 'wasm2js']) {
    const out = runChild(
      `
      const lite = require(${JSON.stringify(join(pkgDir, entryFile('./lite', host, { require: true })))});
      const legacy = require(${JSON.stringify(join(pkgDir, entryFile('./lite/legacy', host, { require: true })))});
      let before;
      try { new lite.TextDecoder('euc-kr'); } catch (e) { before = e.name; }
      require(${JSON.stringify(join(pkgDir, entryFile('./korean', host, { require: true })))});
      require(${JSON.stringify(join(pkgDir, entryFile('./japanese', host, { require: true })))});
      console.log(JSON.stringify({ before, after: new lite.TextDecoder('euc-kr').decode(legacy.encode('한국어', 'euc-kr')) + new lite.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0)) }));
    `,
      { type: 'commonjs' },
    );
    assert.deepEqual(out, { before: 'RangeError', after: '한국어あ' }, host);
  }
});

test('Node without WebAssembly: the Node folder\'s add-ons fall back to their JavaScript build', () => {
  const out = runChild(
    `
    const lite = await import(${JSON.stringify(pkgUrl(entryFile('./lite', 'node')))});
    await import(${JSON.stringify(pkgUrl(entryFile('./simplified-chinese', 'node')))});
    console.log(JSON.stringify({ wasm: typeof WebAssembly, text: new lite.TextDecoder('gb18030').decode(Uint8Array.of(0xd6, 0xd0, 0x81, 0x30, 0x81, 0x30)) }));
  `,
    { flags: ['--jitless'] },
  );
  assert.deepEqual(out, { wasm: 'undefined', text: '中\u0080' });
});
