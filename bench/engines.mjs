// `npm run bench -- --engines[=NAMES] [--quick]`: the throughput sections of bench/suite.js in every
// engine the project has, one summary table per engine and one of all of them (see
// bench/README.md). Called by bench/run.mjs once the package, its forced-core copy and the input
// files are ready. The engines:
//   node20      the system Node (the one that started the run)      bench/engine-driver.mjs, node/
//   node22/24/26  Node from scripts/lib/engines.mjs (installed if missing)    "
//   bun         Bun from scripts/lib/engines.mjs                            "
//   deno        node_modules/.bin/deno                              bench/engine-driver.mjs, web/
//   chromium    headless Chromium (scripts/lib/browser.mjs)         bench/page.html, web/
//   firefox     headless Firefox ESR (WebDriver BiDi)                      "
//   no-wasm     bench/no-wasm.mjs where it exists: the JavaScript build against @exodus/bytes in
//               QuickJS and Hermes (its own inputs, rounds and tables)
// Each process engine runs bench/engine-driver.mjs, which loads the package, the forced core and
// the peers itself and prints the section data as JSON; the browsers run the same sections in the
// page. Detail tables go to bench/.cache/engines.md only; stdout gets the summaries.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSERS, withBrowser } from '../scripts/lib/browser.mjs';
import { denoBin, denoEnv, enginePath, ENGINES as INSTALLABLE, installEngines, isInstalled } from '../scripts/lib/engines.mjs';
import { entryFile, root } from '../scripts/lib/package.mjs';
import { startServer } from '../scripts/lib/server.mjs';
import { benchMounts, browserPeers, openBenchPage } from './browser-bench.mjs';
import { CORE, summaryColumns, summaryRows, table, THROUGHPUT, throughputTable } from './report.mjs';
import { HOST_SWITCH } from './suite.js';

/** The sections every engine runs (bench/suite.js runSection names), in order; TEW_BENCH_SECTIONS=a,b runs some only. */
const SECTIONS = process.env.TEW_BENCH_SECTIONS ? process.env.TEW_BENCH_SECTIONS.split(',') : ['decodeUtf8', 'decodeLegacy', 'decodeCjk', 'decodeUtf16', 'encode', 'shortDecode', 'shortEncode', 'encodeLegacy', 'shortLegacyEncode'];

/**
 * Rounds and batch length. In the full run an engine takes about 60–80 s on 2 cores (nine
 * sections, about 800 timed (input, contender) pairs: text-encoding and the JavaScript build are
 * left out), so the eight engines and the no-wasm run stay within about 15 minutes, 20 on a busy
 * machine.
 */
const OPTS = { full: { rounds: 7, targetMs: 10 }, quick: { rounds: 3, targetMs: 4 } };

/**
 * Deno: read access only (no environment: the package never reads its switch from it there), the
 * peers resolved from node_modules/ as the package.json at the root lists them, a GC hook.
 */
const DENO_FLAGS = ['run', '--allow-read', '--no-prompt', '--no-lock', '--no-config', '--node-modules-dir=manual', '--v8-flags=--expose-gc'];

/** The engines in report order: id → how to run it. */
const ENGINE_LIST = [
  { id: 'node20', title: 'Node 20 (system)', kind: 'process', host: 'node', iconv: true, flags: ['--expose-gc'] },
  { id: 'node22', title: 'Node 22', kind: 'process', installed: 'node22', host: 'node', iconv: true, flags: ['--expose-gc'] },
  { id: 'node24', title: 'Node 24', kind: 'process', installed: 'node24', host: 'node', iconv: true, flags: ['--expose-gc'] },
  { id: 'node26', title: 'Node 26', kind: 'process', installed: 'node26', host: 'node', iconv: true, flags: ['--expose-gc'] },
  { id: 'bun', title: 'Bun', kind: 'process', installed: 'bun', host: 'node', iconv: true, flags: [] },
  { id: 'deno', title: 'Deno', kind: 'process', host: 'web', iconv: false, flags: DENO_FLAGS },
  { id: 'chromium', title: 'Chromium', kind: 'browser' },
  { id: 'firefox', title: 'Firefox', kind: 'browser' },
  { id: 'no-wasm', title: 'no WebAssembly', kind: 'no-wasm' },
];

/** The environment of an engine process: the host switch removed, so that only "ours, core" is forced. */
function childEnv(base = process.env) {
  const env = { ...base };
  delete env[HOST_SWITCH];
  delete env.TEW_BENCH_STARTED_BY;
  return env;
}

/** The engine processes running now: killed if the bench itself is stopped by a signal. */
const live = new Set();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of live) child.kill('SIGKILL');
    process.exit(1);
  });
}

/** Runs `bin args` to its end; resolves to { code, stdout, stderr }, killing it after `timeoutMs`. Progress lines go to `log`. */
function runProcess(bin, args, { env, timeoutMs, log }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(bin, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    const stdout = [];
    let stderr = '';
    let partial = '';
    child.stdout.on('data', (d) => stdout.push(d));
    child.stderr.on('data', (d) => {
      const text = partial + d.toString();
      const lines = text.split('\n');
      partial = lines.pop();
      for (const line of lines) {
        if (line.startsWith('bench (')) log(line.slice('bench '.length));
        else stderr += line + '\n';
      }
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      stderr += `\nkilled after ${timeoutMs / 1000} s`;
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      live.delete(child);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      resolvePromise({ code: code ?? signal, stdout: Buffer.concat(stdout).toString('utf8'), stderr: stderr + partial });
    });
  });
}

/** The binary of a process engine, installing a pinned one if needed; throws why it cannot run. */
function engineBinary(e, systemNode) {
  if (e.id === 'node20') return systemNode;
  if (e.id === 'deno') {
    if (!existsSync(denoBin)) throw new Error(`${denoBin} is missing (npm install)`);
    return denoBin;
  }
  if (!(e.installed in INSTALLABLE)) throw new Error(`scripts/lib/engines.mjs has no ${e.installed} entry`);
  if (!isInstalled(e.installed)) installEngines([e.installed]);
  return enginePath(e.installed);
}

/** One process engine: the driver's result ({engine, gc, contenders, legacyEncoders, errors, sections}). */
async function runProcessEngine(e, ctx) {
  const bin = engineBinary(e, ctx.systemNode);
  const configPath = join(ctx.workDir, `config-${e.id}.json`);
  writeFileSync(configPath, JSON.stringify({ ...ctx.driverConfig, iconv: e.iconv }));
  const args = [...e.flags, join(ctx.benchDir, 'engine-driver.mjs'), configPath, e.host];
  const env = e.id === 'deno' ? childEnv(denoEnv()) : childEnv();
  const r = await runProcess(bin, args, { env, timeoutMs: ctx.timeoutMs, log: ctx.log });
  const line = r.stdout.split('\n').find((l) => l.startsWith('@@bench-result '));
  if (!line) throw new Error(`${bin} exited with ${r.code} and no result: ${r.stderr.trim().split('\n').slice(-6).join(' | ')}`);
  const result = JSON.parse(line.slice('@@bench-result '.length));
  result.binary = bin;
  result.entry = `${e.host}/index.js`;
  return result;
}

/** Both browsers share one server and one set of peer bundles. */
async function browserSetup(ctx) {
  if (ctx.browser) return ctx.browser;
  let esbuild = null;
  try {
    esbuild = await import('esbuild');
  } catch {
    esbuild = null;
  }
  const peers = await browserPeers({ esbuild, cacheDir: ctx.cacheDir, pkgDir: ctx.pkgDir, textEncoding: false, jsBuild: false });
  const server = await startServer(benchMounts(ctx));
  ctx.browser = { peers, server };
  return ctx.browser;
}

/** One browser engine: the same result shape as a driver's, from bench/page.html. */
async function runBrowserEngine(e, ctx) {
  if (!existsSync(BROWSERS[e.id])) throw new Error(`${BROWSERS[e.id]} is missing (scripts/setup.sh --browsers)`);
  const { peers, server } = await browserSetup(ctx);
  const where = e.title;
  const manifest = {
    where,
    core: `/pkg-core/${entryFile('.', 'web')}`,
    peers: peers.peerUrls,
    legacyPeers: peers.legacyPeerUrls,
    japanese: peers.japaneseUrl,
    legacy: existsSync(join(ctx.pkgDir, entryFile('./legacy', 'web'))),
    files: ctx.files.map(({ row, lang, kind, label, url }) => ({ row, lang, kind, label, url })),
  };
  const args = e.id === 'chromium' ? ['--js-flags=--expose-gc'] : [];
  return withBrowser(
    e.id,
    async (browser) => {
      const version = await browser.version();
      const { page, info } = await openBenchPage(browser, server.origin, manifest);
      const sections = {};
      for (const [name, rounds] of ctx.driverConfig.sections) {
        const t0 = Date.now();
        sections[name] = await page.evaluate((n, o) => window.bench.run(n, o), name, { ...ctx.driverConfig.opts, rounds });
        ctx.log(`(${where}): ${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      }
      await page.close();
      return {
        engine: `${where} ${version.replace(/^[^/]*\//, '')}`,
        gc: info.gc,
        timer: info.crossOriginIsolated ? 'cross-origin isolated' : 'not cross-origin isolated',
        contenders: info.contenders,
        legacyEncoders: info.legacyEncoders,
        errors: [...peers.notes, ...info.errors],
        sections,
        entry: 'web/index.js',
      };
    },
    { timeoutMs: ctx.timeoutMs, args },
  );
}

/** bench/no-wasm.mjs, when it exists: its Markdown and, where its results have the expected shape, summary rows. */
async function runNoWasmPart(ctx) {
  const file = join(ctx.benchDir, 'no-wasm.mjs');
  if (!existsSync(file)) return { skipped: 'bench/no-wasm.mjs does not exist' };
  const m = await import(file);
  if (typeof m.runNoWasm === 'function') {
    const { markdown, results } = await m.runNoWasm({ quick: ctx.quick, pkg: ctx.pkgDir, log: (line) => ctx.log(line) });
    return { markdown, results };
  }
  const r = await runProcess(process.execPath, [file, ...(ctx.quick ? ['--quick'] : [])], { env: childEnv(), timeoutMs: ctx.timeoutMs, log: ctx.log });
  if (r.code !== 0 && !r.stdout.trim()) throw new Error(`bench/no-wasm.mjs exited with ${r.code}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return { markdown: r.stdout.trim(), results: null };
}

/** no-wasm.mjs's per-engine section summaries as rows of the combined table (ours ÷ @exodus/bytes), where they have the known shape. */
function noWasmRows(results, columns) {
  const rows = [];
  const map = { utf8Decode: 'decodeUtf8', singleByteDecode: 'decodeLegacy', cjkDecode: 'decodeCjk', utf8Encode: 'encode', shortDecode: 'shortDecode', shortEncode: 'shortEncode' };
  const fmt = (r) => (Number.isFinite(r) ? `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}×` : '—');
  for (const [name, entry] of Object.entries(results?.engines ?? {})) {
    if (!Array.isArray(entry?.summary)) continue;
    const byKey = new Map(entry.summary.filter((s) => map[s.section]).map((s) => [map[s.section], s]));
    const title = { quickjs: 'QuickJS', hermes: 'Hermes' }[name] ?? name;
    rows.push([
      `${title} (JS build): ours ÷ @exodus/bytes`,
      ...columns.map(([key]) => {
        const s = byKey.get(key);
        if (!s || !Number.isFinite(s.ratio)) return '—';
        return s.worst && s.timed > 1 ? `${fmt(s.ratio)} (${fmt(s.worst.ratio)} ${s.worst.name})` : fmt(s.ratio);
      }),
    ]);
  }
  return rows;
}

/**
 * The `--engines` run: every engine of ENGINE_LIST (or those in `only`), each engine's detail
 * tables into the results file, its summary to stdout too; then the combined table.
 */
export async function runEngines(ctx) {
  const { quick, only, emit, record, log } = ctx;
  const opts = quick ? OPTS.quick : OPTS.full;
  const chosen = only ? ENGINE_LIST.filter((e) => only.includes(e.id)) : ENGINE_LIST;
  if (only) for (const id of only) if (!ENGINE_LIST.some((e) => e.id === id)) throw new Error(`bench: unknown engine ${id} (${ENGINE_LIST.map((e) => e.id).join(', ')})`);
  ctx.workDir = join(ctx.cacheDir, 'engines');
  mkdirSync(ctx.workDir, { recursive: true });
  ctx.timeoutMs = (quick ? 10 : 30) * 60 * 1000;
  ctx.driverConfig = {
    pkg: ctx.pkgDir,
    core: ctx.coreDir,
    files: ctx.files.map(({ row, lang, kind, label, path }) => ({ row, lang, kind, label, path })),
    sections: SECTIONS.map((name) => [name, opts.rounds]),
    opts: { targetMs: opts.targetMs },
  };

  // Detail tables go to the results file only (record); the rest to stdout too (emit).
  emit(
    [
      ...ctx.header,
      `- engines: ${chosen.map((e) => e.id).join(', ')}; sections: ${SECTIONS.map((s) => THROUGHPUT.find(([k]) => k === s)?.[2] ?? s).join(', ')}`,
      `- ${opts.rounds} interleaved rounds per section; in each, every (input, contender) runs ≈${opts.targetMs} ms as 3 back-to-back sub-batches and keeps the fastest; every value is the median over rounds (a full GC before each input row where the engine offers one: Node and Deno --expose-gc, Bun.gc, Chromium --js-flags=--expose-gc; Firefox has none)`,
      `- contenders: \`ours\`, \`${CORE}\`, \`native\`, \`@exodus/bytes\`; \`iconv-lite\` in Node and Bun (legacy rows); \`encoding-japanese\` (Japanese rows); no text-encoding and no JavaScript build (the default run has them; the no-wasm part runs the JavaScript build)`,
      `- the detail tables of every engine are in bench/.cache/engines.md; stdout shows the summaries`,
    ].join('\n'),
  );

  const all = [];
  const failures = [];
  let noWasm = null;
  try {
    for (const e of chosen) {
      const t0 = Date.now();
      log(`engines: ${e.id}`);
      try {
        if (e.kind === 'no-wasm') {
          noWasm = await runNoWasmPart(ctx);
          noWasm.seconds = (Date.now() - t0) / 1000;
          if (noWasm.skipped) emit(`## ${e.title}\n\n_skipped: ${noWasm.skipped}_`);
          else emit(`## ${e.title} (bench/no-wasm.mjs, ${noWasm.seconds.toFixed(0)} s)\n\n${noWasm.markdown}`);
        } else {
          const result = e.kind === 'browser' ? await runBrowserEngine(e, ctx) : await runProcessEngine(e, ctx);
          const name = result.engine.split(' (')[0];
          const seconds = (Date.now() - t0) / 1000;
          all.push({ e, result, name, seconds });
          const lines = [
            `## ${e.title}: ${result.engine}`,
            '',
            `- ${result.binary ? `binary: ${result.binary}; ` : ''}ours: \`${result.entry}\`${e.id === 'deno' ? ' (the exports map’s `deno` condition)' : ''}; ${result.gc ? 'a full GC before each input row' : 'no forced GC'}${result.timer ? `; ${result.timer}` : ''}; ${seconds.toFixed(0)} s`,
            `- contenders: ${result.contenders.join(', ')}; legacy encoders: ${result.legacyEncoders.join(', ') || 'none'}`,
            ...result.errors.map((x) => `- ${x}`),
          ].join('\n');
          emit(lines);
          for (const key of SECTIONS) record(throughputTable(key, result.sections[key]));
          const columns = summaryColumns(result.sections);
          const { rows, notes } = summaryRows(name, result.sections, columns);
          emit(`### Summary: ${result.engine}\n\n${table(['engine', ...columns.map(([, h]) => h)], rows)}${notes.length ? '\n\n' + notes.map((n) => `- ${n}`).join('\n') : ''}`);
        }
      } catch (err) {
        const message = String(err && err.message ? err.message : err).split('\n')[0];
        failures.push(`${e.id}: ${message}`);
        emit(`## ${e.title}\n\n_failed: ${message}_`);
      }
      log(`engines: ${e.id} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
  } finally {
    if (ctx.browser) await ctx.browser.server.close();
  }

  // The combined table: per ratio, a row per engine.
  const columns = THROUGHPUT.filter(([key]) => SECTIONS.includes(key)).map(([key, , heading]) => [key, heading]);
  const rows = [];
  const notes = [];
  const per = all.map((x) => ({ name: x.name, ...summaryRows(x.name, x.result.sections, columns) }));
  for (const label of ['ours ÷ native', 'core ÷ native', 'ours ÷ @exodus/bytes', 'ours ÷ iconv-lite', 'ours ÷ encoding-japanese']) {
    for (const p of per) rows.push(...p.rows.filter((r) => r[0].endsWith(`: ${label}`)));
    if (label === 'ours ÷ @exodus/bytes' && noWasm?.results) rows.push(...noWasmRows(noWasm.results, columns));
  }
  for (const p of per) notes.push(...p.notes);
  emit(
    `## All engines\n\nPer section: the geometric mean over the section's rows of one contender ÷ another (> 1× means the first is faster), and in brackets the worst row (the lowest ratio) with its name. \`—\`: no row where both ran (no native legacy encoder; or a native that is wrong on every row: it is no reference). core = \`${CORE}\`, the package with its host acceleration forced off.${noWasm?.results ? ` The QuickJS and Hermes rows are bench/no-wasm.mjs’s: the JavaScript build against @exodus/bytes, on its own inputs (the first ${(noWasm.results.settings?.capBytes ?? 0) / 1024} KiB of each article) and rounds.` : ''}\n\n` +
      table(['engine', ...columns.map(([, h]) => h)], rows) +
      (notes.length ? '\n\n' + notes.map((n) => `- ${n}`).join('\n') : '') +
      (failures.length ? '\n\n**Failed:**\n\n' + failures.map((f) => `- ${f}`).join('\n') : ''),
  );
  const timing = [...all.map((x) => `${x.e.id} ${x.seconds.toFixed(0)} s`), ...(noWasm && !noWasm.skipped ? [`no-wasm ${noWasm.seconds.toFixed(0)} s`] : [])].join(', ');
  emit(`_Engines: ${timing || 'none ran'}._`);
  return { failures };
}
