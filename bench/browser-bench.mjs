// The browser side of the bench, shared by bench/run.mjs (the default run: Chromium) and
// bench/engines.mjs (`--engines`: Chromium and Firefox): the folders the throwaway server serves,
// the peers as esbuild browser bundles (written to bench/.cache/browser/), and opening
// bench/page.html with a manifest of what to load.

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryFile, root } from '../scripts/lib/package.mjs';
import { mounts } from '../scripts/lib/server.mjs';

/** The peers' entries as a bundle sees them (also the bundle size table's). */
export const PEER_ENTRIES = {
  '@exodus/bytes': "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding.js';",
  '@exodus/bytes lite': "export { TextDecoder, TextEncoder } from '@exodus/bytes/encoding-lite.js';",
  'text-encoding': "import te from 'text-encoding'; export const TextDecoder = te.TextDecoder, TextEncoder = te.TextEncoder;",
};
/** @exodus/bytes' legacy encoders, bundled for the page apart from its TextDecoder. */
const EXODUS_LEGACY_ENTRY = "export { createMultibyteEncoder } from '@exodus/bytes/multi-byte.js'; export { createSinglebyteEncoder } from '@exodus/bytes/single-byte.js';";
/** encoding-japanese (CommonJS) as the default export of an ES module. */
const JAPANESE_ENTRY = "import Encoding from 'encoding-japanese'; export default Encoding;";

/** esbuild's ESM browser bundle of `options` (stdin or entryPoints) as a Buffer. */
export async function bundle(esbuild, options) {
  const r = await esbuild.build({ bundle: true, write: false, format: 'esm', platform: 'browser', logLevel: 'silent', absWorkingDir: root, ...options });
  return Buffer.from(r.outputFiles[0].contents);
}

/**
 * What the page serves: the package at /pkg/, and again at /pkg-js/ (the JavaScript build's own
 * module graph) and /pkg-core/ (the forced core's), the bench, the corpus and the cache.
 */
export function benchMounts({ pkgDir, benchDir, corpusDir, cacheDir }) {
  return mounts({ '/pkg/': pkgDir, '/pkg-js/': pkgDir, '/pkg-core/': pkgDir, '/bench/': benchDir, '/corpus/': corpusDir, '/cache/': cacheDir });
}

/**
 * Writes the peers' browser bundles into `cacheDir`/browser/ and returns their URLs:
 * { peerUrls: {name: url} (TextDecoder/TextEncoder modules), legacyPeerUrls, japaneseUrl, notes }.
 * `textEncoding` and `jsBuild` add those contenders (the default run has them, `--engines` not).
 */
export async function browserPeers({ esbuild, cacheDir, pkgDir, textEncoding = true, jsBuild = true }) {
  const peerUrls = jsBuild && existsSync(join(pkgDir, entryFile('./js'))) ? { 'ours, JS build': `/pkg-js/${entryFile('./js')}` } : {};
  const legacyPeerUrls = {};
  let japaneseUrl = null;
  const notes = [];
  const browserDir = join(cacheDir, 'browser');
  mkdirSync(browserDir, { recursive: true });
  if (!esbuild) {
    notes.push('esbuild missing: the peers are not run in the browser');
    return { peerUrls, legacyPeerUrls, japaneseUrl, notes };
  }
  const peers = [['@exodus/bytes', 'exodus.js']];
  if (textEncoding) peers.push(['text-encoding', 'text-encoding.js']);
  for (const [name, file] of peers) {
    try {
      writeFileSync(join(browserDir, file), await bundle(esbuild, { stdin: { contents: PEER_ENTRIES[name], resolveDir: root, loader: 'js' } }));
      peerUrls[name] = `/cache/browser/${file}`;
    } catch (e) {
      notes.push(`${name}: not bundled for the browser (${e.message.split('\n')[0]})`);
    }
  }
  try {
    writeFileSync(join(browserDir, 'exodus-legacy.js'), await bundle(esbuild, { stdin: { contents: EXODUS_LEGACY_ENTRY, resolveDir: root, loader: 'js' } }));
    legacyPeerUrls['@exodus/bytes'] = '/cache/browser/exodus-legacy.js';
  } catch (e) {
    notes.push(`@exodus/bytes legacy encoders: not bundled for the browser (${e.message.split('\n')[0]})`);
  }
  try {
    writeFileSync(join(browserDir, 'encoding-japanese.js'), await bundle(esbuild, { stdin: { contents: JAPANESE_ENTRY, resolveDir: root, loader: 'js' } }));
    japaneseUrl = '/cache/browser/encoding-japanese.js';
  } catch (e) {
    notes.push(`encoding-japanese: not bundled for the browser (${e.message.split('\n')[0]})`);
  }
  return { peerUrls, legacyPeerUrls, japaneseUrl, notes };
}

/**
 * Opens bench/page.html in `browser` (served at `origin`) and sets it up with `manifest` (see
 * bench/page.js); returns { page, info } (info: contenders, legacy encoders, errors, timer, gc).
 */
export async function openBenchPage(browser, origin, manifest) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e && e.message ? e.message : e)));
  await page.goto(`${origin}/bench/page.html`);
  await page.waitForFunction('window.benchReady === true', { timeout: 60000, polling: 100 }).catch(() => {
    throw new Error(`the bench page did not load: ${errors.join('; ') || 'no error reported'}`);
  });
  const info = await page.evaluate((m) => window.bench.setup(m), manifest);
  return { page, info };
}
