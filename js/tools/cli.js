#!/usr/bin/env node
// The command-line transcoder, the package's `bin` (`npx text-encoding-wasm`):
//
//   text-encoding-wasm [-f LABEL | -f auto [--tld TLD]] [-t LABEL] [--fatal | --html] [--bom | --strip-bom] [-o FILE] [FILE...]
//   text-encoding-wasm --list
//   text-encoding-wasm --detect [--tld TLD] FILE...
//
// Built on the package's public entries only (it imports them by the package's own name): TextDecoder
// decodes, TextEncoder writes UTF-8, `text-encoding-wasm/legacy` every other encoding, and
// `text-encoding-wasm/detect` names the input's encoding for `-f auto` and `--detect` from its
// first MiB. Input is read and written in chunks, so memory stays flat whatever the input's size
// (with `-f auto`, beyond the first MiB, held until detection is done). Exit codes: 0 done, 1 a
// decoding or encoding error, input that is not text for `-f auto` (or a read/write failure), 2 a
// usage error. A reader of the output that goes away early (`| head`) ends the transcoder quietly,
// with 0: `cat` and `yes` end as quietly, killed by SIGPIPE (which Node ignores, so here it is an EPIPE error to catch).
// Every failure is one message naming the side that failed: `cannot read FILE` for an input,
// `cannot open FILE for writing` / `cannot write FILE` for the output; never a stack trace.

import { Buffer } from 'node:buffer';
import { accessSync, constants, createReadStream, createWriteStream, openSync, readSync, closeSync, fstatSync, statSync, unlinkSync } from 'node:fs';
import process from 'node:process';
import { getSystemErrorMap } from 'node:util';
import { TextDecoder, TextEncoder } from 'text-encoding-wasm';
import { createEncoder } from 'text-encoding-wasm/legacy';
import { bomSniff, getEncoding } from 'text-encoding-wasm/standard';
import { createDetector, detect } from 'text-encoding-wasm/detect';
import { bomLength, ENCODINGS, PREVIEW_BYTES, previewLine } from './encoding-finder.js';

const NAME = 'text-encoding-wasm';
// 256 KiB: large enough that per-call costs vanish, small enough that the decoded strings stay out
// of V8's large-object space (peak RSS about 75 MB instead of 115 MB with 1 MiB; same speed).
const CHUNK = 256 * 1024;
/** Bytes at the end of each chunk the trailing decoder takes one by one (longer than any pending sequence). */
const TAIL = 8;
/** The bytes at the start of an input that `-f auto` and `--detect` judge it by: 1 MiB. */
const DETECT_BYTES = 1024 * 1024;
/** The most candidates `--detect` lists per input. */
const DETECT_ROWS = 10;
const USAGE = `usage: ${NAME} [-f LABEL | -f auto [--tld TLD]] [-t LABEL] [--fatal | --html] [--bom | --strip-bom] [-o FILE] [FILE...]
       ${NAME} --list
       ${NAME} --detect [--tld TLD] FILE...

Transcodes FILEs (or standard input; "-" is standard input too) from one encoding to another,
following the WHATWG Encoding Standard. Labels are any of the standard's (see --list).

  -f, --from LABEL   input encoding (default utf-8); an input BOM of it is removed, as TextDecoder does
  -f, --from auto    detect each input's encoding from its first MiB (1048576 bytes), say on
                     standard error which one and how sure, and decode as with that label; input
                     that does not look like text stops the run (exit 1)
      --tld TLD      the top-level domain the input came from (jp, ru, …): a hint for -f auto
                     and --detect
  -t, --to LABEL     output encoding (default utf-8); utf-16le and utf-16be write UTF-16
      --fatal        stop at the first malformed input byte (exit 1) instead of writing U+FFFD
      --html         write &#N; for characters the output encoding cannot represent (default:
                     stop with exit 1 naming the character)
      --bom          start the output with a byte order mark (UTF-8 and UTF-16 output only)
      --strip-bom    no byte order mark in the output (the default)
  -o, --output FILE  write to FILE instead of standard output ("-" is standard output; a
                     regular FILE is removed again after an error)
      --list         the encodings and their labels
      --detect       for each FILE (its first MiB): its BOM, and the encodings the detector finds
                     plausible, best first (ten at most), each with its confidence and a preview
                     of the text decoded with it; or that it is not text
      --sniff        the same as --detect
  -h, --help         this text

Offsets in messages count from 0: bytes of the input file, characters (code points) of its
decoded text. Exit status: 0 done (also when the reader of the output stops early, as \`| head\`
does: the rest is not written, and nothing is said); 1 a decoding or encoding error, input that
does not look like text (-f auto), or a read or write failure; 2 a usage error (unknown option
or label, conflicting options, an input file that is missing, a directory or unreadable, an
output that is also an input).`;

/** A usage error: one line on stderr, exit code 2. */
class UsageError extends Error {}
/** A decoding or encoding error (or an I/O failure): one message on stderr, exit code 1. */
class DataError extends Error {}
/** The reader of the output has gone (EPIPE): the transcoder stops quietly, exit code 0. */
class ClosedPipe extends Error {}

/**
 * Why a read, an open or a write failed, in words; `output` when the error is about the file
 * written (ENOENT then means a directory of its path is missing).
 */
function reason(error, output = false) {
  switch (error?.code) {
    case 'ENOENT':
      return output ? 'no such directory' : 'no such file';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
      return 'permission denied';
    case 'EIO':
      return 'input/output error';
  }
  // The system's words for the others (Deno's errors have the code, not Node's errno).
  const known = error?.code ? [...getSystemErrorMap().values()].find(([code]) => code === error.code) : undefined;
  return known ? known[1] : String(error?.message ?? error);
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
const codePoint = (cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Parses argv into options; throws UsageError. */
function parseArgs(argv) {
  const o = { from: 'utf-8', to: 'utf-8', tld: null, fatal: false, html: false, bom: false, stripBom: false, output: null, files: [], list: false, detect: false, detectOption: '--detect', help: false };
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
      case '--tld':
        [o.tld, i] = valueOf(arg, i);
        break;
      case '--fatal':
      case '--html':
      case '--bom':
      case '--strip-bom':
      case '--list':
      case '--detect':
      case '--sniff':
      case '--help':
      case '-h':
        if (arg.includes('=') || (!arg.startsWith('--') && arg.length > 2)) throw new UsageError(`option ${name} takes no value`);
        o[{ '--fatal': 'fatal', '--html': 'html', '--bom': 'bom', '--strip-bom': 'stripBom', '--list': 'list', '--detect': 'detect', '--sniff': 'detect', '--help': 'help', '-h': 'help' }[name]] = true;
        if (name === '--detect' || name === '--sniff') o.detectOption = name; // as typed, for messages
        break;
      default:
        throw new UsageError(`unknown option ${arg} (see --help)`);
    }
  }
  if (o.fatal && o.html) throw new UsageError('--fatal and --html cannot be combined (--fatal is about input, --html about output: choose one)');
  if (o.bom && o.stripBom) throw new UsageError('--bom and --strip-bom cannot be combined');
  if (o.list && o.detect) throw new UsageError(`--list and ${o.detectOption} cannot be combined`);
  if (o.list && o.files.length) throw new UsageError('--list takes no files');
  if (o.output === '') throw new UsageError('option -o needs a file name, not an empty one');
  // `-o -` is standard output, as `-` is standard input among the files.
  if (o.output === '-') o.output = null;
  if ((o.list || o.detect || o.help) && o.output !== null) {
    throw new UsageError(`-o does not apply to ${o.help ? '--help' : o.list ? '--list' : o.detectOption}, which writes to standard output`);
  }
  // `auto` is no label of the standard; it is matched as labels are (ASCII case-insensitive, trimmed).
  o.auto = o.from.trim().toLowerCase() === 'auto';
  if (o.tld !== null && !o.auto && !o.detect && !o.help) throw new UsageError('--tld is a hint for -f auto and --detect; it applies to nothing else');
  return o;
}

/** Turns the options' labels into encodings; throws UsageError. */
function resolveEncodings(o) {
  // With -f auto, each input's encoding is detected when its turn comes (transcode()).
  o.fromEncoding = o.auto ? null : getEncoding(o.from);
  if (!o.auto && o.fromEncoding === null) throw new UsageError(`unknown encoding label for -f: '${o.from}' (see --list)`);
  if (o.fromEncoding === 'replacement') throw new UsageError(`-f '${o.from}' is the replacement encoding, which decodes any input to a single U+FFFD; choose the input's real encoding`);
  o.toEncoding = getEncoding(o.to);
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

/**
 * Writes to standard output or to a file, waiting while the stream's buffer is full. Its failures
 * are DataErrors naming the output ("cannot open FILE for writing", "cannot write FILE"), and a
 * reader that has gone away is a ClosedPipe.
 */
class Output {
  constructor(path) {
    this.path = path;
    this.name = path ?? 'standard output';
    // Only a regular file (or a new one) is removed again after an error: never /dev/null or a FIFO.
    this.removable = path !== null && regularOrMissing(path);
    if (path === null) this.stream = process.stdout;
    else {
      // Opened at once, so that a file that cannot be written is told before any input is read.
      let fd;
      try {
        fd = openSync(path, 'w');
      } catch (error) {
        throw new DataError(`cannot open ${path} for writing: ${reason(error, true)}`);
      }
      // A deep buffer for -o, so that the next chunk is transcoded while the last one is written.
      this.stream = createWriteStream(path, { fd, highWaterMark: 4 * CHUNK });
    }
    this.failure = null;
    this.stream.on('error', (error) => {
      this.failure ??= error;
    });
    this.written = Promise.resolve(); // settles when the last write is done or has failed
    this.closed = new Promise((resolve) => this.stream.once('close', resolve));
  }

  /** Writes `bytes`, waiting for them when the buffer is full. Throws DataError or ClosedPipe. */
  async write(bytes) {
    this.check();
    if (bytes.length === 0) return;
    let more = false;
    this.written = new Promise((resolve) => {
      try {
        more = this.stream.write(bytes, (error) => {
          if (error) this.failure ??= error;
          resolve();
        });
      } catch (error) {
        // (Deno's standard output throws where Node's reports the failure to the callback.)
        this.failure ??= error;
        resolve();
      }
    });
    if (!more) await this.settled();
    this.check();
  }

  /** Waits for every write to be done, and closes a file. Throws DataError or ClosedPipe. */
  async close() {
    await this.settled();
    this.check();
    if (this.path === null) return;
    this.stream.end();
    await this.closed;
    this.check();
  }

  /** The last write done (or failed), or the stream closed under it. */
  settled() {
    return Promise.race([this.written, this.closed]);
  }

  /** Throws the first failure, as the user is to see it. */
  check() {
    if (this.failure === null) return;
    if (this.failure.code === 'EPIPE') throw new ClosedPipe();
    throw new DataError(`cannot write ${this.name}: ${reason(this.failure, true)}`);
  }

  /** After `error`: stops writing, removes a regular output file, and returns `error` saying so. */
  abandon(error) {
    if (this.path === null) return error;
    this.stream.destroy();
    if (!this.removable) return error;
    try {
      unlinkSync(this.path);
      error.message += `; ${this.path} was removed`;
    } catch (failure) {
      if (failure.code !== 'ENOENT') error.message += `; ${this.path} could not be removed: ${reason(failure)}`;
    }
    return error;
  }
}

function regularOrMissing(path) {
  try {
    return statSync(path).isFile();
  } catch (error) {
    return error.code === 'ENOENT';
  }
}

/** The chunks of one input ('-' is standard input); a failure to read it is a DataError naming it. */
async function* readInput(file) {
  try {
    for await (const chunk of file === '-' ? process.stdin : createReadStream(file, { highWaterMark: CHUNK })) yield chunk;
  } catch (error) {
    throw new DataError(`cannot read ${file === '-' ? 'standard input' : file}: ${reason(error)}`);
  }
}

/**
 * Checks, before anything is written, that every input can be read and none is the output (which
 * would be emptied, or read back as it is written); returns the total size (0 if unknown).
 * `output` is the -o file, null for standard output, undefined where nothing is written (--detect).
 */
function checkInputs(files, output) {
  let total = 0;
  // Only a regular file can be read back as it is written (a FIFO or /dev/null cannot).
  let target = output === undefined ? null : statOrNull(output ?? 1);
  if (target !== null && !target.isFile()) target = null;
  const outputName = output === null ? 'standard output' : `-o ${output}`;
  for (const file of files) {
    if (file === '-') {
      const stdin = statOrNull(0);
      // (Node reads a directory on standard input as an empty input, without an error.)
      if (stdin !== null && stdin.isDirectory()) throw new UsageError('cannot read standard input: it is a directory');
      if (sameFile(target, stdin)) throw new UsageError(`${outputName} is also standard input`);
      continue;
    }
    let stat;
    try {
      stat = statSync(file);
      if (!stat.isDirectory()) accessSync(file, constants.R_OK);
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${reason(error)}`);
    }
    if (stat.isDirectory()) throw new UsageError(`cannot read ${file}: it is a directory`);
    if (sameFile(target, stat)) throw new UsageError(`${outputName} is also an input file${output === file ? '' : ` (${file})`}`);
    total += stat.size;
  }
  return total;
}

/** The stat of a path or of a file descriptor, or null. */
function statOrNull(pathOrFd) {
  try {
    return typeof pathOrFd === 'number' ? fstatSync(pathOrFd) : statSync(pathOrFd);
  } catch {
    return null;
  }
}

const sameFile = (a, b) => a !== null && b !== null && a.dev === b.dev && a.ino === b.ino;

const asBytes = (chunk) => (chunk instanceof Uint8Array ? chunk : Buffer.from(chunk));

/** The hint of --tld for the detector. */
const hintOf = (o) => (o.tld === null ? {} : { tld: o.tld });

/**
 * `-f auto` for one input: reads its first DETECT_BYTES (keeping the chunks read), has the
 * detector name their encoding, says on stderr which one and how sure it is, and returns it with
 * the input's chunks from its start: those kept, then the rest as it is read (so standard input,
 * which cannot be read again, works too, and memory stays flat beyond the first MiB). Input that
 * is not text is a DataError.
 */
async function detectInput(file, o) {
  const input = readInput(file)[Symbol.asyncIterator]();
  const what = file === '-' ? 'standard input' : file;
  const head = [];
  let size = 0;
  let ended = false;
  let guess;
  const detector = createDetector(hintOf(o));
  try {
    while (size < DETECT_BYTES) {
      const next = await input.next();
      if (next.done) {
        ended = true;
        break;
      }
      const bytes = asBytes(next.value);
      head.push(bytes);
      detector.feed(bytes.subarray(0, DETECT_BYTES - size));
      size += bytes.length;
    }
    guess = detector.guess();
  } catch (error) {
    await input.return();
    throw error;
  } finally {
    detector.free();
  }
  if (guess.encoding === null) {
    await input.return();
    const by = ended ? `all its ${size} bytes` : `its first ${DETECT_BYTES} bytes`;
    throw new DataError(`${what} does not look like text (binary data?), judging by ${by}; give -f LABEL to decode it anyway`);
  }
  if (size === 0) process.stderr.write(`${NAME}: ${what} is empty: nothing to detect\n`);
  else {
    const from = ended ? `all ${size} byte${size === 1 ? '' : 's'}` : `the first ${DETECT_BYTES} bytes`;
    process.stderr.write(`${NAME}: detected ${guess.encoding} (confidence ${guess.confidence.toFixed(2)}) from ${from} of ${what}\n`);
  }
  async function* chunks() {
    try {
      while (head.length > 0) yield head.shift();
      yield* { [Symbol.asyncIterator]: () => input };
    } finally {
      await input.return();
    }
  }
  return { encoding: guess.encoding, chunks: chunks() };
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
    // The output's BOM comes with the first input's text: after its detection, which may fail.
    let bom = o.bom;
    for (const file of files) {
      const name = file === '-' ? '(standard input)' : file;
      let encoding = o.fromEncoding;
      let chunks = readInput(file);
      if (o.auto) ({ encoding, chunks } = await detectInput(file, o));
      if (bom) {
        await out.write(encoder.bom());
        bom = false;
      }
      const decoder = new InputDecoder(encoding, o.fatal, name);
      encoder.begin(name);
      for await (const chunk of chunks) {
        const bytes = asBytes(chunk);
        await out.write(encoder.encode(decoder.decode(bytes, false), false));
        progress.add(bytes.length);
      }
      await out.write(encoder.encode(decoder.decode(new Uint8Array(0), true), true));
    }
    progress.end();
    await out.close();
  } catch (error) {
    progress.end();
    throw out.abandon(error);
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

/** A confidence from 0 to 1 as a percentage with one decimal: "97.3%". */
const percent = (confidence) => `${(confidence * 100).toFixed(1)}%`;

/**
 * `--detect FILE...` (and `--sniff`): per file, its first DETECT_BYTES examined: the BOM, and the
 * detector's candidates, best first (at most DETECT_ROWS), each with its confidence as a
 * percentage and a preview of the text decoded with it; or that it is not text.
 */
async function detectFiles(o) {
  const files = o.files.length ? o.files : ['-'];
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('standard input ("-") can be read only once');
  checkInputs(files);
  let text = '';
  for (const file of files) {
    let bytes;
    try {
      bytes = await readStart(file, DETECT_BYTES);
    } catch (error) {
      throw new DataError(`cannot read ${file === '-' ? 'standard input' : file}: ${reason(error)}`);
    }
    const bom = bomSniff(bytes);
    text += `${file === '-' ? '(standard input)' : file}: ${bytes.length} byte${bytes.length === 1 ? '' : 's'} examined; ${bom ? `BOM: ${bom} (${bomLength(bom)} bytes)` : 'no BOM'}\n`;
    if (bytes.length === 0) {
      text += '      empty: nothing to detect\n';
      continue;
    }
    const guess = detect(bytes, hintOf(o));
    if (guess.encoding === null) {
      text += `      not text (binary data?): confidence ${percent(guess.confidence)}\n`;
      continue;
    }
    const rows = guess.candidates.slice(0, DETECT_ROWS);
    const width = Math.max(...rows.map((r) => r.encoding.length));
    const head = bytes.subarray(0, PREVIEW_BYTES);
    rows.forEach((r, i) => {
      const preview = previewLine(new TextDecoder(r.encoding).decode(head, { stream: true }), 60);
      text += `${String(i + 1).padStart(4)}. ${r.encoding.padEnd(width)}  ${percent(r.confidence).padStart(6)}  ${preview}${r.encoding === bom ? '  [BOM]' : ''}\n`;
    });
    const rest = guess.candidates.length - rows.length;
    if (rest > 0) text += `      and ${rest} more, each at most ${percent(guess.candidates[rows.length].confidence)}\n`;
  }
  return text;
}

/** Writes `text` to standard output; returns the exit code, 0. Throws DataError or ClosedPipe. */
async function print(text) {
  const out = new Output(null);
  await out.write(Buffer.from(text));
  await out.close();
  return 0;
}

async function main(argv) {
  const o = parseArgs(argv);
  if (o.help) return print(`${USAGE}\n`);
  if (o.list) return print(list());
  if (o.detect) return print(await detectFiles(o));
  resolveEncodings(o);
  return transcode(o);
}

// A message that cannot be written (standard error closed) has nowhere else to go.
process.stderr.on('error', () => {});
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    if (error instanceof ClosedPipe) {
      // The reader has all it wanted (`| head`): nothing to say, as `cat` and `yes` say nothing.
      process.exitCode = 0;
    } else if (error instanceof UsageError) {
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
