// The bench's input files: the UTF-8 corpus articles (../shared/corpus/wikipedia) and their
// legacy-encoded versions, made with our own encoder (the wasm `encoder_*` exports, html mode) and
// cached in bench/.cache/ (rebuilt when the wasm changes). Used by bench/run.mjs; the engine
// drivers and the page read the same files by path or URL.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LANGS = ['ar', 'cs', 'de', 'el', 'en', 'fr', 'he', 'ja', 'ko', 'pt', 'ru', 'th', 'tr', 'vi', 'zh_cn', 'zh_tw'];
export const KINDS = ['txt', 'html'];
/** The legacy versions: language → encodings (made with our encoder, html mode). */
export const LEGACY = {
  ru: ['windows-1251', 'koi8-r'],
  de: ['windows-1252'],
  fr: ['windows-1252'],
  pt: ['windows-1252'],
  en: ['windows-1252'],
  el: ['windows-1253'],
  he: ['windows-1255'],
  ar: ['windows-1256'],
  th: ['windows-874'],
  ja: ['shift_jis', 'euc-jp', 'iso-2022-jp'],
  zh_cn: ['gbk', 'gb18030'],
  zh_tw: ['big5'],
  ko: ['euc-kr'],
};

/** Our legacy encoder (wasm exports, html mode): `text` in the encoding of `label`. */
function encodeLegacy(internals, text, label) {
  const w = internals.core();
  const ordinal = internals.lookupLabel(label);
  if (ordinal < 0) throw new Error(`bench: unknown label ${label}`);
  const handle = w.encoder_new(ordinal);
  if (handle === 0) throw new Error(`bench: encoder_new(${label}) failed`);
  try {
    const n = internals.putString(text);
    const written = w.encoder_encode(handle, n, true, true);
    if (written < 0) throw new Error(`bench: encoder_encode(${label}) returned ${written}`);
    return internals.takeBytes(written);
  } finally {
    w.encoder_free(handle);
  }
}

/**
 * The input files ({row, lang, kind, label, bytes, path, url}) and a description of the legacy
 * ones ({row, source, bytes, refs}: sizes, and how many `&#N;` references our encoder wrote).
 * `ours` is the package's Node entry, `internals` its core modules; `wasmHash` keys the cache.
 */
export function loadInputs({ ours, internals, cacheDir, corpusDir, wasmHash }) {
  const files = [];
  const legacyInfo = [];
  const manifestPath = join(cacheDir, 'legacy.json');
  let manifest = null;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    manifest = null;
  }
  const fresh = manifest === null || manifest.wasm !== wasmHash;
  const next = { wasm: wasmHash, files: {} };
  for (const lang of LANGS) {
    for (const kind of KINDS) {
      const path = join(corpusDir, `${lang}.${kind}`);
      const bytes = new Uint8Array(readFileSync(path));
      files.push({ row: `${lang}.${kind}`, lang, kind, label: 'utf-8', bytes, path, url: `/corpus/${lang}.${kind}` });
    }
  }
  for (const [lang, encodings] of Object.entries(LEGACY)) {
    for (const kind of KINDS) {
      const source = files.find((f) => f.row === `${lang}.${kind}`);
      const text = new ours.TextDecoder().decode(source.bytes);
      for (const label of encodings) {
        const name = `${lang}.${kind}.${label}.bin`;
        const path = join(cacheDir, name);
        let bytes;
        if (!fresh && existsSync(path) && manifest.files[name]) {
          bytes = new Uint8Array(readFileSync(path));
        } else {
          bytes = encodeLegacy(internals, text, label);
          writeFileSync(path, bytes);
        }
        // Unmappable characters became &#N; references: count the new ones.
        const decoded = new ours.TextDecoder(label).decode(bytes);
        const refs = (decoded.match(/&#\d+;/g) || []).length - (text.match(/&#\d+;/g) || []).length;
        next.files[name] = { bytes: bytes.length, refs };
        legacyInfo.push({ row: `${lang}.${kind} ${label}`, source: source.bytes.length, bytes: bytes.length, refs });
        files.push({ row: `${lang}.${kind} ${label}`, lang, kind, label, bytes, path, url: `/cache/${name}` });
      }
    }
  }
  writeFileSync(manifestPath, JSON.stringify(next, null, 1));
  return { files, legacyInfo, fresh };
}
