// `node scripts/test-playground.mjs`: drives the workbench (www/, served by scripts/serve.mjs as
// `npm start` does, from the built pkg/) in headless Chromium with puppeteer-core:
//   - the finder (the package's detector): a JPEG file is "not text"; a short windows-1252 text
//     lists its candidates best first, ten until "Show all"; a Shift_JIS file ranks shift_jis
//     first with its confidence as a percentage (and a bar) and a preview, and a click decodes
//     with it;
//   - broken input: fatal decoding reports the byte offset; without fatal, each U+FFFD carries
//     its offset and bytes, and a click marks them in the hex view;
//   - encode to Shift_JIS: the downloaded file (text.sjis.csv) has the package's bytes; an
//     unencodable character is reported in fatal mode;
//   - the comparison with the browser's TextDecoder and its benchmark;
//   - a generated 200 MB file through TextDecoderStream: the progress reaches 100%, first and last
//     lines shown.
// Screenshots of each panel go to bench/.cache/playground/ (`--update-readme-screenshot` also copies
// the finder's to docs/playground.png, the README's). Prints `playground: N passed, M failed` and
// exits 1 on any failure.

import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeSync, closeSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withBrowser } from './lib/browser.mjs';
import { importPackageFile, packageDir, root } from './lib/package.mjs';

const pkgDir = packageDir([]);
const shots = join(root, 'bench', '.cache', 'playground');
mkdirSync(shots, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'tew-playground-'));
const { encode } = await importPackageFile(pkgDir, 'node/legacy.js');

let passed = 0;
const failures = [];
async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok   ${name}`);
  } catch (error) {
    failures.push(name);
    console.log(`FAIL ${name}\n     ${String(error && error.stack ? error.stack : error).split('\n').slice(0, 4).join('\n     ')}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** scripts/serve.mjs on a free port; resolves to { url, stop }. */
function serve() {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'serve.mjs')], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /playground: (http:\/\/\S+)/.exec(out);
      if (m) resolvePromise({ url: m[1], stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`serve.mjs exited (${code}) before listening: ${out}`)));
  });
}

/** A 200 MB UTF-8 file with recognizable first and last lines, written in 1 MB pieces. */
function bigFile(path, size) {
  const fd = openSync(path, 'w');
  const line = Buffer.from('Große Datei, 大きなファイル, большой файл: 0123456789\n');
  const piece = Buffer.concat(Array(Math.floor((1 << 20) / line.length)).fill(line));
  let written = writeSync(fd, Buffer.from('FIRST LINE of the generated file\n'));
  while (written + piece.length < size) written += writeSync(fd, piece);
  written += writeSync(fd, Buffer.from('LAST LINE of the generated file\n'));
  closeSync(fd);
  return written;
}

const server = await serve();
try {
  await withBrowser(
    'chromium',
    async (browser) => {
      const page = await browser.newPage();
      await page.setViewport({ width: 1180, height: 900 });
      const problems = [];
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
      });
      await page.goto(server.url, { waitUntil: 'load' });
      await page.waitForFunction(() => document.getElementById('encode-status').textContent !== '', { timeout: 30000 });
      const text = (id) => page.$eval(`#${id}`, (el) => el.textContent);
      const shot = (id, name) => page.$(`#${id}`).then((el) => el.screenshot({ path: join(shots, name) }));
      const load = async (name, bytes) => {
        const path = join(tmp, name);
        writeFileSync(path, bytes);
        const before = await text('input-status');
        await (await page.$('#file')).uploadFile(path);
        await page.waitForFunction((b) => document.getElementById('input-status').textContent !== b, { timeout: 30000 }, before);
      };

      await check('page: cross-origin isolated, 40 encodings to encode, 39 to decode', async () => {
        assert(await page.evaluate(() => globalThis.crossOriginIsolated === true), 'not cross-origin isolated');
        assert((await page.$$eval('#encode-encoding option', (o) => o.length)) === 40, 'encode list');
        assert((await page.$$eval('#encoding option', (o) => o.length)) === 39, 'decode list');
      });

      await check('finder: a JPEG file does not look like text, and the page says so', async () => {
        await load('binary.jpg', readFileSync(join(root, '..', 'shared', 'corpus', 'wikipedia', 'binary.jpg')));
        const said = await text('finder-status');
        assert(/^This does not look like text: the detector is \d+\.\d% sure these bytes are binary data/.test(said), said);
        assert((await page.$$eval('#finder tbody tr', (rows) => rows.length)) === 0, 'no candidates listed');
        const shown = (id) => page.$eval(`#${id}`, (e) => getComputedStyle(e).display !== 'none');
        assert(!(await shown('finder')) && !(await shown('finder-more')), 'neither the table nor "Show all" shown');
        await shot('finder-panel', 'finder-binary.png');
      });

      await check('finder: a short windows-1252 text has many candidates, best first, ten shown until "Show all"', async () => {
        await load('short.txt', encode('café crème', 'windows-1252'));
        const rows = await page.$$eval('#finder tbody tr', (trs) => trs.map((r) => ({ encoding: r.dataset.encoding, confidence: r.cells[2].textContent, preview: r.cells[3].textContent })));
        assert(rows.length > 10, `${rows.length} rows`);
        assert(rows[0].encoding === 'windows-1252' && rows[0].preview === 'café crème', JSON.stringify(rows[0]));
        const values = rows.map((r) => Number.parseFloat(r.confidence));
        assert(values.every((v, i) => i === 0 || v <= values[i - 1]), `not best first: ${values}`);
        const visible = () => page.$$eval('#finder tbody tr', (trs) => trs.filter((r) => getComputedStyle(r).display !== 'none').length);
        assert((await visible()) === 10, 'ten rows shown');
        assert((await text('finder-more')) === `Show all ${rows.length}`, await text('finder-more'));
        await page.click('#finder-more');
        assert((await visible()) === rows.length, 'every row shown');
      });

      await check('finder: a Shift_JIS file ranks shift_jis first, with its confidence and a preview; a click decodes with it', async () => {
        const article = readFileSync(join(root, '..', 'shared', 'corpus', 'wikipedia', 'ja.txt'), 'utf8');
        await load('ja.sjis.txt', encode(article, 'shift_jis', { mode: 'html' }));
        const rows = await page.$$eval('#finder tbody tr', (trs) => trs.map((r) => ({ encoding: r.dataset.encoding, cells: Array.from(r.cells, (c) => c.textContent) })));
        assert(rows.length >= 1, 'no rows');
        assert(rows[0].encoding === 'shift_jis', `first: ${rows.slice(0, 3).map((r) => r.encoding).join(', ')}`);
        const [rank, name, confidence, preview] = rows[0].cells;
        assert(rank === '1' && name === 'shift_jis', rows[0].cells.join(' | '));
        assert(/^\d+\.\d%$/.test(confidence) && Number.parseFloat(confidence) > 50, `confidence ${confidence}`);
        const firstLine = article.split('\n').find((l) => /[^\x00-\x7f]/.test(l)).trim();
        assert(preview.startsWith(firstLine.slice(0, 20)), `preview ${preview}`);
        assert(await page.$eval('#finder', (t) => getComputedStyle(t).display !== 'none'), 'the table is shown');
        const bar = await page.$eval('#finder tbody tr:first-child .bar > span', (b) => b.style.width);
        assert(Number.parseFloat(bar) === Number.parseFloat(confidence), `bar ${bar}`);
        assert(/^Most likely: shift_jis \(\d+\.\d%\)\. Click a row/.test(await text('finder-status')), await text('finder-status'));
        await page.click('#finder tbody tr:first-child');
        assert((await page.$eval('#encoding', (s) => s.value)) === 'shift_jis', 'select follows the click');
        const decoded = await text('decode-status');
        assert(/^shift_jis: .*No decoding errors\./.test(decoded), decoded);
        assert((await text('text')).startsWith(article.slice(0, 20)), 'decoded text');
        await shot('finder-panel', 'finder.png');
      });

      await check('compare: every encoding against the browser, the SharedArrayBuffer row, the benchmark', async () => {
        const rows = await page.$$eval('#compare tbody tr', (trs) => trs.map((tr) => Array.from(tr.cells, (c) => c.textContent)));
        assert(rows.length === 40, `${rows.length} rows`);
        const sjis = rows.find((r) => r[0] === 'shift_jis');
        assert(sjis && sjis[2] === 'the same text', `shift_jis: ${sjis}`);
        const shared = rows.find((r) => r[0].includes('SharedArrayBuffer'));
        assert(shared && /^decoded/.test(shared[1]), `ours on a SharedArrayBuffer: ${shared}`);
        // Chromium's own TextDecoder rejects SharedArrayBuffer views (the IDL's [AllowShared] is absent).
        assert(/TypeError/.test(shared[2]) || /^decoded/.test(shared[2]), `browser: ${shared[2]}`);
        await page.click('#bench');
        await page.waitForFunction(() => /MB\/s|failed/.test(document.getElementById('bench-result').textContent), { timeout: 30000 });
        const result = await text('bench-result');
        assert(/this package \d+ MB\/s, this browser \d+ MB\/s/.test(result), result);
        await shot('compare-panel', 'compare.png');
      });

      await check('decode: fatal on a broken Shift_JIS file reports the byte offset', async () => {
        const good = encode('テキストの', 'shift_jis');
        const broken = Buffer.concat([good, Buffer.from([0x82, 0x20]), encode('続き', 'shift_jis'), Buffer.from([0x82])]);
        await load('broken.sjis.txt', broken);
        await page.select('#encoding', 'shift_jis');
        if (!(await page.$eval('#fatal', (c) => c.checked))) await page.click('#fatal');
        const fatal = await text('decode-status');
        assert(fatal.startsWith(`Fatal decoding error at byte offset ${good.length} (bytes 82)`), fatal);
        await page.click('#fatal');
        const lenient = await text('decode-status');
        assert(/2 malformed sequences replaced by U\+FFFD/.test(lenient) && lenient.includes(`the first at byte offset ${good.length}`), lenient);
        const titles = await page.$$eval('#text mark.bad', (marks) => marks.map((m) => m.title));
        assert(titles.length === 2 && titles[0] === `byte offset ${good.length}: 82` && titles[1] === `byte offset ${broken.length - 1}: 82`, JSON.stringify(titles));
        await page.click('#text mark.bad[data-k="1"]');
        const selected = await page.$$eval('#hexview .sel', (s) => s.map((x) => Number(x.dataset.offset)));
        assert(selected.length === 1 && selected[0] === broken.length - 1, `hex selection ${selected}`);
      });

      await check('decode: pasted hex, UTF-8 errors traced to their bytes, labels resolved, BOM sniffed', async () => {
        await page.$eval('#hex', (t) => {
          t.value = 'EF BB BF 61 E3 81 62 C0 AF EF BF BD 7A';
        });
        await page.click('#hex-load');
        await page.select('#encoding', 'utf-8');
        const marks = await page.$$eval('#text mark.bad', (m) => m.map((x) => x.title));
        assert(JSON.stringify(marks) === JSON.stringify(['byte offset 4: E3 81', 'byte offset 7: C0', 'byte offset 8: AF']), JSON.stringify(marks));
        assert((await text('text')) === 'a\ufffdb\ufffd\ufffd\ufffdz', 'the genuine U+FFFD stays unmarked');
        assert(/utf-8 byte order mark/.test(await text('bom')), await text('bom'));
        await page.type('#label', ' Latin1 ');
        const resolution = await text('resolution');
        assert(resolution === 'Latin1 → windows-1252', resolution);
        await page.$eval('#label', (l) => {
          l.value = '';
        });
        await page.type('#label', 'klingon');
        assert(/unknown label 'klingon'/.test(await text('decode-status')), await text('decode-status'));
        await page.$eval('#label', (l) => {
          l.value = '';
        });
        await page.type('#label', 'iso-2022-kr');
        assert(/replacement encoding/.test(await text('decode-status')), await text('decode-status'));
        await page.$eval('#label', (l) => {
          l.value = '';
        });
        await page.select('#encoding', 'windows-1252');
        await page.select('#encoding', 'utf-8');
        await page.click('#text mark.bad[data-k="0"]');
        await shot('decode-panel', 'decode.png');
      });

      await check('decode: a 2 MB binary file as UTF-8 stays responsive (errors traced up to a limit)', async () => {
        const noise = Buffer.alloc(2 << 20);
        for (let i = 0, x = 1; i < noise.length; i++) {
          x = (x * 1103515245 + 12345) >>> 0;
          noise[i] = x >>> 24;
        }
        const started = Date.now();
        await load('noise.bin', noise);
        await page.select('#encoding', 'windows-1252');
        await page.select('#encoding', 'utf-8');
        const message = await text('decode-status');
        assert(/^utf-8: 2,097,152 bytes → .* \(at least; the first 10,000 traced\) malformed sequences/.test(message), message);
        assert(Date.now() - started < 30000, `took ${Date.now() - started} ms`);
      });

      await check('encode: Shift_JIS download (text.sjis.csv) has the package bytes; unencodable characters reported', async () => {
        const downloads = join(tmp, 'downloads');
        mkdirSync(downloads);
        const cdp = await page.createCDPSession();
        await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
        const csv = '品名,数量\nりんご,3\n';
        await page.$eval('#encode-input', (t, v) => {
          t.value = v;
          t.dispatchEvent(new Event('input'));
        }, csv);
        await page.select('#encode-encoding', 'shift_jis');
        assert(/^shift_jis: 12 characters → \d+ bytes\.$/.test(await text('encode-status')), await text('encode-status'));
        await page.click('#download');
        const target = join(downloads, 'text.sjis.csv');
        for (let i = 0; i < 100 && !existsSync(target); i++) await new Promise((r) => setTimeout(r, 100));
        assert(existsSync(target), `no download: ${readdirSync(downloads)}`);
        assert(Buffer.from(encode(csv, 'shift_jis')).equals(readFileSync(target)), 'downloaded bytes');
        await page.$eval('#encode-input', (t) => {
          t.value = 'Café ☕ 1€ – 日本語';
          t.dispatchEvent(new Event('input'));
        });
        const failure = await text('encode-status');
        assert(failure.startsWith("Cannot encode in shift_jis (fatal mode): unencodable U+00E9 'é' at character 3, and 3 more highlighted"), failure);
        assert((await page.$$eval('#encode-marked mark.bad', (m) => m.length)) === 4, 'highlighted characters');
        await page.click('input[name="mode"][value="html"]');
        const html = await text('encode-status');
        assert(/4 characters this encoding cannot represent \(highlighted\) written as &#N;/.test(html), html);
        await shot('encode-panel', 'encode.png');
      });

      await check('large files: a generated 200 MB file streams through TextDecoderStream to 100%', async () => {
        const path = join(tmp, 'big.txt');
        const size = bigFile(path, 200 * 1000 * 1000);
        // Every value the progress bar takes, seen in the page (polling from here can miss them
        // all when the file streams through in less than a polling interval).
        await page.evaluate(() => {
          const bar = document.getElementById('stream-progress');
          window.progressSeen = [];
          new MutationObserver(() => window.progressSeen.push(bar.value)).observe(bar, { attributes: true });
        });
        await (await page.$('#stream-file')).uploadFile(path);
        const started = Date.now();
        while (Date.now() - started < 240000) {
          const message = await page.evaluate(() => document.getElementById('stream-status').textContent);
          if (/done, 100%|stopped/.test(message)) break;
          await new Promise((r) => setTimeout(r, 250));
        }
        const seen = await page.evaluate(() => window.progressSeen);
        const message = await text('stream-status');
        assert(message.includes(`big.txt: done, 100%: ${(size / 1e6).toFixed(0)} MB (utf-8)`) && /No decoding errors/.test(message), message);
        assert((await page.$eval('#stream-progress', (p) => p.value)) === 1, 'progress bar full');
        assert(seen.some((v) => v > 0 && v < 1), `no intermediate progress seen: ${seen.slice(0, 10)}`);
        assert((await text('stream-first')).startsWith('FIRST LINE of the generated file\nGroße Datei'), 'first lines');
        assert((await text('stream-last')).endsWith('LAST LINE of the generated file\n'), 'last lines');
        await shot('stream-panel', 'stream.png');
        console.log(`     ${message}`);
      });

      await check('no failure went unreported: no page errors, no console errors, no error banner', async () => {
        assert(problems.length === 0, problems.join('\n'));
        assert(await page.$eval('#page-error', (e) => e.hidden), await text('page-error'));
        await page.screenshot({ path: join(shots, 'page.png'), fullPage: true });
      });
    },
    { timeoutMs: 420000 },
  );
} catch (error) {
  failures.push(`session: ${error.message}`);
  console.log(`FAIL session: ${error.message}`);
} finally {
  server.stop();
  rmSync(tmp, { recursive: true, force: true });
}

console.log(`screenshots: ${shots}`);
if (failures.length === 0 && process.argv.includes('--update-readme-screenshot')) {
  mkdirSync(join(root, 'docs'), { recursive: true });
  copyFileSync(join(shots, 'finder.png'), join(root, 'docs', 'playground.png'));
  console.log('README screenshot: docs/playground.png');
}
console.log(`playground: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
