// The command-line transcoder (pkg/tools/cli.js, the package's `bin`), run as a child process the way
// a user runs it: the corpus round trips UTF-8 → shift_jis/gbk/big5/euc-kr/windows-1251 → UTF-8
// (html mode where a character cannot be encoded), broken inputs (exit codes 1 and 2, messages
// with file, byte/character offsets and code points), options, --list, `-f auto` and --detect (the
// package's detector: files, standard input, several files, binary input), I/O failures (each
// message names the side that failed; a downstream pipe closed early ends quietly), and generated
// multi-hundred-MB streams through a pipe with the child's RSS sampled (flat memory, also while
// `-f auto` holds the first MiB).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { entryFile, GENERATED, importPackageFile, packageDir, root } from '../../scripts/lib/package.mjs';

const pkgDir = packageDir([]);
const cli = join(pkgDir, GENERATED.cli);
const corpus = resolve(root, '..', 'shared', 'corpus', 'wikipedia');
const { TextDecoder } = await importPackageFile(pkgDir, entryFile('.', 'node'));
const { encode } = await importPackageFile(pkgDir, entryFile('./legacy', 'node'));
const tmp = mkdtempSync(join(tmpdir(), 'tew-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the CLI synchronously; `input` goes to its stdin (unless `options.stdio` says otherwise). */
function run(args, input = '', options = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], { ...(options.stdio ? {} : { input }), maxBuffer: 1 << 28, ...options });
  if (r.error) throw r.error;
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr.toString() };
}
const file = (name, content) => {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
};
/**
 * Runs the CLI with `bytes` on standard input from a file: a CLI that stops reading early (the
 * detector reads only the first MiB) would make a pipe's writer fail with EPIPE.
 */
function runFromFile(args, bytes) {
  const fd = openSync(file(`stdin-${randomBytes(4).toString('hex')}`, bytes), 'r');
  try {
    return run(args, '', { stdio: [fd, 'pipe', 'pipe'] });
  } finally {
    closeSync(fd);
  }
}
const utf8 = (s) => Buffer.from(s, 'utf8');
const oneLine = (stderr) => assert.match(stderr, /^text-encoding-wasm: [^\n]+\n$/, `one line: ${JSON.stringify(stderr)}`);

test('-o - is standard output', () => {
  const r = run(['-t', 'shift_jis', '-o', '-'], utf8('日本'));
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual([...r.stdout], [0x93, 0xfa, 0x96, 0x7b]);
  assert.ok(!existsSync('-'), 'no file named "-" is made');
});

test('package.json: the bin is tools/cli.js, executable, with a node shebang', () => {
  const pkgJson = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  assert.deepEqual(pkgJson.bin, { 'text-encoding-wasm': `./${GENERATED.cli}` });
  assert.match(readFileSync(cli, 'utf8'), /^#!\/usr\/bin\/env node\n/);
  const r = spawnSync(cli, ['--list']);
  assert.equal(r.status, 0, 'runs as an executable');
});

test('--list: the 40 encodings of encodings.json with all their labels, each resolving through TextDecoder', () => {
  const r = run(['--list']);
  assert.equal(r.code, 0);
  const lines = r.stdout.toString().trimEnd().split('\n');
  const expected = JSON.parse(readFileSync(resolve(root, '..', 'shared', 'whatwg-encoding', 'encodings.json'), 'utf8')).flatMap((g) => g.encodings);
  assert.equal(lines.length, 40);
  expected.forEach((e, i) => {
    const [name, ...labels] = lines[i].trim().split(/\s+/);
    assert.equal(name, e.name.toLowerCase());
    assert.deepEqual(labels, e.labels);
    for (const label of labels) {
      if (name === 'replacement') assert.throws(() => new TextDecoder(label), RangeError);
      else assert.equal(new TextDecoder(label).encoding, name, label);
    }
  });
});

test('corpus round trips: UTF-8 → legacy → UTF-8 (fatal where all is encodable, html otherwise)', () => {
  const targets = { shift_jis: ['ja', 'en'], gbk: ['zh_cn', 'en'], big5: ['zh_tw', 'en'], 'euc-kr': ['ko', 'en'], 'windows-1251': ['ru', 'en'] };
  const counts = { exact: 0, folded: 0, html: 0 };
  /** Fatal mode there and back: the CLI's bytes are the package's, and the text comes back. */
  function roundTrip(name, text, encoding) {
    const path = file(`${name}.txt`, text);
    const out = join(tmp, `${name}.${encoding}`);
    const forward = run(['-t', encoding, '-o', out, path]);
    assert.equal(forward.code, 0, forward.stderr);
    assert.deepEqual(readFileSync(out), Buffer.from(encode(text, encoding)), `${name} → ${encoding}`);
    const back = run(['-f', encoding, out]);
    assert.equal(back.code, 0, back.stderr);
    // The input comes back, but for the few code points the standard's encoder maps onto another
    // one's bytes (Shift_JIS: U+2212 → 0x817C, which decodes as U+FF0D).
    const decoder = new TextDecoder(encoding);
    const expected = Array.from(text, (c) => decoder.decode(encode(c, encoding))).join('');
    assert.equal(back.stdout.toString('utf8'), expected, `${name} → ${encoding} → utf-8`);
    counts[expected === text ? 'exact' : 'folded']++;
  }
  const encodable = (c, encoding) => {
    try {
      encode(c, encoding);
      return true;
    } catch {
      return false;
    }
  };
  for (const [encoding, langs] of Object.entries(targets)) {
    for (const lang of langs) {
      const path = join(corpus, `${lang}.txt`);
      const text = readFileSync(path, 'utf8');
      const chars = Array.from(text);
      const firstBad = chars.findIndex((c) => !encodable(c, encoding));
      if (firstBad < 0) {
        roundTrip(lang, text, encoding);
        continue;
      }
      // Not every character is encodable: the message names the first one, at the right offset.
      const out = join(tmp, `${lang}.${encoding}`);
      const forward = run(['-t', encoding, '-o', out, path]);
      assert.equal(forward.code, 1, forward.stderr);
      oneLine(forward.stderr);
      assert.equal(existsSync(out), false, '-o output removed after an error');
      const m = /: U\+([0-9A-F]{4,6}) .*at character offset (\d+) cannot be encoded in (\S+) /.exec(forward.stderr);
      assert.ok(m, forward.stderr);
      assert.ok(forward.stderr.startsWith(`text-encoding-wasm: ${path}: `), forward.stderr);
      assert.equal(m[3], encoding);
      assert.equal(Number(m[2]), firstBad, 'the first unencodable character');
      assert.equal(chars[firstBad].codePointAt(0), Number.parseInt(m[1], 16), 'the code point named');
      // html mode: the package's own encoder gives the same bytes, and decoding them gives the
      // text with &#N; for exactly the unencodable characters.
      const viaHtml = run(['-t', encoding, '--html', path]);
      assert.equal(viaHtml.code, 0, viaHtml.stderr);
      assert.deepEqual(viaHtml.stdout, Buffer.from(encode(text, encoding, { mode: 'html' })));
      const back = run(['-f', encoding], viaHtml.stdout);
      assert.equal(back.code, 0);
      const decoder = new TextDecoder(encoding);
      const expectedBack = chars.map((c) => (encodable(c, encoding) ? decoder.decode(encode(c, encoding)) : `&#${c.codePointAt(0)};`)).join('');
      assert.equal(back.stdout.toString('utf8'), expectedBack);
      counts.html++;
      // And the same article without those characters goes there and back in fatal mode.
      roundTrip(`${lang}-encodable`, chars.filter((c) => encodable(c, encoding)).join(''), encoding);
    }
  }
  assert.equal(counts.exact + counts.folded, 10);
  console.log(`# corpus: ${counts.exact} exact round trips, ${counts.folded} with the encoder's one-way mappings, ${counts.html} articles through html mode`);
});

test('decoding: replacement by default; --fatal names the file and byte offset (also across chunk boundaries)', () => {
  const broken = file('broken.txt', Buffer.concat([utf8('abc'), Buffer.from([0x80]), utf8('def')]));
  const lenient = run([broken]);
  assert.equal(lenient.code, 0);
  assert.equal(lenient.stdout.toString(), 'abc\ufffddef');
  const strict = run(['--fatal', broken]);
  assert.equal(strict.code, 1);
  oneLine(strict.stderr);
  assert.ok(strict.stderr.includes(`${broken}: malformed utf-8 input at byte offset 3: 80 `), strict.stderr);
  assert.equal(strict.stdout.length, 0);

  // A truncated sequence at the end of the input.
  const truncated = run(['--fatal', file('trunc.txt', Buffer.concat([utf8('xyz€'), Buffer.from([0xe2, 0x82])]))]);
  assert.equal(truncated.code, 1);
  assert.match(truncated.stderr, /at byte offset 6: E2 82 is an incomplete sequence at the end of the input/);

  // Shift_JIS: a lead byte followed by a byte that cannot trail it (the error starts at the lead).
  const sjis = run(['--fatal', '-f', 'sjis', file('bad.sjis', Buffer.from([0x82, 0xa0, 0x41, 0x82, 0x20, 0x42]))]);
  assert.equal(sjis.code, 1);
  assert.match(sjis.stderr, /malformed shift_jis input at byte offset 3: 82 20 is not a valid sequence/);

  // Errors beyond the first chunk (256 KiB), and one whose sequence spans a chunk boundary.
  const chunk = 256 * 1024;
  for (const at of [chunk - 1, 3 * chunk + 12345]) {
    const bytes = Buffer.alloc(at + 10, 0x61);
    bytes[at] = 0xe3; // a lead byte, then 'a': invalid
    const r = run(['--fatal', file(`big-${at}.txt`, bytes)]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, new RegExp(`at byte offset ${at}: E3 61 is not a valid sequence`));
  }
  // -o to something that is not a regular file: written to, and never removed after an error.
  const devNull = run(['--fatal', '-o', '/dev/null'], Buffer.from([0x61, 0xff]));
  assert.equal(devNull.code, 1);
  assert.ok(statSync('/dev/null').isCharacterDevice(), '/dev/null is still there');
  // The same from standard input.
  const piped = run(['--fatal'], Buffer.concat([utf8('ok\n'), Buffer.from([0xff])]));
  assert.equal(piped.code, 1);
  assert.match(piped.stderr, /^text-encoding-wasm: \(standard input\): malformed utf-8 input at byte offset 3: FF is not valid/);
  // The second of two files is named, offsets count from its start, the first file's text was written.
  const two = run(['--fatal', file('good.txt', 'fine\n'), broken]);
  assert.equal(two.code, 1);
  assert.ok(two.stderr.includes(`${broken}: malformed utf-8 input at byte offset 3`));
});

test('encoding: unencodable characters stop with exit 1 naming code point, file and character offset; --html writes &#N;', () => {
  const path = file('emoji.txt', 'ab😀cdé\u4e00');
  const r = run(['-t', 'windows-1252', path]);
  assert.equal(r.code, 1);
  oneLine(r.stderr);
  assert.ok(r.stderr.includes(`${path}: U+1F600 '😀' at character offset 2 cannot be encoded in windows-1252`), r.stderr);
  const html = run(['-t', 'windows-1252', '--html', path]);
  assert.equal(html.code, 0);
  assert.deepEqual(html.stdout, Buffer.from('ab&#128512;cd\xe9&#19968;', 'latin1'));
  // The offset counts code points across chunks and past an astral character.
  const long = file('long.txt', `${'😀'.repeat(10)}${'x'.repeat(3 << 20)}\u0100`);
  const far = run(['-t', 'iso-8859-1', '--html', long]);
  assert.equal(far.code, 0, far.stderr);
  const farFatal = run(['-t', 'latin1', long]);
  assert.equal(farFatal.code, 1);
  assert.match(farFatal.stderr, /U\+1F600 '😀' at character offset 0 cannot be encoded in windows-1252/);
  const late = run(['-t', 'latin1', file('late.txt', `${'x'.repeat(3 << 20)}\u0100`)]);
  assert.match(late.stderr, new RegExp(`U\\+0100 'Ā' at character offset ${3 << 20} cannot`));
  assert.equal(late.code, 1);
});

test('usage errors: exit 2 and one line', () => {
  const cases = [
    [['--nope'], /unknown option --nope/],
    [['-f', 'no-such-label'], /unknown encoding label for -f: 'no-such-label'/],
    [['-t', 'klingon'], /unknown encoding label for -t: 'klingon'/],
    [['-t', 'replacement'], /replacement encoding/],
    [['-t', 'csiso2022kr'], /replacement encoding/],
    [['--fatal', '--html'], /cannot be combined/],
    [['--bom', '--strip-bom'], /cannot be combined/],
    [['--bom', '-t', 'gbk'], /--bom needs UTF-8 or UTF-16 output/],
    [['-f'], /option -f needs a value/],
    [[join(tmp, 'missing.txt')], /cannot read .*missing\.txt: no such file/],
    [['--list', 'x'], /--list takes no files/],
    [['-o', '', 'x'], /option -o needs a file name/],
    [['--detect', '-o', join(tmp, 'sniff-out.txt'), 'x'], /-o does not apply to --detect/],
    [['--sniff', '-o', join(tmp, 'sniff-out.txt'), 'x'], /-o does not apply to --sniff/],
    [['--list', '-o', join(tmp, 'list-out.txt')], /-o does not apply to --list/],
    [['--list', '--detect'], /--list and --detect cannot be combined/],
    [['--tld', 'jp'], /--tld is a hint for -f auto and --detect/],
    [['--tld', 'jp', '-f', 'sjis'], /--tld is a hint for -f auto and --detect/],
    [['-f', 'auto', '--tld'], /option --tld needs a value/],
    [['--detect', join(tmp, 'missing.txt')], /cannot read .*missing\.txt: no such file/],
    [['-f', 'auto', join(tmp, 'missing.txt')], /cannot read .*missing\.txt: no such file/],
    [['-f', 'auto', '-', '-'], /standard input \("-"\) can be read only once/],
  ];
  for (const [args, message] of cases) {
    const r = run(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.ok(!existsSync(join(tmp, 'sniff-out.txt')) && !existsSync(join(tmp, 'list-out.txt')), 'no output file is made');
    oneLine(r.stderr);
    assert.match(r.stderr, message);
    assert.equal(r.stdout.length, 0);
  }
  const same = file('same.txt', 'x');
  const r = run(['-o', same, same]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /is also an input file/);
  assert.equal(readFileSync(same, 'utf8'), 'x');
});

test('options: labels, BOMs, UTF-16 output, several files, stdin, -o, --help', () => {
  const withBom = file('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('héllo')]));
  assert.equal(run([withBom]).stdout.toString(), 'héllo', 'input BOM removed (ignoreBOM off)');
  assert.deepEqual(run(['--bom', withBom]).stdout, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('héllo')]));
  assert.deepEqual(run(['-t', 'utf-16le', withBom]).stdout, Buffer.from('héllo', 'utf16le'));
  assert.deepEqual(run(['-t', 'utf-16be', '--bom', withBom]).stdout, Buffer.from([0xfe, 0xff, 0, 0x68, 0, 0xe9, 0, 0x6c, 0, 0x6c, 0, 0x6f]));
  assert.deepEqual(run(['-t', 'unicodefffe', '--strip-bom'], utf8('😀')).stdout, Buffer.from([0xd8, 0x3d, 0xde, 0x00]));
  // UTF-16LE input with its BOM, a surrogate pair split across 256 KiB chunks.
  const units = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${'a'.repeat((1 << 17) - 2)}😀z`, 'utf16le')]);
  const sixteen = run(['-f', 'utf-16', file('u16.txt', units)]);
  assert.equal(sixteen.code, 0);
  assert.equal(sixteen.stdout.toString(), `${'a'.repeat((1 << 17) - 2)}😀z`);
  assert.equal(run(['-f', 'latin1'], Buffer.from([0x80, 0xe9])).stdout.toString(), '€é', 'latin1 is windows-1252');
  const a = file('a.txt', 'first\n');
  const b = file('b.txt', 'second\n');
  const out = join(tmp, 'out.sjis');
  const r = run(['--from=utf8', '--to=sjis', '-o', out, a, '-', b], utf8('日本\n'));
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.length, 0);
  assert.deepEqual(readFileSync(out), Buffer.from([...utf8('first\n'), 0x93, 0xfa, 0x96, 0x7b, 0x0a, ...utf8('second\n')]));
  // ISO-2022-JP: each input's sequence ends in ASCII.
  assert.deepEqual(run(['-t', 'iso-2022-jp'], utf8('日')).stdout, Buffer.from([0x1b, 0x24, 0x42, 0x46, 0x7c, 0x1b, 0x28, 0x42]));
  const help = run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout.toString(), /^usage: text-encoding-wasm /);
  // Piped stderr: no progress bar, nothing extra.
  const quiet = run(['-t', 'gbk', file('mb.txt', 'x'.repeat(8 << 20))]);
  assert.equal(quiet.stderr, '');
});

/** `text` (a corpus article) in `encoding`, its unencodable characters as &#N;. */
const legacy = (lang, encoding) => Buffer.from(encode(readFileSync(join(corpus, `${lang}.txt`), 'utf8'), encoding, { mode: 'html' }));
/** The detector's line on stderr for a FILE of `size` bytes read whole. */
const detected = (encoding, what, size) => new RegExp(`^text-encoding-wasm: detected ${encoding} \\(confidence (0\\.\\d\\d|1\\.00)\\) from all ${size} bytes of ${what.replace(/[.()[\]]/g, '\\$&')}\n$`);

test('-f auto: a Shift_JIS and a windows-1251 file decode as with their label, the choice said on stderr', () => {
  for (const [lang, encoding] of [['ja', 'shift_jis'], ['ru', 'windows-1251']]) {
    const bytes = legacy(lang, encoding);
    const path = file(`auto-${lang}.${encoding}`, bytes);
    const r = run(['-f', 'auto', path]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, detected(encoding, path, bytes.length));
    assert.equal(r.stdout.toString('utf8'), new TextDecoder(encoding).decode(bytes), `${lang}: the UTF-8 of the ${encoding} text`);
    assert.deepEqual(r.stdout, run(['-f', encoding, path]).stdout, `${lang}: the same bytes as -f ${encoding}`);
    // --from auto, ASCII case-insensitive, into another encoding, in fatal mode, with a hint.
    const long = run([`--from= AUTO`, '--fatal', '--tld', lang === 'ja' ? 'jp' : '.RU', '-t', 'utf-16le', path]);
    assert.equal(long.code, 0, long.stderr);
    assert.match(long.stderr, detected(encoding, path, bytes.length));
    assert.deepEqual(long.stdout, Buffer.from(new TextDecoder(encoding).decode(bytes), 'utf16le'));
  }
});

test('-f auto from standard input: the first MiB held and detected, then decoded with the rest', () => {
  // More than a MiB, so the detector sees the first 1048576 bytes and the rest streams after them.
  const bytes = Buffer.concat(Array(60).fill(legacy('ja', 'shift_jis')));
  assert.ok(bytes.length > 1 << 20);
  const r = run(['-f', 'auto'], bytes);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, 'text-encoding-wasm: detected shift_jis (confidence 1.00) from the first 1048576 bytes of standard input\n');
  assert.ok(r.stdout.equals(Buffer.from(new TextDecoder('shift_jis').decode(bytes))), 'the whole input, decoded as shift_jis');
  // And a short one, read whole.
  const short = legacy('ru', 'windows-1251');
  const s = run(['-f', 'auto', '-'], short);
  assert.equal(s.code, 0, s.stderr);
  assert.match(s.stderr, detected('windows-1251', 'standard input', short.length));
  assert.equal(s.stdout.toString(), new TextDecoder('windows-1251').decode(short));
});

test('-f auto: each of several inputs is detected by itself; a BOM is named and removed; empty input', () => {
  const ja = file('auto-multi.sjis', legacy('ja', 'shift_jis'));
  const ru = legacy('ru', 'windows-1251');
  const bom = file('auto-bom.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hé', 'utf16le')]));
  const empty = file('auto-empty.txt', '');
  const r = run(['-f', 'auto', '--bom', ja, '-', bom, empty], ru);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 4, r.stderr);
  assert.match(lines[0], /detected shift_jis .* of \S+auto-multi\.sjis$/);
  assert.match(lines[1], /detected windows-1251 .* of standard input$/);
  assert.match(lines[2], /detected utf-16le \(confidence 1\.00\) from all 6 bytes of \S+auto-bom\.txt$/);
  assert.ok(lines[3].endsWith(`${empty} is empty: nothing to detect`), lines[3]);
  const expected = [Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(new TextDecoder('shift_jis').decode(readFileSync(ja))), Buffer.from(new TextDecoder('windows-1251').decode(ru)), utf8('hé')];
  assert.ok(r.stdout.equals(Buffer.concat(expected)), 'each input in its own encoding, the UTF-16 BOM removed');
});

test('-f auto: input that is not text stops with exit 1 and one message, and nothing is written', () => {
  const jpeg = join(corpus, 'binary.jpg');
  const size = statSync(jpeg).size;
  const message = (what, by) => `text-encoding-wasm: ${what} does not look like text (binary data?), judging by ${by}; give -f LABEL to decode it anyway`;
  const r = run(['-f', 'auto', '--bom', jpeg]);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stderr, `${message(jpeg, `all its ${size} bytes`)}\n`);
  assert.equal(r.stdout.length, 0, 'nothing written, not even the BOM');
  // From standard input, more than a MiB of it.
  const noise = randomBytes(3 << 20);
  const piped = runFromFile(['-f', 'auto'], noise);
  assert.equal(piped.code, 1);
  assert.equal(piped.stderr, `${message('standard input', 'its first 1048576 bytes')}\n`);
  assert.equal(piped.stdout.length, 0);
  // With -o: the file is removed again, as after any error.
  const out = join(tmp, 'auto-out.txt');
  const toFile = run(['-f', 'auto', '-o', out, jpeg]);
  assert.equal(toFile.code, 1);
  oneLine(toFile.stderr);
  assert.ok(toFile.stderr.includes(`; ${out} was removed`), toFile.stderr);
  assert.equal(existsSync(out), false);
  // -f LABEL decodes it anyway.
  assert.equal(run(['-f', 'windows-1252', jpeg]).code, 0);
});

test('--detect: the right encoding first, with a percentage and a preview; not text; a BOM; only the first MiB', () => {
  const cases = [['ja', 'shift_jis'], ['zh_cn', 'gbk'], ['zh_tw', 'big5'], ['ko', 'euc-kr'], ['ru', 'windows-1251'], ['ru', 'koi8-r'], ['el', 'iso-8859-7']];
  for (const [lang, encoding] of cases) {
    const bytes = legacy(lang, encoding);
    const path = file(`${lang}-detect.${encoding}`, bytes);
    const r = run(['--detect', path]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    const lines = r.stdout.toString().split('\n');
    assert.equal(lines[0], `${path}: ${bytes.length} bytes examined; no BOM`);
    const m = /^ {3}1\. (\S+) +(\d+\.\d)% {2}(.+)$/.exec(lines[1]);
    assert.ok(m && m[1] === encoding, `${lang} in ${encoding}:\n${r.stdout}`);
    assert.ok(Number(m[2]) > 50, `${lang}: ${m[2]}%`);
    // The preview is the text decoded with that encoding: its first line with non-ASCII characters.
    const line = new TextDecoder(encoding).decode(bytes).split('\n').find((l) => /[^\x00-\x7f]/.test(l)).trim();
    assert.ok(line.startsWith(m[3].replace(/…$/, '')), `${lang}: preview ${m[3]}`);
  }
  // Several files (and standard input) in one run; binary data; a BOM; control characters shown.
  const jpeg = join(corpus, 'binary.jpg');
  const bom = file('detect-bom.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi\u0007 there é', 'utf16le')]));
  const ja = legacy('ja', 'shift_jis');
  const big = Buffer.concat(Array(60).fill(ja));
  const r = runFromFile(['--detect', jpeg, bom, '-'], big);
  assert.equal(r.code, 0, r.stderr);
  const out = r.stdout.toString();
  assert.equal(
    out.split('\n').slice(0, 4).join('\n'),
    [`${jpeg}: ${statSync(jpeg).size} bytes examined; no BOM`, '      not text (binary data?): confidence 99.0%', `${bom}: 24 bytes examined; BOM: utf-16le (2 bytes)`, '   1. utf-16le  100.0%  hi␇ there é  [BOM]'].join('\n'),
  );
  assert.match(out, /\n\(standard input\): 1048576 bytes examined; no BOM\n {3}1\. shift_jis +\d+\.\d% {2}火星/, 'only the first MiB of standard input');
  // Many candidates: the ten best, then how many more.
  const latin = run(['--detect', file('detect-latin.txt', encode('café crème brûlée à la carte', 'windows-1252'))]);
  const rows = latin.stdout.toString().trimEnd().split('\n');
  assert.match(rows[1], /^ {3}1\. windows-1252 +\d+\.\d% {2}café crème brûlée à la carte$/);
  assert.ok(rows.length <= 12, latin.stdout.toString());
  const short = run(['--detect', file('detect-short.txt', encode('naéve', 'windows-1252'))]);
  const shortRows = short.stdout.toString().trimEnd().split('\n');
  assert.equal(shortRows.length, 12, short.stdout.toString());
  assert.match(shortRows[11], /^ {6}and \d+ more, each at most \d+\.\d%$/);
  // --sniff is the same, --tld a hint; an empty file.
  const ru = file('detect-ru.txt', encode('Привет, мир', 'windows-1251'));
  const empty = file('detect-empty.txt', '');
  const detectOut = run(['--detect', '--tld', 'ru', ru, empty]);
  assert.equal(detectOut.code, 0, detectOut.stderr);
  assert.deepEqual(run(['--sniff', '--tld=ru', ru, empty]).stdout, detectOut.stdout);
  assert.match(detectOut.stdout.toString(), /^\S+detect-ru\.txt: 11 bytes examined; no BOM\n {3}1\. windows-1251 /);
  assert.ok(detectOut.stdout.toString().endsWith(`${empty}: 0 bytes examined; no BOM\n      empty: nothing to detect\n`), detectOut.stdout.toString());
});

/**
 * Runs the CLI with its standard output read for `keep` bytes and then closed (0: closed before
 * the CLI can write anything), as `| head -c KEEP` does; its exit code, signal and stderr.
 */
function runClosedPipe(args, keep, stdin = 'ignore') {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: [stdin, 'pipe', 'pipe'] });
    let got = 0;
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    if (keep === 0) child.stdout.destroy();
    else {
      child.stdout.on('data', (d) => {
        got += d.length;
        if (got >= keep) child.stdout.destroy();
      });
    }
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise({ code, signal, stderr, got }));
  });
}

test('a downstream pipe closed early ends the CLI quietly with exit 0, in every mode', { timeout: 60_000 }, async () => {
  const big = file('pipe-big.txt', `${'日本語 text, '.repeat(1 << 20)}`); // 16 MB, far more than a pipe holds
  const noise = file('pipe-noise.bin', randomBytes(8 << 20));
  const stdin = openSync(big, 'r');
  const stdinAgain = openSync(big, 'r');
  const cases = [
    [[big], 100, 'transcoding'],
    [['-t', 'utf-16le', '-f', 'utf-8', big], 100, 'transcoding to UTF-16'],
    [['-t', 'shift_jis', big], 0, 'transcoding, the pipe closed before the first write'],
    [['--detect', noise, noise, noise], 0, '--detect of a large file'],
    [['--detect', big], 100, '--detect of a large file, read for 100 bytes'],
    [['-f', 'auto', big], 100, '-f auto', /^text-encoding-wasm: detected utf-8 \(confidence \d\.\d\d\) from the first 1048576 bytes of \S+pipe-big\.txt\n$/],
    [['--list'], 0, '--list'],
    [['--help'], 0, '--help'],
  ];
  try {
    for (const [args, keep, what, said = /^$/] of cases) {
      const r = await runClosedPipe(args, keep);
      assert.deepEqual({ code: r.code, signal: r.signal }, { code: 0, signal: null }, `${what}: ${r.stderr}`);
      assert.match(r.stderr, said, what);
      if (keep > 0) assert.ok(r.got >= keep, `${what}: some output was read first`);
    }
    // From standard input: the CLI stops reading it and exits.
    const r = await runClosedPipe(['-'], 100, stdin);
    assert.deepEqual({ code: r.code, stderr: r.stderr }, { code: 0, stderr: '' }, 'standard input');
    const auto = await runClosedPipe(['-f', 'auto'], 100, stdinAgain);
    assert.equal(auto.code, 0, auto.stderr);
    assert.match(auto.stderr, /^text-encoding-wasm: detected utf-8 \(confidence \d\.\d\d\) from the first 1048576 bytes of standard input\n$/, '-f auto from standard input');
  } finally {
    closeSync(stdin);
    closeSync(stdinAgain);
  }
});

test('output failures name the output, never the input: exit 1, and a regular -o FILE is removed', () => {
  const input = file('io-in.txt', 'some text\n');
  const noDir = run(['-o', '/no/such/dir/x', input]);
  assert.equal(noDir.code, 1);
  oneLine(noDir.stderr);
  assert.match(noDir.stderr, /cannot open \/no\/such\/dir\/x for writing: no such directory/);
  assert.ok(!noDir.stderr.includes(input) && !noDir.stderr.includes('cannot read'), noDir.stderr);

  const dir = join(tmp, 'io-dir');
  mkdirSync(dir, { recursive: true });
  const intoDir = run(['-o', dir, input]);
  assert.equal(intoDir.code, 1);
  oneLine(intoDir.stderr);
  assert.ok(intoDir.stderr.includes(`cannot open ${dir} for writing: it is a directory`), intoDir.stderr);
  assert.ok(statSync(dir).isDirectory(), 'the directory is left alone');

  // Nothing is created when the input cannot be read: the check comes before the output is opened.
  const never = join(tmp, 'io-never.txt');
  const missing = run(['-o', never, join(tmp, 'io-missing.txt')]);
  assert.equal(missing.code, 2);
  assert.equal(existsSync(never), false);

  if (existsSync('/dev/full')) {
    for (const args of [[input], ['-t', 'gbk', file('io-big.txt', 'x'.repeat(4 << 20))]]) {
      const full = run(['-o', '/dev/full', ...args]);
      assert.equal(full.code, 1, full.stderr);
      oneLine(full.stderr);
      assert.match(full.stderr, /: cannot write \/dev\/full: no space left on device\n$/);
      assert.ok(statSync('/dev/full').isCharacterDevice(), '/dev/full is never removed');
    }
    // Standard output on a full device, in every mode.
    const fd = openSync('/dev/full', 'w');
    try {
      for (const args of [[input], ['--help'], ['--list'], ['--detect', input], ['-f', 'auto', input]]) {
        const r = run(args, '', { stdio: ['ignore', fd, 'pipe'] });
        assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
        // (-f auto says first what it detected.)
        if (args[1] === 'auto') r.stderr = r.stderr.replace(/^text-encoding-wasm: detected utf-8 [^\n]+\n/, '');
        oneLine(r.stderr);
        assert.match(r.stderr, /: cannot write standard output: no space left on device\n$/, args.join(' '));
      }
    } finally {
      closeSync(fd);
    }
  }

  // A regular -o FILE that fails midway (here a file size limit: EFBIG) is removed, and the message says so.
  const out = join(tmp, 'io-limited.txt');
  const big = file('io-limit.txt', 'x'.repeat(4 << 20));
  const limited = spawnSync('sh', ['-c', 'ulimit -f 64 && exec "$0" "$@"', process.execPath, cli, '-o', out, big]);
  assert.equal(limited.status, 1, limited.stderr.toString());
  oneLine(limited.stderr.toString());
  assert.ok(limited.stderr.toString().includes(`cannot write ${out}: file too large; ${out} was removed`), limited.stderr.toString());
  assert.equal(existsSync(out), false);

  // After a data error too.
  const bad = run(['--fatal', '-o', out, file('io-bad.txt', Buffer.from([0x61, 0xff]))]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /malformed utf-8 input at byte offset 1: FF .*; \S+io-limited\.txt was removed\n$/);
  assert.equal(existsSync(out), false);
});

test('input failures name the input: missing, directory or unreadable (exit 2, before any output); a read error (exit 1)', (t) => {
  const out = join(tmp, 'in-out.txt');
  const missing = join(tmp, 'in-missing.txt');
  for (const args of [[missing], ['--detect', missing], ['-f', 'auto', missing], ['-o', out, missing]]) {
    const r = run(args);
    assert.equal(r.code, 2, r.stderr);
    oneLine(r.stderr);
    assert.ok(r.stderr.includes(`cannot read ${missing}: no such file`), r.stderr);
  }
  const notDir = run([join(file('in-file.txt', 'x'), 'y')]);
  assert.equal(notDir.code, 2);
  assert.match(notDir.stderr, /cannot read \S+in-file\.txt\/y: a part of the path is not a directory/);

  const dir = join(tmp, 'in-dir');
  mkdirSync(dir, { recursive: true });
  for (const args of [[dir], ['--detect', dir], ['-f', 'auto', dir], ['-o', out, dir]]) {
    const r = run(args);
    assert.equal(r.code, 2, r.stderr);
    oneLine(r.stderr);
    assert.ok(r.stderr.includes(`cannot read ${dir}: it is a directory`), r.stderr);
  }
  assert.equal(existsSync(out), false, 'no output created');
  // A directory on standard input (which Node itself would read as an empty input).
  const dirFd = openSync(dir, 'r');
  try {
    for (const args of [[], ['--detect'], ['-f', 'auto']]) {
      const r = run(args, '', { stdio: [dirFd, 'pipe', 'pipe'] });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /: cannot read standard input: it is a directory\n$/);
    }
  } finally {
    closeSync(dirFd);
  }

  // A read error (EIO: /proc/self/mem starts at an unmapped address): exit 1, the -o file removed.
  if (existsSync('/proc/self/mem')) {
    for (const args of [['/proc/self/mem'], ['--detect', '/proc/self/mem'], ['-f', 'auto', '/proc/self/mem'], ['-o', out, file('in-first.txt', 'first\n'), '/proc/self/mem']]) {
      const r = run(args);
      assert.equal(r.code, 1, r.stderr);
      oneLine(r.stderr);
      assert.match(r.stderr, /: cannot read \/proc\/self\/mem: input\/output error/);
      assert.ok(!r.stderr.includes('cannot write'), r.stderr);
    }
    assert.equal(existsSync(out), false, 'the -o file removed after a read error');
  }

  // Unreadable: as root (who reads anything) the CLI runs as nobody, where the system allows it.
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const locked = join(tmp, 'in-locked');
  mkdirSync(locked, { recursive: true });
  const secret = join(locked, 'secret.txt');
  writeFileSync(secret, 'secret');
  chmodSync(secret, 0o000);
  const readOnlyDir = join(locked, 'ro');
  mkdirSync(readOnlyDir, { recursive: true });
  chmodSync(readOnlyDir, 0o555);
  chmodSync(tmp, 0o755);
  chmodSync(locked, 0o755);
  let unreadable;
  try {
    unreadable = run([secret], '', asUser);
  } catch (error) {
    t.skip(`cannot run the CLI as another user: ${error.code}`);
    return;
  }
  assert.equal(unreadable.code, 2, unreadable.stderr);
  oneLine(unreadable.stderr);
  assert.ok(unreadable.stderr.includes(`cannot read ${secret}: permission denied`), unreadable.stderr);
  const readable = file('in-readable.txt', 'x');
  chmodSync(readable, 0o644);
  const denied = run(['-o', join(readOnlyDir, 'x'), readable], '', asUser);
  assert.equal(denied.code, 1, denied.stderr);
  oneLine(denied.stderr);
  assert.ok(denied.stderr.includes(`cannot open ${join(readOnlyDir, 'x')} for writing: permission denied`), denied.stderr);
});

test('the output is never an input: -o the same file, a link to it, standard output or input on it (exit 2, nothing touched)', () => {
  const input = file('same-in.txt', 'keep me\n');
  const hard = join(tmp, 'same-hard.txt');
  const soft = join(tmp, 'same-soft.txt');
  rmSync(hard, { force: true });
  rmSync(soft, { force: true });
  linkSync(input, hard);
  symlinkSync(input, soft);
  for (const output of [input, hard, soft]) {
    const r = run(['-o', output, input]);
    assert.equal(r.code, 2, r.stderr);
    oneLine(r.stderr);
    assert.match(r.stderr, /is also an input file/);
  }
  // `text-encoding-wasm in.txt >> in.txt` would read its own output forever.
  const append = openSync(input, 'a');
  try {
    const r = run([input], '', { stdio: ['ignore', append, 'pipe'] });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /standard output is also an input file/);
  } finally {
    closeSync(append);
  }
  // `text-encoding-wasm -o in.txt < in.txt` would empty its input before reading it.
  const stdin = openSync(input, 'r');
  try {
    const r = run(['-o', input], '', { stdio: [stdin, 'pipe', 'pipe'] });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /-o \S+ is also standard input/);
  } finally {
    closeSync(stdin);
  }
  assert.equal(readFileSync(input, 'utf8'), 'keep me\n');
});

test('Deno: `deno run -A npm:text-encoding-wasm` (the package from node_modules) transcodes and exits like Node', () => {
  const deno = join(root, 'node_modules', '.bin', 'deno');
  assert.ok(existsSync(deno), 'deno (a devDependency) is installed');
  const project = join(tmp, 'deno-project');
  cpSync(pkgDir, join(project, 'node_modules', 'text-encoding-wasm'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ private: true, dependencies: { 'text-encoding-wasm': '*' } }));
  const denoRun = (args, input) => {
    const r = spawnSync(deno, ['run', '-A', 'npm:text-encoding-wasm', ...args], { cwd: project, input, env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
  };
  const ok = denoRun(['-f', 'latin1', '-t', 'shift_jis', '--html'], Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x80]));
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(ok.stdout, Buffer.from('caf&#233;&#8364;'));
  const bad = denoRun(['--fatal'], Buffer.from([0x61, 0xc0]));
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /\(standard input\): malformed utf-8 input at byte offset 1: C0 /);
  const auto = denoRun(['-f', 'auto'], Buffer.from(encode('日本語のテキストです。', 'shift_jis')));
  assert.equal(auto.code, 0, auto.stderr);
  assert.equal(auto.stdout.toString(), '日本語のテキストです。');
  assert.match(auto.stderr, /^text-encoding-wasm: detected shift_jis \(confidence \d\.\d\d\) from all 22 bytes of standard input\n$/);
  const usage = denoRun(['-t', 'iso-2022-kr']);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /replacement encoding/);
});

/**
 * Pipes `blocks` copies of `block` into the CLI run with `args`, sampling its RSS; the CLI's output
 * must be `blocks` copies of `expectedBlock`. Returns { peak (bytes), stderr, mb (input MB) }.
 */
async function streamThrough(args, block, blocks, expectedBlock) {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let outBytes = 0;
  let firstOut = null;
  child.stdout.on('data', (d) => {
    if (firstOut === null || firstOut.length < expectedBlock.length) firstOut = Buffer.concat([firstOut ?? Buffer.alloc(0), d]).subarray(0, expectedBlock.length);
    outBytes += d.length;
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  let peak = 0;
  const rss = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) * 1024);
    } catch {
      // the child has exited
    }
  };
  const sampler = setInterval(rss, 50);
  const closed = new Promise((resolveClose) => child.on('close', resolveClose));
  for (let i = 0; i < blocks; i++) {
    if (!child.stdin.write(block)) await new Promise((r) => child.stdin.once('drain', r));
  }
  child.stdin.end();
  const code = await closed;
  clearInterval(sampler);
  assert.equal(code, 0, stderr);
  assert.equal(outBytes, expectedBlock.length * blocks);
  assert.deepEqual(firstOut, expectedBlock);
  assert.ok(peak > 0, 'RSS was sampled');
  return { peak, stderr, mb: (block.length * blocks) / 1e6 };
}

test('streaming: 320 MB through a pipe (UTF-8 → Shift_JIS) with flat memory', async () => {
  const line = utf8('日本語のテキスト、ストリーミングの試験です。0123456789 abcdefghij\n');
  const block = Buffer.concat(Array(16384).fill(line)); // about 1.3 MB
  const blocks = Math.ceil((320 * 1e6) / block.length);
  const expectedBlock = Buffer.from(encode(block.toString(), 'shift_jis'));
  const { peak, stderr, mb } = await streamThrough(['-t', 'shift_jis'], block, blocks, expectedBlock);
  assert.equal(stderr, '');
  console.log(`# streamed ${mb.toFixed(0)} MB, peak RSS ${(peak / 1e6).toFixed(0)} MB`);
  assert.ok(peak < 120e6, `peak RSS ${peak} bytes`);
});

test('streaming with -f auto: 160 MB of Shift_JIS from a pipe, the first MiB held for the detector, flat memory', async () => {
  const text = '日本語のテキスト、ストリーミングの試験です。0123456789 abcdefghij\n'.repeat(16384);
  const block = Buffer.from(encode(text, 'shift_jis')); // about 1 MB: the 1 MiB mark falls inside the second
  const blocks = Math.ceil((160 * 1e6) / block.length);
  const { peak, stderr, mb } = await streamThrough(['-f', 'auto'], block, blocks, utf8(text));
  assert.equal(stderr, 'text-encoding-wasm: detected shift_jis (confidence 1.00) from the first 1048576 bytes of standard input\n');
  console.log(`# streamed ${mb.toFixed(0)} MB with -f auto, peak RSS ${(peak / 1e6).toFixed(0)} MB`);
  assert.ok(peak < 120e6, `peak RSS ${peak} bytes`);
});
