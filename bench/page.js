// The browser side of the benchmark (Chromium, and Firefox in `--engines`): loads the package's
// web entry (web/index.js), the forced core (the same files under /pkg-core/, evaluated with the
// host acceleration off) and the bundled pure-JS peers, fetches the same inputs as Node, and runs
// bench/suite.js sections on request from bench/run.mjs or bench/engines.mjs (through puppeteer).

import * as ours from '/pkg/web/index.js';
import * as crossing from '/pkg/core/crossing.js';
import * as instance from '/pkg/core/instance.js';
import * as labels from '/pkg/core/labels.js';
import * as strings from '/pkg/core/strings.js';
import { sinkValue } from './harness.js';
import { contenders, importForcedCore, legacyDecoders, legacyEncoders, prepare, runSection } from './suite.js';

/** The core modules behind the entry, for the sections that measure its methods. */
const internals = { ...instance, ...crossing, ...strings, ...labels };
let env = null;
let prepared = null;

/** Imports a peer bundle; null (and a note) when it does not load. */
async function peer(url, pick, errors) {
  try {
    return pick(await import(url));
  } catch (e) {
    errors.push(`${url}: ${e && e.message}`);
    return null;
  }
}

window.bench = {
  /**
   * Loads peers and inputs (manifest: {where: 'Chromium' | 'Firefox', core: the forced core's
   * entry URL or null, peers: {name: url}, legacyPeers: {name: url}, japanese: encoding-japanese's
   * bundle URL or null, legacy: whether the package has web/legacy.js, files: [{row, lang, kind,
   * label, url}]}).
   */
  async setup(manifest) {
    const errors = [];
    const peers = {};
    // The forced core first: its modules must be evaluated while the switch is on. Its core modules
    // (the same instances as its entry's) serve the string building sections.
    let coreInternals = null;
    if (manifest.core) {
      peers['ours, core'] = await importForcedCore(() => peer(manifest.core, (m) => m, errors));
      const base = manifest.core.slice(0, manifest.core.lastIndexOf('/', manifest.core.lastIndexOf('/') - 1) + 1);
      const parts = peers['ours, core'] ? await Promise.all(['instance', 'crossing', 'strings', 'labels'].map((m) => peer(`${base}core/${m}.js`, (x) => x, errors))) : [];
      if (parts.length && parts.every(Boolean)) coreInternals = Object.assign({}, ...parts);
    }
    for (const [name, url] of Object.entries(manifest.peers)) {
      peers[name] = await peer(url, (m) => (m.TextDecoder ? m : m.default), errors);
    }
    const encodingJapanese = manifest.japanese ? await peer(manifest.japanese, (m) => m.default, errors) : null;
    // Our legacy encoders (`text-encoding-wasm/legacy`, the web entry) and the peers' ones.
    const oursLegacy = manifest.legacy ? await peer('/pkg/web/legacy.js', (m) => m, errors) : null;
    const exodusLegacy = manifest.legacyPeers['@exodus/bytes'] ? await peer(manifest.legacyPeers['@exodus/bytes'], (m) => m, errors) : null;
    const legacyList = legacyEncoders(oursLegacy, { exodus: exodusLegacy, encodingJapanese, textEncoding: peers['text-encoding'] });
    const files = await Promise.all(
      manifest.files.map(async (f) => {
        const res = await fetch(f.url);
        if (!res.ok) throw new Error(`${f.url}: HTTP ${res.status}`);
        return { row: f.row, lang: f.lang, kind: f.kind, label: f.label, bytes: new Uint8Array(await res.arrayBuffer()) };
      }),
    );
    prepared = prepare(files, ours);
    env = {
      list: contenders(ours, globalThis, peers, legacyDecoders({ encodingJapanese })),
      legacyList,
      ours,
      internals,
      coreOurs: coreInternals ? peers['ours, core'] : null,
      coreInternals,
      where: manifest.where || 'Chromium',
    };
    return {
      contenders: env.list.map((c) => c.name),
      legacyEncoders: legacyList.map((c) => c.name),
      errors,
      crossOriginIsolated: globalThis.crossOriginIsolated === true,
      gc: typeof globalThis.gc === 'function',
      userAgent: navigator.userAgent,
    };
  },
  /** Runs one section (see bench/suite.js) and returns its data. */
  run(name, opts) {
    const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
    const result = runSection(name, env, prepared, { ...opts, gc });
    if (result !== null && typeof result === 'object') result.sink = sinkValue();
    return result;
  },
};
window.benchReady = true;
