// `node scripts/host-paths.mjs [--pkg DIR]`: which jobs each engine's own codecs take in this
// package (js/core/host-codecs.js), found by the package's own behaviour checks: in Node 20, 22,
// 24 and 26, Bun, Deno, Chromium and Firefox, every encoding is decoded once in replacement and
// fatal mode (a CJK encoding after 1 MiB, which its check waits for) and the encoder is used once,
// then `hostCodecsReport()` says what passed. Prints a
// markdown table (the README's "Where the host's codecs are used" is this output). Engines that
// are not installed are listed as such.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runPage, withBrowser } from './lib/browser.mjs';
import { denoBin, denoEnv, enginePath, isInstalled } from './lib/engines.mjs';
import { nodeGraphPath, packageDir, packageUrl } from './lib/package.mjs';
import { runCommand, runMain } from './lib/run.mjs';
import { inside, startServer } from './lib/server.mjs';

/** Every encoding but replacement, by the standard's name. */
const ENCODINGS = [
  'utf-8', 'utf-16le', 'utf-16be', 'ibm866', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6',
  'iso-8859-7', 'iso-8859-8', 'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-15', 'iso-8859-16',
  'koi8-r', 'koi8-u', 'macintosh', 'windows-874', 'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253',
  'windows-1254', 'windows-1255', 'windows-1256', 'windows-1257', 'windows-1258', 'x-mac-cyrillic', 'x-user-defined',
  'gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr',
];

/**
 * The probe each engine runs: `entryUrl` is the module URL of the package's entry, `codecs` an
 * expression (awaited) for its host-codecs module: the web folder's core/host-codecs.js, or the
 * Node folder's, from its module graph (graph.cjs's internals).
 */
const probe = (entryUrl, codecs) => `
const m = await import(${JSON.stringify(entryUrl)});
const hc = await ${codecs};
const mib = new Uint8Array(1 << 20).fill(0x41);
// Past hc.DIRECT_AFTER calls, so that the common call's checks run too.
const calls = hc.DIRECT_AFTER + 1;
for (const name of ${JSON.stringify(ENCODINGS)}) {
  for (const fatal of [false, true]) {
    new m.TextDecoder(name, { fatal }).decode(mib);
    const d = new m.TextDecoder(name, { fatal });
    for (let i = 0; i < calls; i++) d.decode(new Uint8Array([0x41, 0x42]));
  }
}
const e = new m.TextEncoder();
e.encode('a\\u00e9\\u20ac'.repeat(30));
for (let i = 0; i < calls; i++) e.encodeInto('a\\u00e9', new Uint8Array(8));
globalThis.__hostPaths = hc.hostCodecsReport();
if (typeof console !== 'undefined' && typeof document === 'undefined') console.log('@@host-paths ' + JSON.stringify(globalThis.__hostPaths));
`;

async function fromProcess(bin, args, env) {
  const { code, stdout, stderr } = await runCommand(bin, args, { timeoutMs: 60000, env });
  const line = stdout.split('\n').find((l) => l.startsWith('@@host-paths '));
  if (!line) throw new Error(`exit ${code}: ${stderr.slice(-500)}`);
  return JSON.parse(line.slice('@@host-paths '.length));
}

/** The Node folder's host-codecs module, as an expression for the probe. */
const nodeCodecs = (pkg) => `(await import('node:module')).createRequire(${JSON.stringify(nodeGraphPath(pkg))})(${JSON.stringify(nodeGraphPath(pkg))}).internals.hostCodecs`;

function nodeLike(pkg, bin) {
  const code = probe(packageUrl(pkg, 'node/index.js'), nodeCodecs(pkg));
  return fromProcess(bin, ['--input-type=module', '-e', code]);
}

function bun(pkg) {
  const code = probe(packageUrl(pkg, 'node/index.js'), nodeCodecs(pkg));
  return fromProcess(enginePath('bun'), ['-e', code]);
}

function deno(pkg) {
  const code = probe(packageUrl(pkg, 'web/index.js'), `import(${JSON.stringify(packageUrl(pkg, 'core/host-codecs.js'))})`);
  return fromProcess(denoBin, ['eval', '--no-config', '--no-lock', code], denoEnv());
}

async function browser(name, pkg) {
  const server = await startServer((pathname) => {
    if (pathname === '/') {
      return { body: `<!doctype html><script type="module">${probe('/pkg/web/index.js', "import('/pkg/core/host-codecs.js')")}</script>` };
    }
    if (pathname.startsWith('/pkg/')) return inside(pkg, pathname.slice(5));
    return null;
  });
  try {
    return await withBrowser(name, async (b) => (await runPage(b, `${server.origin}/`, 'globalThis.__hostPaths', { timeoutMs: 60000 })).value);
  } finally {
    await server.close();
  }
}

const MULTI_BYTE = ['gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'shift_jis', 'euc-kr'];

/** UTF-16's column: each byte order's mode and the length from which the core takes it. */
function utf16(le, leFrom, be, beFrom) {
  const one = (mode, from) => (mode === 'host' && from !== null && from !== undefined && from !== Infinity ? `host below ${from} bytes, core from there (faster here)` : mode);
  const a = one(le, leFrom);
  const b = one(be, beFrom);
  return a === b ? a : `LE: ${a}; BE: ${b}`;
}

/** A report's decoders, grouped: what the host takes, in which modes. */
function summarize({ decoders, encoder, encodeInto, direct, encodeIntoDirect, shortDecodeUpTo, utf16CoreFrom, utf16beCoreFrom, encodeCoreFrom, encodeCoreUpTo, encodeIntoJsUpTo }) {
  const single = ENCODINGS.filter((n) => !['utf-8', 'utf-16le', 'utf-16be', ...MULTI_BYTE].includes(n));
  const mode = (n) => ({ both: 'host', replacement: 'host (replacement), core (fatal)', fatal: 'host (fatal), core (replacement)', none: 'core' })[decoders[n]] ?? 'core';
  const hostSingle = single.filter((n) => decoders[n] === 'both');
  const coreSingle = single.filter((n) => decoders[n] !== 'both');
  // Not checked at all: the host folder keeps these in the core by choice (node/load.js).
  const unchecked = (names) => names.every((n) => decoders[n] === undefined);
  return [
    decoders['utf-8'] === undefined ? 'core (faster here)' : mode('utf-8'),
    utf16(mode('utf-16le'), utf16CoreFrom, mode('utf-16be'), utf16beCoreFrom),
    unchecked(single)
      ? 'core (faster here)'
      : coreSingle.length === 0 ? `host (all ${single.length})` : hostSingle.length === 0 ? 'core' : `host ${hostSingle.length} of ${single.length}; core: ${coreSingle.join(', ')}`,
    (MULTI_BYTE.every((n) => decoders[n] === 'both')
      ? 'host (all 7, whole calls)'
      : MULTI_BYTE.some((n) => decoders[n] === 'both')
        ? `host: ${MULTI_BYTE.filter((n) => decoders[n] === 'both').join(', ')}; core: the others`
        : 'core',
    encoder
      ? 'host' +
        (encodeCoreUpTo > 0 ? `; encode() of up to ${encodeCoreUpTo} code units: core (faster here)` : '') +
        (encodeCoreFrom !== undefined && encodeCoreFrom !== null && encodeCoreFrom !== Infinity ? `; encode() of ${encodeCoreFrom} code units or more: core (faster here)` : '') +
        (encodeInto === true
          ? ''
          : encodeInto === 'roomy'
            ? "; encodeInto: host into 3 bytes a code unit or more, else core (the host's fails the checks where the destination fills up)"
            : "; encodeInto: core (the host's fails the checks)") +
        (encodeIntoJsUpTo > 0 ? `; encodeInto of up to ${encodeIntoJsUpTo} code units into the destination of the call before: JavaScript (faster here)` : '')
      : 'core',
    unconverted(single, direct, encodeIntoDirect, shortDecodeUpTo),
  ];
}

/**
 * Which common calls go to the host unconverted (core/host-codecs.js's directDecoder and
 * encodeIntoAny: the host's own conversion of the argument is the only one).
 */
function unconverted(single, direct, encodeIntoDirect, shortDecodeUpTo) {
  const names = new Set(direct.map((d) => d.split(' ')[0]));
  const groups = [['UTF-8', ['utf-8']], ['UTF-16', ['utf-16le', 'utf-16be']], ['single-byte', single], ['CJK', MULTI_BYTE]];
  const decode = groups.filter(([, list]) => list.some((n) => names.has(n))).map(([group]) => group);
  const ascii = decode.length > 0 && shortDecodeUpTo > 0 ? ` (up to ${shortDecodeUpTo} bytes: ASCII in JavaScript, the rest in the core)` : '';
  return `decode: ${decode.length === 0 ? 'none' : decode.join(', ')}${ascii}; encodeInto: ${encodeIntoDirect ? 'yes' : 'no'}`;
}

runMain('host-paths', 10, async (argv) => {
  const pkg = packageDir(argv);
  const engines = [
    ['Node 20 (system)', () => nodeLike(pkg, process.execPath)],
    ...['node22', 'node24', 'node26'].map((n) => [`Node ${n.slice(4)}`, () => (isInstalled(n) ? nodeLike(pkg, enginePath(n)) : null)]),
    ['Bun', () => (isInstalled('bun') ? bun(pkg) : null)],
    ['Deno', () => (existsSync(denoBin) ? deno(pkg) : null)],
    ['Chromium', () => browser('chromium', pkg)],
    ['Firefox', () => browser('firefox', pkg)],
  ];
  const rows = [];
  let failed = 0;
  for (const [label, run] of engines) {
    try {
      const report = await run();
      rows.push(report === null ? [label, 'not installed', '', '', '', '', ''] : [label, ...summarize(report)]);
    } catch (error) {
      failed++;
      rows.push([label, `could not run: ${String(error && error.message).split('\n')[0]}`, '', '', '', '', '']);
    }
  }
  const head = ['engine', 'UTF-8 decode', 'UTF-16 decode', 'single-byte decode', 'CJK decode', 'UTF-8 encode', 'common call unconverted'];
  console.log([`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'));
  console.log(`\n(package: ${join(pkg)})`);
  return failed === 0 ? 0 : 1;
});
