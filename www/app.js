// The workbench page (www/index.html): decode with replacement characters traced back to their
// bytes, the "which encoding is this?" finder (the package's detector), encode with a download, a
// comparison with the browser's own TextDecoder, and large files through TextDecoderStream. Built
// on the package's public entries only (pkg/ is served at /pkg/); every failure is written on the
// page.

import { TextDecoder, TextDecoderStream } from '/pkg/web/index.js';
import { encode } from '/pkg/web/legacy.js';
import { bomSniff, getEncoding } from '/pkg/web/standard.js';
import { detect } from '/pkg/web/detect.js';
import { ENCODINGS, PREVIEW_BYTES, bomLength, previewLine } from '/pkg/tools/encoding-finder.js';

const NativeTextDecoder = globalThis.TextDecoder;
const $ = (id) => document.getElementById(id);
const SAMPLE = 256 * 1024; // bytes the comparison looks at
const DETECT_SAMPLE = 1024 * 1024; // bytes the finder's detector looks at, as the CLI's -f auto
const FINDER_ROWS = 10; // candidates shown before "Show all"
const MAX_TEXT = 200000; // characters the decode panel renders
const HEX_ROWS = 32;
const MAX_ERRORS = 10000; // errors traced to their bytes (a binary file has one every few bytes)

const hex2 = (b) => b.toString(16).toUpperCase().padStart(2, '0');
const hexBytes = (bytes) => Array.from(bytes, hex2).join(' ');
const codePoint = (cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const mb = (n) => (n / 1e6).toFixed(n < 1e7 ? 2 : 0);
const percent = (confidence) => `${(confidence * 100).toFixed(1)}%`;

/** Sets a status line: kind is '', 'ok', 'warn' or 'error'. */
function status(id, kind, text) {
  const el = $(id);
  el.className = `status ${kind}`;
  el.textContent = text;
}

/** Any failure nobody caught still ends up on the page, in words. */
function pageError(message) {
  const el = $('page-error');
  el.hidden = false;
  el.textContent = `Something failed: ${message}`;
}
window.addEventListener('error', (e) => pageError(e.message));
window.addEventListener('unhandledrejection', (e) => pageError(e.reason && e.reason.message ? e.reason.message : String(e.reason)));

const state = { bytes: null, name: '', errors: [], selected: -1 };

// ---- input ------------------------------------------------------------------------------------

function setInput(bytes, name) {
  state.bytes = bytes;
  state.name = name;
  state.selected = -1;
  const bom = bomSniff(bytes);
  status('input-status', 'ok', `${name}: ${bytes.length.toLocaleString('en')} bytes${bom ? `, starting with a ${bom} BOM` : ''}.`);
  runFinder();
  runDecode();
  runCompare();
}

async function loadFile(file) {
  if (!file) return;
  if (file.size > 64 * 1024 * 1024) {
    status('input-status', 'error', `${file.name} is ${mb(file.size)} MB: the panels below hold the whole input in memory, so they take up to 64 MB. Use "Large files" at the bottom for this one.`);
    return;
  }
  try {
    setInput(new Uint8Array(await file.arrayBuffer()), file.name);
  } catch (e) {
    status('input-status', 'error', `Cannot read ${file.name}: ${e.message}`);
  }
}

$('file').addEventListener('change', () => loadFile($('file').files[0]));
const drop = $('drop');
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  loadFile(e.dataTransfer.files[0]);
});
$('hex-load').addEventListener('click', () => {
  const source = $('hex').value.replace(/0x/gi, '').replace(/[\s,;:]+/g, '');
  const bad = /[^0-9a-f]/i.exec(source);
  if (bad) return status('input-status', 'error', `Not hex: '${bad[0]}' at position ${bad.index} (use pairs like 93 FA 96 7B).`);
  if (source.length % 2) return status('input-status', 'error', `Odd number of hex digits (${source.length}): every byte needs two.`);
  const bytes = new Uint8Array(source.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(source.slice(2 * i, 2 * i + 2), 16);
  setInput(bytes, 'pasted hex');
});

// ---- encodings and labels ------------------------------------------------------------------------

for (const { name } of ENCODINGS) {
  if (name !== 'replacement') $('encoding').add(new Option(name, name));
  $('encode-encoding').add(new Option(name, name));
}
$('encode-encoding').value = 'shift_jis';

/** The encoding a label names (the standard's "get an encoding"), or a sentence saying why there is none. */
function resolveLabel(label) {
  const encoding = getEncoding(label);
  if (encoding === null) return { problem: `unknown label '${label}': the Encoding Standard has no such label` };
  if (encoding === 'replacement') {
    return { problem: `'${label}' is a label of the replacement encoding, which TextDecoder refuses (it would decode anything to one U+FFFD)` };
  }
  return { encoding };
}

// ---- decode -------------------------------------------------------------------------------------

/**
 * Decodes `bytes` and maps every error's U+FFFD back to the bytes that caused it. A second decoder
 * trails the first by one 4 KiB block; a block whose output has a U+FFFD is replayed byte by byte
 * on the trailing decoder, from the right state. A U+FFFD that the input really encodes (EF BF BD
 * in UTF-8) is told apart by decoding its bytes alone, fatally.
 * Stops tracing after MAX_ERRORS errors (the rest is decoded without replay).
 * Returns { text, errors: [{ at (index in text), offset, end (bytes [offset, end)), next }] }.
 */
function decodeTraced(bytes, encoding, ignoreBOM) {
  const BLOCK = 4096;
  const TAIL = 8;
  const lead = new TextDecoder(encoding, { ignoreBOM });
  const trail = new TextDecoder(encoding, { ignoreBOM });
  const parts = [];
  const errors = [];
  let length = 0;
  let pending = 0; // where the bytes the trailing decoder holds back begin
  const isPendingAlone = (i) => new TextDecoder(encoding).decode(bytes.subarray(i, i + 1), { stream: true }) === '';
  const genuine = (from, to) => {
    try {
      return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(from, to)) === '\ufffd';
    } catch {
      return false;
    }
  };
  /** One byte on the trailing decoder; records the errors its output reports. */
  const step = (i) => {
    const out = trail.decode(bytes.subarray(i, i + 1), { stream: true });
    if (out === '') return;
    let at = out.indexOf('\ufffd');
    let errorLast = false;
    while (at >= 0) {
      if (!genuine(pending, i + 1)) {
        // The byte that revealed the error is its own if nothing follows the U+FFFD and it is no
        // lead byte by itself; otherwise it was read again after the error.
        const reread = at < out.length - 1 || isPendingAlone(i);
        const end = reread ? Math.max(i, pending + 1) : i + 1;
        errors.push({ at: length + at, offset: pending, end, next: i });
        errorLast = at === out.length - 1;
      }
      at = out.indexOf('\ufffd', at + 1);
    }
    length += out.length;
    pending = errorLast && isPendingAlone(i) ? i : i + 1;
  };
  for (let start = 0; start < bytes.length; start += BLOCK) {
    const block = bytes.subarray(start, Math.min(bytes.length, start + BLOCK));
    const out = lead.decode(block, { stream: true });
    parts.push(out);
    if (!out.includes('\ufffd') || errors.length >= MAX_ERRORS) {
      const split = Math.max(0, block.length - TAIL);
      const head = trail.decode(block.subarray(0, split), { stream: true });
      if (head.length) pending = start + split;
      length += head.length;
      for (let i = start + split; i < start + block.length; i++) step(i);
    } else {
      for (let i = start; i < start + block.length; i++) step(i);
    }
  }
  const last = lead.decode();
  parts.push(last);
  if (last.includes('\ufffd')) errors.push({ at: length + last.indexOf('\ufffd'), offset: pending, end: bytes.length, next: bytes.length });
  return { text: parts.join(''), errors };
}

function currentLabel() {
  return $('label').value.trim() === '' ? $('encoding').value : $('label').value;
}

function runDecode() {
  const label = currentLabel();
  const resolved = resolveLabel(label);
  const resolution = $('resolution');
  resolution.className = `resolution${resolved.problem ? ' error' : ''}`;
  resolution.textContent = resolved.problem ? 'no encoding' : label === resolved.encoding ? resolved.encoding : `${label.trim()} → ${resolved.encoding}`;
  const bytes = state.bytes;
  const bom = bytes ? bomSniff(bytes) : null;
  $('bom').hidden = !bom;
  if (bom) {
    $('bom').textContent = `BOM sniffing: the input starts with a ${bom} byte order mark (${hexBytes(bytes.subarray(0, bomLength(bom)))}), so the standard's decode (used by HTML and fetch's text()) would decode it as ${bom} whatever the label says.${resolved.encoding && resolved.encoding !== bom ? ` This panel decodes it as ${resolved.encoding}, as TextDecoder does.` : ''}`;
  }
  if (resolved.problem) {
    status('decode-status', 'error', `Cannot decode: ${resolved.problem}.`);
    $('text').textContent = '';
    return;
  }
  if (!bytes) {
    status('decode-status', '', `Encoding: ${resolved.encoding}. Load some bytes above.`);
    return;
  }
  const fatal = $('fatal').checked;
  const ignoreBOM = $('ignoreBOM').checked;
  const t0 = performance.now();
  let text;
  let fatalError = null;
  try {
    text = new TextDecoder(resolved.encoding, { fatal, ignoreBOM }).decode(bytes);
  } catch (e) {
    fatalError = e;
  }
  const ms = performance.now() - t0;
  const traced = decodeTraced(bytes, resolved.encoding, ignoreBOM);
  state.errors = traced.errors;
  state.selected = -1;
  state.encoding = resolved.encoding;
  if (fatalError) {
    const first = traced.errors[0];
    const where = first ? ` at byte offset ${first.offset} (bytes ${hexBytes(bytes.subarray(first.offset, first.end))})` : '';
    status('decode-status', 'error', `Fatal decoding error${where}: the input is not valid ${resolved.encoding}. (${fatalError.name}: ${fatalError.message}) Untick fatal to see every error as U+FFFD.`);
    renderText('', []);
    if (first) selectError(0);
    else renderHex(0);
    return;
  }
  const n = traced.errors.length;
  const more = n >= MAX_ERRORS ? ` (at least; the first ${MAX_ERRORS.toLocaleString('en')} traced)` : '';
  const shown = text.length > MAX_TEXT ? ` (the first ${MAX_TEXT.toLocaleString('en')} shown)` : '';
  status(
    'decode-status',
    n ? 'warn' : 'ok',
    `${resolved.encoding}: ${bytes.length.toLocaleString('en')} bytes → ${text.length.toLocaleString('en')} UTF-16 code units in ${ms.toFixed(1)} ms${shown}. ` +
      (n ? `${n.toLocaleString('en')}${more} malformed sequence${n > 1 ? 's' : ''} replaced by U+FFFD (highlighted; hover or click one for its bytes), the first at byte offset ${traced.errors[0].offset}.` : 'No decoding errors.'),
  );
  renderText(text, traced.errors);
  if (n) selectError(0, false);
  else renderHex(0);
}

function renderText(text, errors) {
  const view = text.slice(0, MAX_TEXT);
  let html = '';
  let from = 0;
  errors.forEach((e, k) => {
    if (e.at >= view.length) return;
    html += escapeHtml(view.slice(from, e.at));
    html += `<mark class="bad" data-k="${k}" title="byte offset ${e.offset}: ${hexBytes(state.bytes.subarray(e.offset, e.end))}">\ufffd</mark>`;
    from = e.at + 1;
  });
  html += escapeHtml(view.slice(from));
  $('text').innerHTML = html;
}

function selectError(k, scrollText = true) {
  state.selected = k;
  for (const m of $('text').querySelectorAll('mark.selected')) m.classList.remove('selected');
  const mark = $('text').querySelector(`mark[data-k="${k}"]`);
  if (mark) {
    mark.classList.add('selected');
    if (scrollText) mark.scrollIntoView({ block: 'nearest' });
  }
  const e = state.errors[k];
  renderHex(e.offset);
}

$('text').addEventListener('click', (ev) => {
  const mark = ev.target.closest('mark.bad');
  if (mark) selectError(Number(mark.dataset.k), false);
});

/** The hex view: HEX_ROWS rows of 16 bytes around `offset`, error bytes marked. */
function renderHex(offset) {
  const bytes = state.bytes;
  if (!bytes) return;
  const firstRow = Math.max(0, Math.floor(offset / 16) - 4);
  const start = firstRow * 16;
  const end = Math.min(bytes.length, start + HEX_ROWS * 16);
  const kind = new Uint8Array(end - start); // 1: an error's byte, 2: the selected error's
  state.errors.forEach((e, k) => {
    for (let i = Math.max(e.offset, start); i < Math.min(Math.max(e.end, e.offset + 1), end); i++) kind[i - start] = Math.max(kind[i - start], k === state.selected ? 2 : 1);
  });
  let html = '';
  for (let row = start; row < end; row += 16) {
    html += `<span class="off">${row.toString(16).padStart(8, '0')}</span>  `;
    let ascii = '';
    for (let i = row; i < row + 16; i++) {
      if (i >= end) {
        html += '   ';
        continue;
      }
      const k = kind[i - start];
      const cell = hex2(bytes[i]);
      html += k ? `<span class="${k === 2 ? 'sel' : 'err'}" data-offset="${i}">${cell}</span> ` : `${cell} `;
      ascii += bytes[i] >= 0x20 && bytes[i] < 0x7f ? String.fromCharCode(bytes[i]) : '.';
    }
    html += ` ${escapeHtml(ascii)}\n`;
  }
  $('hexview').innerHTML = html;
  $('hex-caption').textContent = bytes.length ? `Input bytes ${start.toLocaleString('en')}–${(end - 1).toLocaleString('en')} of ${bytes.length.toLocaleString('en')}` : 'No bytes';
  const sel = $('hexview').querySelector('.sel');
  if (sel) sel.scrollIntoView({ block: 'nearest' });
}

$('encoding').addEventListener('change', () => {
  $('label').value = '';
  runDecode();
  runCompare();
});
$('label').addEventListener('input', () => {
  runDecode();
});
$('label').addEventListener('change', runCompare);
for (const id of ['fatal', 'ignoreBOM']) {
  $(id).addEventListener('change', () => {
    runDecode();
    runCompare();
  });
}

// ---- finder -------------------------------------------------------------------------------------

function runFinder() {
  const bytes = state.bytes;
  const body = $('finder').tBodies[0];
  body.textContent = '';
  $('finder').classList.remove('all');
  $('finder').hidden = true;
  $('finder-more').hidden = true;
  if (!bytes || bytes.length === 0) return status('finder-status', '', bytes ? 'The input is empty.' : 'Load some bytes first.');
  const sample = bytes.subarray(0, DETECT_SAMPLE);
  const tld = $('tld').value.trim();
  const guess = detect(sample, { tld });
  const judged = sample.length < bytes.length ? `, judging by its first ${mb(sample.length)} MB` : '';
  if (guess.encoding === null) {
    return status(
      'finder-status',
      'warn',
      `This does not look like text: the detector is ${percent(guess.confidence)} sure these bytes are binary data (an image, an archive, compressed or random bytes) rather than text in any encoding${judged}. The decode panel below still decodes them with any encoding you pick.`,
    );
  }
  const bom = bomSniff(sample);
  const head = sample.subarray(0, PREVIEW_BYTES);
  $('finder').hidden = false;
  guess.candidates.forEach((c, i) => {
    const tr = body.insertRow();
    tr.dataset.encoding = c.encoding;
    tr.insertCell().textContent = String(i + 1);
    const name = tr.insertCell();
    name.textContent = c.encoding;
    if (c.encoding === bom) name.insertAdjacentHTML('beforeend', '<span class="bom-badge">BOM</span>');
    const confidence = tr.insertCell();
    confidence.className = 'confidence';
    const bar = confidence.appendChild(document.createElement('span'));
    bar.className = 'bar';
    bar.appendChild(document.createElement('span')).style.width = percent(c.confidence);
    confidence.append(percent(c.confidence));
    const preview = tr.insertCell();
    preview.className = 'preview';
    preview.textContent = previewLine(new TextDecoder(c.encoding).decode(head, { stream: true }), 120);
    if (i >= FINDER_ROWS) tr.className = 'more';
  });
  const more = guess.candidates.length - FINDER_ROWS;
  if (more > 0) {
    $('finder-more').hidden = false;
    $('finder-more').textContent = `Show all ${guess.candidates.length}`;
  }
  const best = guess.encoding;
  status('finder-status', 'ok', `Most likely: ${best} (${percent(guess.confidence)}${best === bom ? '; its BOM says so' : ''})${judged}. Click a row to decode with it.`);
}

$('finder-more').addEventListener('click', () => {
  $('finder').classList.add('all');
  $('finder-more').hidden = true;
});
$('tld').addEventListener('input', runFinder);
$('finder').tBodies[0].addEventListener('click', (ev) => {
  const tr = ev.target.closest('tr');
  if (!tr) return;
  for (const row of $('finder').querySelectorAll('tr.chosen')) row.classList.remove('chosen');
  tr.classList.add('chosen');
  $('encoding').value = tr.dataset.encoding;
  $('label').value = '';
  runDecode();
  runCompare();
  $('decode-panel').scrollIntoView({ behavior: 'smooth' });
});

// ---- encode -------------------------------------------------------------------------------------

const SHORT = { 'utf-8': 'utf8', shift_jis: 'sjis', 'euc-jp': 'eucjp', 'iso-2022-jp': 'jis', 'euc-kr': 'euckr', 'utf-16le': 'utf16le', 'utf-16be': 'utf16be', 'x-user-defined': 'xud' };
const shortName = (name) => SHORT[name] ?? name.replace(/^windows-/, 'cp').replace(/[^a-z0-9]+/g, '');

/** UTF-16 code units as bytes (a transcoder writes UTF-16 where the standard's encode would write UTF-8). */
function utf16(text, littleEndian) {
  const bytes = new Uint8Array(text.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < text.length; i++) {
    let unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdfff) {
      const pair = unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (pair) {
        view.setUint16(2 * i, unit, littleEndian);
        i++;
        unit = text.charCodeAt(i);
      } else unit = 0xfffd;
    }
    view.setUint16(2 * i, unit, littleEndian);
  }
  return bytes;
}

let encoded = null;
function runEncode() {
  const text = $('encode-input').value;
  const encoding = $('encode-encoding').value;
  const mode = document.querySelector('input[name="mode"]:checked').value;
  $('encode-short').textContent = shortName(encoding);
  encoded = null;
  $('download').disabled = true;
  if (encoding === 'replacement') {
    status('encode-status', 'error', 'The replacement encoding has no encoder: choose another one.');
    $('encode-hex').textContent = '';
    $('encode-marked').textContent = text;
    return;
  }
  // The characters this encoding cannot represent, found one distinct character at a time.
  const verdict = new Map();
  const unencodable = (ch) => {
    if (!verdict.has(ch)) {
      let bad = false;
      if (!encoding.startsWith('utf-')) {
        try {
          encode(ch, encoding);
        } catch {
          bad = true;
        }
      }
      verdict.set(ch, bad);
    }
    return verdict.get(ch);
  };
  let html = '';
  let index = 0;
  let first = null;
  let count = 0;
  for (const ch of text) {
    if (unencodable(ch)) {
      count++;
      if (first === null) first = { ch, index };
      html += `<mark class="bad" title="${codePoint(ch.codePointAt(0))} cannot be encoded in ${encoding}">${escapeHtml(ch)}</mark>`;
    } else html += escapeHtml(ch);
    index++;
  }
  $('encode-marked').innerHTML = html;
  try {
    encoded =
      encoding === 'utf-16le' ? utf16(text, true) : encoding === 'utf-16be' ? utf16(text, false) : encode(text, encoding, { mode });
  } catch (e) {
    const where = first ? `unencodable ${codePoint(first.ch.codePointAt(0))} '${first.ch}' at character ${first.index}` : e.message;
    status('encode-status', 'error', `Cannot encode in ${encoding} (fatal mode): ${where}${count > 1 ? `, and ${count - 1} more highlighted` : ''}. Choose html mode to write them as &#N;.`);
    $('encode-hex').textContent = '';
    return;
  }
  const lines = [];
  const shownBytes = Math.min(encoded.length, 4096);
  for (let row = 0; row < shownBytes; row += 16) lines.push(`${row.toString(16).padStart(6, '0')}  ${hexBytes(encoded.subarray(row, Math.min(row + 16, shownBytes)))}`);
  if (encoded.length > shownBytes) lines.push(`… ${encoded.length - shownBytes} more bytes`);
  $('encode-hex').textContent = lines.join('\n');
  $('download').disabled = false;
  status(
    'encode-status',
    count ? 'warn' : 'ok',
    `${encoding}: ${Array.from(text).length} characters → ${encoded.length} bytes.${count ? ` ${count} character${count > 1 ? 's' : ''} this encoding cannot represent (highlighted) written as &#N;.` : ''}`,
  );
}

$('download').addEventListener('click', () => {
  if (!encoded) return;
  const base = $('encode-base').value.trim() || 'text';
  const ext = $('encode-ext').value.trim().replace(/^\./, '') || 'txt';
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([encoded], { type: 'application/octet-stream' }));
  a.download = `${base}.${shortName($('encode-encoding').value)}.${ext}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  status('encode-status', 'ok', `Downloaded ${a.download} (${encoded.length} bytes).`);
});
for (const el of [$('encode-input'), $('encode-encoding'), ...document.querySelectorAll('input[name="mode"]')]) {
  el.addEventListener(el.tagName === 'TEXTAREA' ? 'input' : 'change', runEncode);
}

// ---- compare with the browser --------------------------------------------------------------------

/** Decodes with `Decoder` and returns the text, or the error in words. */
function tryDecode(Decoder, encoding, input, options) {
  try {
    return { text: new Decoder(encoding, options).decode(input) };
  } catch (e) {
    return { error: `${e.name}: ${e.message}` };
  }
}

function difference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const at = (s) => (i < s.length ? codePoint(s.codePointAt(i)) : 'end of text');
  return `differs at code unit ${i}: ${at(a)} here, ${at(b)} in the browser`;
}

function runCompare() {
  const bytes = state.bytes;
  const body = $('compare').tBodies[0];
  body.textContent = '';
  if (!bytes) return;
  const sample = bytes.subarray(0, SAMPLE);
  const options = { fatal: $('fatal').checked, ignoreBOM: $('ignoreBOM').checked };
  let differing = 0;
  const row = (label, ours, theirs, same) => {
    const tr = body.insertRow();
    tr.insertCell().textContent = label;
    const a = tr.insertCell();
    const b = tr.insertCell();
    a.textContent = ours;
    b.textContent = theirs;
    b.className = same === true ? 'same' : same === false ? 'diff' : 'na';
    if (same === false) differing++;
  };
  for (const { name } of ENCODINGS) {
    if (name === 'replacement') continue;
    const ours = tryDecode(TextDecoder, name, sample, options);
    const theirs = tryDecode(NativeTextDecoder, name, sample, options);
    const describe = (r) => (r.error ? r.error : `${r.text.length.toLocaleString('en')} code units`);
    if (theirs.error && /RangeError/.test(theirs.error) && !ours.error) row(name, describe(ours), `not supported (${theirs.error})`, null);
    else if (ours.error || theirs.error) row(name, describe(ours), describe(theirs), Boolean(ours.error) === Boolean(theirs.error));
    else if (ours.text === theirs.text) row(name, describe(ours), 'the same text', true);
    else row(name, describe(ours), difference(ours.text, theirs.text), false);
  }
  // The same bytes in a SharedArrayBuffer (needs a cross-origin-isolated page; npm start serves one).
  const encoding = state.encoding || 'utf-8';
  if (typeof SharedArrayBuffer === 'function') {
    const shared = new Uint8Array(new SharedArrayBuffer(sample.length));
    shared.set(sample);
    const ours = tryDecode(TextDecoder, encoding, shared, options);
    const theirs = tryDecode(NativeTextDecoder, encoding, shared, options);
    const describe = (r) => (r.error ? r.error : `decoded, ${r.text.length.toLocaleString('en')} code units`);
    row(`${encoding} from a SharedArrayBuffer`, describe(ours), describe(theirs), !ours.error && !theirs.error && ours.text === theirs.text);
  } else {
    row('SharedArrayBuffer', 'not available: the page is not cross-origin isolated', '', null);
  }
  status('compare-status', differing ? 'warn' : 'ok', differing ? `${differing} difference${differing > 1 ? 's' : ''} between this package and this browser (highlighted).` : 'This package and this browser agree on every encoding for this input.');
}

$('bench').addEventListener('click', () => {
  const bytes = state.bytes;
  if (!bytes || bytes.length === 0) return status('bench-result', 'error', 'Load some bytes first.');
  const encoding = state.encoding || 'utf-8';
  const rate = (Decoder) => {
    const d = new Decoder(encoding);
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < 300) {
      d.decode(bytes);
      n++;
      t = performance.now();
    }
    return (n * bytes.length) / 1e6 / ((t - t0) / 1000);
  };
  try {
    tryDecode(NativeTextDecoder, encoding, bytes.subarray(0, 16), {});
    const ours = [];
    const theirs = [];
    for (let round = 0; round < 3; round++) {
      ours.push(rate(TextDecoder));
      theirs.push(rate(NativeTextDecoder));
    }
    const median = (xs) => xs.sort((a, b) => a - b)[1];
    const [o, t] = [median(ours), median(theirs)];
    status('bench-result', 'ok', `${encoding}, ${bytes.length.toLocaleString('en')} bytes: this package ${o.toFixed(0)} MB/s, this browser ${t.toFixed(0)} MB/s (ours/browser ${(o / t).toFixed(2)}×, median of 3 rounds of 0.3 s).`);
  } catch (e) {
    status('bench-result', 'error', `Benchmark failed: ${e.name}: ${e.message}`);
  }
});

// ---- large files ----------------------------------------------------------------------------------

let streamAbort = null;

async function streamFile(file) {
  const label = $('stream-label').value;
  const resolved = resolveLabel(label);
  if (resolved.problem) return status('stream-status', 'error', `Cannot decode: ${resolved.problem}.`);
  const fatal = $('stream-fatal').checked;
  const progress = $('stream-progress');
  progress.value = 0;
  $('stream-first').textContent = '';
  $('stream-last').textContent = '';
  const total = file.size;
  let read = 0;
  let chars = 0;
  let replaced = 0;
  let head = '';
  let tail = '';
  const t0 = performance.now();
  const controller = new AbortController();
  streamAbort = controller;
  $('stream-cancel').disabled = false;
  const show = () => {
    const seconds = (performance.now() - t0) / 1000;
    progress.value = total ? read / total : 1;
    status('stream-status', '', `${file.name}: ${mb(read)} of ${mb(total)} MB (${total ? ((100 * read) / total).toFixed(0) : 100}%), ${(read / 1e6 / Math.max(seconds, 0.001)).toFixed(0)} MB/s`);
  };
  let lastShown = 0;
  const counter = new TransformStream({
    transform(chunk, c) {
      read += chunk.byteLength;
      const now = performance.now();
      if (now - lastShown > 100) {
        lastShown = now;
        show();
      }
      c.enqueue(chunk);
    },
  });
  try {
    const texts = file.stream().pipeThrough(counter, { signal: controller.signal }).pipeThrough(new TextDecoderStream(resolved.encoding, { fatal }));
    const reader = texts.getReader();
    for (;;) {
      const { value: text, done } = await reader.read();
      if (done) break;
      chars += text.length;
      for (let i = text.indexOf('\ufffd'); i >= 0; i = text.indexOf('\ufffd', i + 1)) replaced++;
      if (head.length < 4000) head += text.slice(0, 4000 - head.length);
      tail = (tail + text.slice(-4000)).slice(-4000);
    }
    const seconds = (performance.now() - t0) / 1000;
    progress.value = 1;
    const lines = (s, fromEnd) => {
      const all = s.split(/\r\n|\n|\r/);
      return (fromEnd ? all.slice(-6) : all.slice(0, 6)).join('\n');
    };
    $('stream-first').textContent = lines(head, false);
    $('stream-last').textContent = lines(tail, true);
    status(
      'stream-status',
      replaced ? 'warn' : 'ok',
      `${file.name}: done, 100%: ${mb(total)} MB (${resolved.encoding}) → ${chars.toLocaleString('en')} UTF-16 code units in ${seconds.toFixed(1)} s, ${(total / 1e6 / Math.max(seconds, 0.001)).toFixed(0)} MB/s.` +
        (replaced ? ` ${replaced} U+FFFD in the text (malformed input, or U+FFFD in it).` : ' No decoding errors.'),
    );
  } catch (e) {
    progress.value = total ? read / total : 0;
    const why = controller.signal.aborted ? 'cancelled' : e instanceof TypeError && fatal ? `fatal decoding error within the bytes ${Math.max(0, read - 65536)}–${read} (${e.message}); the decode panel pinpoints errors in files up to 64 MB` : `${e.name}: ${e.message}`;
    status('stream-status', 'error', `${file.name}: stopped at ${mb(read)} of ${mb(total)} MB: ${why}.`);
  } finally {
    streamAbort = null;
    $('stream-cancel').disabled = true;
  }
}

$('stream-file').addEventListener('change', () => {
  const file = $('stream-file').files[0];
  if (file) streamFile(file);
});
$('stream-cancel').addEventListener('click', () => streamAbort && streamAbort.abort());

runDecode();
runEncode();
