#!/usr/bin/env node
// The command-line transcoder, the package's `bin` (`npx text-encoding-wasm`):
//
//   text-encoding-wasm [-f LABEL] [-t LABEL] [--fatal | --html] [--bom | --strip-bom] [-o FILE] [FILE...]
//   text-encoding-wasm --list
//   text-encoding-wasm --sniff FILE...
//
// Built on the package's public entries only (imported by the package's own name): TextDecoder
// decodes, TextEncoder writes UTF-8, `text-encoding-wasm/legacy` every other encoding. Input is
// read and written in chunks, so memory stays flat whatever the input's size. Exit codes: 0 done,
// 1 a decoding or encoding error (or a read/write failure), 2 a usage error.

import { Buffer } from 'node:buffer';
import { createReadStream, createWriteStream, openSync, readSync, closeSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import process from 'node:process';
import { TextDecoder, TextEncoder } from 'text-encoding-wasm';
import { createEncoder } from 'text-encoding-wasm/legacy';
import { bomLength, ENCODINGS, rankEncodings, sniffBOM } from './encoding-finder.js';

const NAME = 'text-encoding-wasm';
// 256 KiB: large enough that per-call costs vanish, small enough that the decoded strings stay out
// of V8's large-object space (peak RSS about 75 MB instead of 115 MB with 1 MiB; same speed).
const CHUNK = 256 * 1024;
/** Bytes at the end of each chunk the trailing decoder takes one by one (longer than any pending sequence). */
const TAIL = 8;
const USAGE = `usage: ${NAME} [-f LABEL] [-t LABEL] [--fatal | --html] [--bom | --strip-bom] [-o FILE] [FILE...]
       ${NAME} --list
       ${NAME} --sniff FILE...

Transcodes FILEs (or standard input; "-" is standard input too) from one encoding to another,
following the WHATWG Encoding Standard. Labels are any of the standard's (see --list).

  -f, --from LABEL   input encoding (default utf-8); an input BOM of it is removed, as TextDecoder does
  -t, --to LABEL     output encoding (default utf-8); utf-16le and utf-16be write UTF-16
      --fatal        stop at the first malformed input byte (exit 1) instead of writing U+FFFD
      --html         write &#N; for characters the output encoding cannot represent (default:
                     stop with exit 1 naming the character)
      --bom          start the output with a byte order mark (UTF-8 and UTF-16 output only)
      --strip-bom    no byte order mark in the output (the default)
  -o, --output FILE  write to FILE instead of standard output (a regular FILE is removed again
                     after an error)
      --list         the encodings and their labels
      --sniff        for each FILE: its BOM and the encodings ranked by how well they decode it
  -h, --help         this text

Offsets in messages count from 0: bytes of the input file, characters (code points) of its
decoded text. Exit status: 0 done, 1 decoding/encoding error, 2 usage error.`;

/** A usage error: one line on stderr, exit code 2. */
class UsageError extends Error {}
/** A decoding or encoding error (or an I/O failure): one message on stderr, exit code 1. */
class DataError extends Error {}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
const codePoint = (cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The encoding a label names, through the package's TextDecoder; null for an unknown label.
 * TextDecoder refuses the replacement encoding's labels too, so those are looked up in the table
 * (the standard's "get an encoding": ASCII whitespace trimmed, ASCII lowercased).
 */
function resolveLabel(label) {
  try {
    return new TextDecoder(label).encoding;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const key = label.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').replace(/[A-Z]+/g, (s) => s.toLowerCase());
    return ENCODINGS.find((e) => e.name === 'replacement' && e.labels.includes(key)) ? 'replacement' : null;
  }
}

/** Parses argv into options; throws UsageError. */
function parseArgs(argv) {
  const o = { from: 'utf-8', to: 'utf-8', fatal: false, html: false, bom: false, stripBom: false, output: null, files: [], list: false, sniff: false, help: false };
  const valueOf = (arg, i) => {
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) return [arg.slice(eq + 1), i];
    if (!arg.startsWith('--') && arg.length > 2) return [arg.slice(2), i];
    if (i + 1 >= argv.length) throw new UsageError(`option ${arg} needs a value`);
    return [argv[i + 1], i + 1];
  };
  let onlyFiles = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyFiles || arg === '-' || !arg.startsWith('-')) {
      o.files.push(arg);
      continue;
    }
    const name = arg.startsWith('--') ? arg.split('=')[0] : arg.slice(0, 2);
    switch (name) {
      case '--':
        onlyFiles = true;
        break;
      case '-f':
      case '--from':
        [o.from, i] = valueOf(arg, i);
        break;
      case '-t':
      case '--to':
        [o.to, i] = valueOf(arg, i);
        break;
      case '-o':
      case '--output':
        [o.output, i] = valueOf(arg, i);
        break;
      case '--fatal':
      case '--html':
      case '--bom':
      case '--strip-bom':
      case '--list':
      case '--sniff':
      case '--help':
      case '-h':
        if (arg.includes('=') || (!arg.startsWith('--') && arg.length > 2)) throw new UsageError(`option ${name} takes no value`);
        o[{ '--fatal': 'fatal', '--html': 'html', '--bom': 'bom', '--strip-bom': 'stripBom', '--list': 'list', '--sniff': 'sniff', '--help': 'help', '-h': 'help' }[name]] = true;
        break;
      default:
        throw new UsageError(`unknown option ${arg} (see --help)`);
    }
  }
  if (o.fatal && o.html) throw new UsageError('--fatal and --html cannot be combined (--fatal is about input, --html about output: choose one)');
  if (o.bom && o.stripBom) throw new UsageError('--bom and --strip-bom cannot be combined');
  if (o.list && o.sniff) throw new UsageError('--list and --sniff cannot be combined');
  if (o.list && o.files.length) throw new UsageError('--list takes no files');
  return o;
}

/** Turns the options' labels into encodings; throws UsageError. */
function resolveEncodings(o) {
  o.fromEncoding = resolveLabel(o.from);
  if (o.fromEncoding === null) throw new UsageError(`unknown encoding label for -f: '${o.from}' (see --list)`);
  if (o.fromEncoding === 'replacement') throw new UsageError(`-f '${o.from}' is the replacement encoding, which decodes any input to a single U+FFFD; choose the input's real encoding`);
  o.toEncoding = resolveLabel(o.to);
  if (o.toEncoding === null) throw new UsageError(`unknown encoding label for -t: '${o.to}' (see --list)`);
  if (o.toEncoding === 'replacement') throw new UsageError(`-t '${o.to}' is the replacement encoding, which has no encoder; choose another output encoding`);
  if (o.bom && !['utf-8', 'utf-16le', 'utf-16be'].includes(o.toEncoding)) {
    throw new UsageError(`--bom needs UTF-8 or UTF-16 output, not ${o.toEncoding}`);
  }
}

/**
 * Decodes one input, chunk by chunk, with the package's TextDecoder (ignoreBOM off). With
 * `fatal`, a second fatal decoder trails by one chunk, so that the chunk in which the first one
 * fails can be replayed byte by byte from the right state to find the error's byte offset.
 */
class InputDecoder {
  constructor(encoding, fatal, file) {
    this.decoder = new TextDecoder(encoding, { fatal });
    this.shadow = fatal ? new TextDecoder(encoding, { fatal: true }) : null;
    this.encoding = encoding;
    this.file = file;
    this.offset = 0; // bytes of this input before the current chunk
    this.tail = new Uint8Array(0); // the last bytes of the previous chunk, for the message
    this.pending = 0; // where the bytes the trailing decoder holds back begin
  }

  /** The text of `chunk` (the last call passes `last`, which flushes). Throws DataError. */
  decode(chunk, last) {
    let text;
    try {
      text = this.decoder.decode(chunk, { stream: !last });
    } catch (error) {
      if (error instanceof TypeError && this.shadow !== null) throw this.locate(chunk, last);
      throw error;
    }
    if (this.shadow !== null) this.follow(chunk);
    this.offset += chunk.length;
    return text;
  }

  /**
   * Feeds `chunk` to the trailing decoder: all but its last bytes at once, those one by one, so
   * that `pending` (where the bytes not yet turned into text begin) is known at the chunk's end.
   */
  follow(chunk) {
    const split = Math.max(0, chunk.length - TAIL);
    if (split > 0 && this.shadow.decode(chunk.subarray(0, split), { stream: true }).length > 0) this.pending = this.offset + split;
    for (let i = split; i < chunk.length; i++) {
      if (this.shadow.decode(chunk.subarray(i, i + 1), { stream: true }).length > 0) this.pending = this.offset + i + 1;
    }
    this.tail = concat(this.tail, chunk.subarray(split)).slice(-TAIL);
  }

  /** The DataError for the fatal error in `chunk`, found by replaying it byte by byte. */
  locate(chunk, last) {
    let start = Math.max(this.pending, this.offset - this.tail.length); // where the bytes not yet turned into text began
    const bytesFrom = (from, to) => {
      const before = concat(this.tail, chunk.subarray(0, to - this.offset));
      return before.subarray(Math.max(0, before.length - (to - from)));
    };
    for (let i = 0; i < chunk.length; i++) {
      try {
        if (this.shadow.decode(chunk.subarray(i, i + 1), { stream: true }).length > 0) start = this.offset + i + 1;
      } catch {
        const at = this.offset + i;
        return this.error(start, bytesFrom(start, at + 1), start < at ? 'is not a valid sequence' : 'is not valid');
      }
    }
    try {
      if (last) this.shadow.decode();
    } catch {
      const end = this.offset + chunk.length;
      return this.error(start, bytesFrom(start, end), 'is an incomplete sequence at the end of the input');
    }
    return new DataError(`${this.file}: cannot locate the ${this.encoding} decoding error near byte offset ${this.offset}`);
  }

  error(offset, bytes, what) {
    return new DataError(`${this.file}: malformed ${this.encoding} input at byte offset ${offset}: ${hex(bytes)} ${what} (--fatal; drop it to get U+FFFD instead)`);
  }
}

function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Encodes decoded text, chunk by chunk, into the output encoding: UTF-8 through the package's
 * TextEncoder, UTF-16 as code units, every other encoding through a streaming LegacyEncoder in
 * "fatal" or "html" mode. A fatal error names the code point and its character offset.
 */
class OutputEncoder {
  constructor(encoding, html) {
    this.encoding = encoding;
    this.html = html;
    this.utf8 = encoding === 'utf-8' ? new TextEncoder() : null;
    this.legacy = encoding === 'utf-8' || encoding.startsWith('utf-16') ? null : createEncoder(encoding, { mode: html ? 'html' : 'fatal' });
  }

  /** The byte order mark of the output encoding. */
  bom() {
    return { 'utf-8': Uint8Array.of(0xef, 0xbb, 0xbf), 'utf-16le': Uint8Array.of(0xff, 0xfe), 'utf-16be': Uint8Array.of(0xfe, 0xff) }[this.encoding];
  }

  /** Starts a new input: character offsets count from 0 again. */
  begin(file) {
    this.file = file;
    this.chars = 0;
    this.carry = '';
  }

  /** The bytes for `text`; `last` ends the input's sequence. Throws DataError. */
  encode(text, last) {
    if (this.carry !== '') {
      text = this.carry + text;
      this.carry = '';
    }
    if (!last && text.length > 0) {
      const unit = text.charCodeAt(text.length - 1);
      if (unit >= 0xd800 && unit <= 0xdbff) {
        this.carry = text.slice(-1);
        text = text.slice(0, -1);
      }
    }
    let bytes;
    if (this.utf8 !== null) bytes = this.utf8.encode(text);
    else if (this.legacy === null) {
      const buffer = Buffer.from(text, 'utf16le');
      if (this.encoding === 'utf-16be') buffer.swap16();
      bytes = buffer;
    } else {
      try {
        bytes = this.legacy.encode(text, { stream: !last });
      } catch (error) {
        if (error instanceof TypeError) throw this.locate(text);
        throw error;
      }
    }
    // Character offsets matter only where encoding can fail: a legacy encoding in fatal mode.
    if (this.legacy !== null && !this.html) this.chars += countCodePoints(text);
    return bytes;
  }

  /**
   * The DataError for the first character of `text` the encoding cannot represent, found by
   * bisection with fresh encoders (whether a code point can be encoded does not depend on state).
   */
  locate(text) {
    const fails = (end) => {
      const probe = createEncoder(this.encoding, { mode: 'fatal' });
      try {
        probe.encode(text.slice(0, end), { stream: true });
        return false;
      } catch {
        return true;
      } finally {
        probe.close();
      }
    };
    let lo = 0;
    let hi = text.length; // fails(hi) is true, fails(lo) is false
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (fails(mid)) hi = mid;
      else lo = mid;
    }
    // The probe holds back a high surrogate, so a failing pair is found at its low half.
    const unit = text.charCodeAt(lo);
    if (lo > 0 && unit >= 0xdc00 && unit <= 0xdfff && text.charCodeAt(lo - 1) >= 0xd800 && text.charCodeAt(lo - 1) <= 0xdbff) lo--;
    const cp = text.codePointAt(lo);
    const offset = this.chars + countCodePoints(text.slice(0, lo));
    const shown = cp >= 0x20 && cp !== 0x7f ? ` '${String.fromCodePoint(cp)}'` : '';
    return new DataError(`${this.file}: ${codePoint(cp)}${shown} at character offset ${offset} cannot be encoded in ${this.encoding} (use --html to write &#${cp}; instead)`);
  }
}

/** Code points in `text` (UTF-16 code units less surrogate pairs). */
function countCodePoints(text) {
  let n = text.length;
  if (!/[\ud800-\udbff]/.test(text)) return n;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** A progress bar on stderr (only when stderr is a terminal and the input is a few MB or more). */
class Progress {
  constructor(total) {
    this.total = total;
    this.enabled = Boolean(process.stderr.isTTY) && total >= 4 * 1024 * 1024;
    this.done = 0;
    this.started = Date.now();
    this.shown = 0;
  }

  add(n) {
    this.done += n;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.shown < 100 && this.done < this.total) return;
    this.shown = now;
    const fraction = Math.min(1, this.done / this.total);
    const width = 30;
    const filled = Math.round(fraction * width);
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const rate = this.done / 1e6 / seconds;
    process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%  ${(this.done / 1e6).toFixed(0)}/${(this.total / 1e6).toFixed(0)} MB  ${rate.toFixed(0)} MB/s `);
  }

  end() {
    if (this.enabled && this.shown !== 0) process.stderr.write('\n');
  }
}

/** Writes to stdout or a file, waiting for 'drain' when the stream's buffer is full. */
class Output {
  constructor(path) {
    this.path = path;
    // Only a regular file (or a new one) is removed again after an error: never /dev/null or a FIFO.
    this.removable = path !== null && regularOrMissing(path);
    // A deep buffer for -o, so that the next chunk is transcoded while the last one is written.
    this.stream = path === null ? process.stdout : createWriteStream(path, { highWaterMark: 4 * CHUNK });
    this.failure = null;
    this.stream.on('error', (error) => {
      this.failure = error;
    });
  }

  async write(bytes) {
    if (this.failure !== null) throw this.failure;
    if (bytes.length === 0) return;
    if (!this.stream.write(bytes)) {
      await new Promise((resolve, reject) => {
        const done = () => {
          this.stream.off('drain', done);
          this.stream.off('error', done);
          if (this.failure !== null) reject(this.failure);
          else resolve();
        };
        this.stream.on('drain', done);
        this.stream.on('error', done);
      });
    }
  }

  async close() {
    if (this.failure !== null) throw this.failure;
    if (this.path === null) return;
    await new Promise((resolve, reject) => {
      this.stream.end((error) => (error ? reject(error) : resolve()));
    });
  }
}

function regularOrMissing(path) {
  try {
    return statSync(path).isFile();
  } catch (error) {
    return error.code === 'ENOENT';
  }
}

/** The readable stream of one input ('-' is standard input). */
function openInput(file) {
  return file === '-' ? process.stdin : createReadStream(file, { highWaterMark: CHUNK });
}

/** Checks that every input can be read and none is the output; returns the total size (0 if unknown). */
function checkInputs(files, output) {
  let total = 0;
  const outputPath = output === null ? null : realpathOrNull(output);
  for (const file of files) {
    if (file === '-') continue;
    let stat;
    try {
      stat = statSync(file);
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    }
    if (stat.isDirectory()) throw new UsageError(`cannot read ${file}: it is a directory`);
    if (outputPath !== null && realpathOrNull(file) === outputPath) throw new UsageError(`-o ${output} is also an input file`);
    total += stat.size;
  }
  return total;
}

function realpathOrNull(path) {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** The transcoder: every input in turn, into one output. */
async function transcode(o) {
  const files = o.files.length ? o.files : ['-'];
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('standard input ("-") can be read only once');
  const total = checkInputs(files, o.output);
  const encoder = new OutputEncoder(o.toEncoding, o.html);
  const out = new Output(o.output);
  const progress = new Progress(total);
  try {
    if (o.bom) await out.write(encoder.bom());
    for (const file of files) {
      const name = file === '-' ? '(standard input)' : file;
      const decoder = new InputDecoder(o.fromEncoding, o.fatal, name);
      encoder.begin(name);
      try {
        for await (const chunk of openInput(file)) {
          const bytes = chunk instanceof Uint8Array ? chunk : Buffer.from(chunk);
          await out.write(encoder.encode(decoder.decode(bytes, false), false));
          progress.add(bytes.length);
        }
      } catch (error) {
        if (error instanceof DataError || error instanceof UsageError) throw error;
        throw new DataError(`cannot read ${name}: ${error.message}`);
      }
      await out.write(encoder.encode(decoder.decode(new Uint8Array(0), true), true));
    }
    progress.end();
    await out.close();
  } catch (error) {
    progress.end();
    if (o.output !== null) {
      out.stream.destroy();
      if (out.removable) {
        try {
          unlinkSync(o.output);
        } catch {
          // nothing was written yet
        }
      }
    }
    if (error && (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') && o.output === null) return 0;
    if (error instanceof DataError || error instanceof UsageError) throw error;
    throw new DataError(`cannot write ${o.output ?? 'standard output'}: ${error.message}`);
  }
  return 0;
}

/** `--list`: one line per encoding, its name and labels. */
function list() {
  const width = Math.max(...ENCODINGS.map((e) => e.name.length));
  return `${ENCODINGS.map((e) => `${e.name.padEnd(width)}  ${e.labels.join(' ')}`).join('\n')}\n`;
}

/** The first `limit` bytes of a file (or of standard input). */
async function readStart(file, limit) {
  if (file === '-') {
    const parts = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
    return new Uint8Array(Buffer.concat(parts)).subarray(0, limit);
  }
  const fd = openSync(file, 'r');
  try {
    const buffer = new Uint8Array(limit);
    let n = 0;
    while (n < limit) {
      const got = readSync(fd, buffer, n, limit - n, null);
      if (got === 0) break;
      n += got;
    }
    return buffer.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** `--sniff FILE...`: the BOM and the ten best-ranked encodings of the first 256 KiB, per file. */
async function sniff(o) {
  const files = o.files.length ? o.files : ['-'];
  checkInputs(files, null);
  let text = '';
  for (const file of files) {
    const bytes = await readStart(file, 256 * 1024);
    const bom = sniffBOM(bytes);
    text += `${file === '-' ? '(standard input)' : file}: ${bytes.length} bytes examined; ${bom ? `BOM: ${bom} (${bomLength(bom)} bytes), which decoding follows` : 'no BOM'}\n`;
    if (bytes.length === 0) continue;
    const rows = rankEncodings(bytes, TextDecoder).slice(0, 10);
    const width = Math.max(...rows.map((r) => r.encoding.length));
    rows.forEach((r, i) => {
      const errors = r.fatal ? `${r.replacements} error${r.replacements === 1 ? '' : 's'}` : 'no errors';
      text += `${String(i + 1).padStart(4)}. ${r.encoding.padEnd(width)}  score ${r.score.toFixed(2).padStart(6)}  ${errors.padEnd(10)}  ${r.preview}${r.bom ? '  [BOM]' : ''}\n`;
    });
  }
  return text;
}

async function main(argv) {
  const o = parseArgs(argv);
  if (o.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (o.list) {
    process.stdout.write(list());
    return 0;
  }
  if (o.sniff) {
    process.stdout.write(await sniff(o));
    return 0;
  }
  resolveEncodings(o);
  return transcode(o);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${NAME}: ${error.message}\n`);
      process.exitCode = 2;
    } else if (error instanceof DataError) {
      process.stderr.write(`${NAME}: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`${NAME}: ${error && error.message ? error.message : error}\n`);
      process.exitCode = 1;
    }
  },
);
