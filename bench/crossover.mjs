// `node bench/crossover.mjs [--engines] [--pkg DIR]`: where the Node folder's choices between the
// host's decoders and the core cross over (js/node/load.js's setCoreFrom thresholds and its V8 and
// Bun choices). For UTF-8 (non-ASCII prose, ru.txt) and UTF-16LE (the same text) at 64 B to
// 1 MiB, MB/s of the package as it is, of a copy with the host's codecs switched off (the core),
// and of the engine's own TextDecoder; one process per engine, interleaved, median of 5. With
// --engines: in Node 20, 22, 24 and 26 and Bun (the engines that take the Node folder), each one
// installed by `node scripts/lib/engines.mjs install NAME`.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { enginePath, isInstalled } from '../scripts/lib/engines.mjs';
import { packageDir } from '../scripts/lib/package.mjs';

const SIZES = [64, 256, 1024, 2048, 4096, 16384, 65536, 1 << 20];
const corpus = join(fileURLToPath(new URL('../../shared/corpus/wikipedia/', import.meta.url)));

/** One engine's table: runs in the current process. */
async function measure(pkg) {
  const copy = mkdtempSync(join(tmpdir(), 'tew-crossover-'));
  try {
    cpSync(pkg, copy, { recursive: true });
    const ours = await import(pathToFileURL(join(pkg, 'node/index.js')).href);
    globalThis.TEXT_ENCODING_WASM_HOST = 'off';
    const core = await import(pathToFileURL(join(copy, 'node/index.js')).href);
    delete globalThis.TEXT_ENCODING_WASM_HOST;
    const prose = readFileSync(join(corpus, 'ru.txt'));
    const text = new TextDecoder().decode(prose);
    const utf16 = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      utf16[2 * i] = text.charCodeAt(i) & 0xff;
      utf16[2 * i + 1] = text.charCodeAt(i) >> 8;
    }
    const now = () => performance.now();
    const rate = (fn, n) => {
      let k = 0;
      const t0 = now();
      let t;
      do {
        for (let i = 0; i < 10; i++) fn();
        k += 10;
        t = now();
      } while (t - t0 < 40);
      return (n * k) / ((t - t0) * 1000);
    };
    const rows = [];
    for (const [label, source] of [['utf-8', prose], ['utf-16le', utf16]]) {
      for (const size of SIZES) {
        let end = Math.min(size, source.length);
        if (label === 'utf-8') while (end > 0 && (source[end] & 0xc0) === 0x80) end--;
        else end &= ~1;
        const bytes = new Uint8Array(source.subarray(0, end));
        const decoders = [new ours.TextDecoder(label), new core.TextDecoder(label), new TextDecoder(label)];
        const runs = [[], [], []];
        for (let round = 0; round < 5; round++) decoders.forEach((d, i) => runs[i].push(rate(() => d.decode(bytes), end)));
        const median = runs.map((r) => r.sort((a, b) => a - b)[2]);
        rows.push(`| ${label} | ${end} | ${median.map((m) => m.toFixed(0)).join(' | ')} |`);
      }
    }
    return rows;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') {
  for (const row of await measure(argv[1])) console.log(row);
} else {
  const pkg = packageDir(argv);
  const engines = argv.includes('--engines')
    ? [['Node 20 (system)', process.execPath], ...['node22', 'node24', 'node26', 'bun'].filter(isInstalled).map((n) => [n, enginePath(n)])]
    : [[`Node ${process.version}`, process.execPath]];
  for (const [name, bin] of engines) {
    const r = spawnSync(bin, [fileURLToPath(import.meta.url), '--child', pkg], { encoding: 'utf8', timeout: 600000 });
    console.log(`\n### ${name}\n\nMB/s of input bytes, median of 5 interleaved rounds.\n\n| encoding | bytes | ours | ours, core | native |\n| --- | ---: | ---: | ---: | ---: |`);
    console.log(r.status === 0 ? r.stdout.trim() : `could not run: ${(r.stderr || '').slice(-300)}`);
  }
}
