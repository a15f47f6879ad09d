// How fast the detector (`text-encoding-wasm/detect`) reads long inputs and answers short calls,
// in every engine it runs in (the measurements: bench/detect-measure.js):
//
//   node bench/detect-throughput.mjs             (also bun, deno run -A; TEW_PKG=DIR for another build)
//   node bench/detect-throughput.mjs --browsers  (Chromium and Firefox: the web folder's entries, in a page)
//
// The inputs: Russian in UTF-8 and windows-1251 (every byte above ASCII keeps all the CJK
// readings busy: the slowest), Japanese, Chinese and Korean in each CJK encoding with a two-byte
// loop of its own, English in windows-1252 (mostly ASCII); and 16 bytes of French and of Russian.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { entryFile, importPackageFile, packageDir, root } from '../scripts/lib/package.mjs';
import { LANGUAGES, measureDetector } from './detect-measure.js';

const pkg = packageDir();
const corpusDir = join(root, '../shared/corpus/wikipedia');

if (process.argv.includes('--browsers')) {
  const { BROWSERS, withBrowser } = await import('../scripts/lib/browser.mjs');
  const { mounts, startServer } = await import('../scripts/lib/server.mjs');
  const files = mounts({ '/pkg/': pkg, '/bench/': join(root, 'bench'), '/corpus/': corpusDir });
  const server = await startServer((path) => (path === '/' ? { body: '<!doctype html><title>detect</title>', type: 'text/html' } : files(path)));
  try {
    for (const name of Object.keys(BROWSERS)) {
      await withBrowser(
        name,
        async (browser) => {
          const page = await browser.newPage();
          await page.goto(`${server.origin}/`);
          const paths = { detect: entryFile('./detect', 'web'), legacy: entryFile('./legacy', 'web'), index: entryFile('.', 'web') };
          const lines = await page.evaluate(
            async (origin, paths, languages) => {
              const load = (file) => import(`${origin}/pkg/${file}`);
              const [{ detect }, { encode }, { TextEncoder }, { measureDetector }] = await Promise.all([load(paths.detect), load(paths.legacy), load(paths.index), import(`${origin}/bench/detect-measure.js`)]);
              const texts = {};
              for (const lang of languages) texts[lang] = await (await fetch(`${origin}/corpus/${lang}.txt`)).text();
              const lines = [`detector throughput, ${navigator.userAgent}`];
              measureDetector({ detect, encode, TextEncoder, texts, log: (line) => lines.push(line) });
              return lines;
            },
            server.origin,
            paths,
            LANGUAGES,
          );
          for (const line of lines) console.log(line);
        },
        { timeoutMs: 10 * 60 * 1000 },
      );
    }
  } finally {
    await server.close();
  }
} else {
  // The folder a user of this engine gets: Deno's condition is the web folder's, Bun's Node's.
  const host = typeof Deno === 'object' ? 'web' : 'node';
  const load = (subpath) => importPackageFile(pkg, entryFile(subpath, host));
  const { detect } = await load('./detect');
  const { encode } = await load('./legacy');
  const { TextEncoder } = await load('.');
  const texts = Object.fromEntries(LANGUAGES.map((lang) => [lang, readFileSync(join(corpusDir, `${lang}.txt`), 'utf8')]));
  const engine = typeof Deno === 'object' ? `Deno ${Deno.version.deno}` : process.versions.bun ? `Bun ${process.versions.bun}` : `Node ${process.version}`;
  console.log(`detector throughput, ${engine}, ${pkg}, ${host}/`);
  measureDetector({ detect, encode, TextEncoder, texts, log: (line) => console.log(line) });
}
