// `npm run bench:cli [-- --size MB]`: the command-line transcoder (pkg/tools/cli.js) on large files
// against the package's own decode+encode in one process, in one run. For each conversion, a
// file of --size MB (default 1024) is made in bench/.cache/cli/ by repeating a corpus article
// (../shared/corpus/wikipedia) in the source encoding; then, interleaved:
//   in-process  the package's TextDecoder ({stream: true}) and TextEncoder / legacy encoder on the
//               same bytes in 1 MiB chunks, from memory to memory (a 64 MiB piece, 3 passes)
//   cli         `node pkg/tools/cli.js -f FROM -t TO [--html] -o /dev/null FILE` under /usr/bin/time:
//               wall and CPU (user+sys) time, and the kernel's peak RSS for the process
// CPU-time rates are shown too: on a busy machine they compare better than wall time.
// MB/s are of input bytes. Prints a Markdown table and writes it to bench/.cache/cli.md.

import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryFile, GENERATED, importPackageFile, packageDir, root } from '../scripts/lib/package.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const pkgDir = packageDir();
const cacheDir = join(benchDir, '.cache', 'cli');
const corpusDir = resolve(root, '../shared/corpus/wikipedia');
const sizeAt = process.argv.indexOf('--size');
const SIZE = (sizeAt > 0 ? Number(process.argv[sizeAt + 1]) : 1024) * 1024 * 1024;
if (!(SIZE > 0)) throw new Error('bench:cli: --size takes a number of MiB');

const { TextDecoder, TextEncoder } = await importPackageFile(pkgDir, entryFile('.', 'node'));
const { encode, createEncoder } = await importPackageFile(pkgDir, entryFile('./legacy', 'node'));

/** [article, from, to, html]: the corpus file, its encoding on disk, the output encoding. */
const CONVERSIONS = [
  ['ja', 'utf-8', 'shift_jis', true],
  ['ja', 'shift_jis', 'utf-8', false],
  ['ru', 'utf-8', 'windows-1251', true],
  ['zh_cn', 'gbk', 'utf-8', false],
  ['en', 'utf-8', 'utf-16le', false],
];

/** The article in `encoding` (html mode: characters it cannot encode as &#N;). */
function articleBytes(lang, encoding) {
  const text = readFileSync(join(corpusDir, `${lang}.txt`), 'utf8');
  return encoding === 'utf-8' ? Buffer.from(text) : Buffer.from(encode(text, encoding, { mode: 'html' }));
}

/** bench/.cache/cli/LANG.ENCODING.SIZE: the article repeated up to SIZE bytes (made once). */
function bigFile(lang, encoding) {
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, `${lang}.${encoding}.${SIZE}`);
  if (existsSync(path) && statSync(path).size === SIZE) return path;
  const article = articleBytes(lang, encoding);
  const piece = Buffer.concat(Array(Math.ceil((8 << 20) / article.length)).fill(article));
  const fd = openSync(path, 'w');
  for (let written = 0; written < SIZE; ) written += writeSync(fd, piece, 0, Math.min(piece.length, SIZE - written));
  closeSync(fd);
  return path;
}

/** The package's own decode+encode over `bytes` in 1 MiB chunks; { wall, cpu } MB/s of input (best pass). */
function inProcess(bytes, from, to, html) {
  const CHUNK = 1 << 20;
  let best = 0;
  let bestCpu = 0;
  let sink = 0;
  for (let pass = 0; pass < 3; pass++) {
    const decoder = new TextDecoder(from);
    const utf8 = to === 'utf-8' ? new TextEncoder() : null;
    const legacy = to === 'utf-8' || to.startsWith('utf-16') ? null : createEncoder(to, { mode: html ? 'html' : 'fatal' });
    const t0 = process.hrtime.bigint();
    const cpu0 = process.cpuUsage();
    for (let at = 0; at < bytes.length; at += CHUNK) {
      const text = decoder.decode(bytes.subarray(at, at + CHUNK), { stream: true });
      const out = utf8 ? utf8.encode(text) : legacy ? legacy.encode(text, { stream: true }) : Buffer.from(text, 'utf16le');
      sink += out.length;
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    best = Math.max(best, bytes.length / 1e6 / seconds);
    bestCpu = Math.max(bestCpu, bytes.length / 1e6 / ((cpu.user + cpu.system) / 1e6));
  }
  if (sink < 0) console.log(sink);
  return { wall: best, cpu: bestCpu };
}

/**
 * Runs the CLI on `file` under /usr/bin/time; resolves to { mbps (wall), cpuMbps (user+sys),
 * peakRss (the kernel's maximum resident set size), seconds }.
 */
function cli(file, from, to, html) {
  return new Promise((resolvePromise, reject) => {
    const args = ['-f', 'TIME %e %U %S %M', process.execPath, join(pkgDir, GENERATED.cli), '-f', from, '-t', to, ...(html ? ['--html'] : []), '-o', '/dev/null', file];
    const child = spawn('/usr/bin/time', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (e) => reject(new Error(`bench:cli needs /usr/bin/time (Debian package "time"): ${e.message}`)));
    child.on('close', (code) => {
      const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
      if (code !== 0 || !m) return reject(new Error(`cli ${args.join(' ')} exited ${code}: ${stderr}`));
      const [seconds, user, sys, kb] = m.slice(1).map(Number);
      const mb = statSync(file).size / 1e6;
      resolvePromise({ mbps: mb / seconds, cpuMbps: mb / (user + sys), peakRss: kb * 1024, seconds });
    });
  });
}

const rows = [];
for (const [lang, from, to, html] of CONVERSIONS) {
  const file = bigFile(lang, from);
  const article = articleBytes(lang, from);
  const piece = Buffer.concat(Array(Math.ceil((64 << 20) / article.length)).fill(article)).subarray(0, 64 << 20);
  const own = inProcess(piece, from, to, html);
  const run = await cli(file, from, to, html);
  const again = inProcess(piece, from, to, html);
  const best = { wall: Math.max(own.wall, again.wall), cpu: Math.max(own.cpu, again.cpu) };
  rows.push({ what: `${lang}: ${from} → ${to}${html ? ' (--html)' : ''}`, own: best, ...run });
  console.error(`${rows.at(-1).what}: in-process ${best.wall.toFixed(0)} MB/s (cpu ${best.cpu.toFixed(0)}), cli ${run.mbps.toFixed(0)} MB/s (cpu ${run.cpuMbps.toFixed(0)}), peak RSS ${(run.peakRss / 1e6).toFixed(0)} MB`);
}

const table = [
  `# CLI on ${(SIZE / 1024 / 1024).toFixed(0)} MiB inputs (node ${process.version})`,
  '',
  `command: \`node bench/cli.mjs${sizeAt > 0 ? ` --size ${process.argv[sizeAt + 1]}` : ''}\`; MB/s of input bytes; in-process = the package's decode+encode in 1 MiB chunks from memory`,
  '',
  '| conversion | in-process MB/s | cli MB/s | in-process ÷ cli | in-process MB/CPU-s | cli MB/CPU-s | ratio (CPU) | cli wall s | cli peak RSS |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.what} | ${r.own.wall.toFixed(0)} | ${r.mbps.toFixed(0)} | ${(r.own.wall / r.mbps).toFixed(2)}× | ${r.own.cpu.toFixed(0)} | ${r.cpuMbps.toFixed(0)} | ${(r.own.cpu / r.cpuMbps).toFixed(2)}× | ${r.seconds.toFixed(1)} | ${(r.peakRss / 1e6).toFixed(0)} MB |`,
  ),
  '',
].join('\n');
console.log(table);
writeFileSync(join(benchDir, '.cache', 'cli.md'), table);
