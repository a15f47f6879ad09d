// The standard's own data for the JS suites, read from ../shared/whatwg-encoding (beside the
// repository): the single-byte encodings of encodings.json and their index files. Where ../shared
// is absent, SKIP says so and the lists are empty.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';

const shared = new URL('../../../shared/whatwg-encoding/', import.meta.url);
const encodingsJson = new URL('encodings.json', shared);
const encodings = existsSync(encodingsJson) ? JSON.parse(readFileSync(encodingsJson, 'utf8')) : null;

/** A test's skip reason where the standard's data is absent, else false. */
export const SKIP = encodings === null && `${encodingsJson.pathname} is absent (../shared not checked out)`;

/** The legacy single-byte encodings of encodings.json: [{ name, labels }]. */
export const singleByteEncodings = encodings === null ? [] : encodings.find((g) => g.heading === 'Legacy single-byte encodings').encodings;

/** The index file of a single-byte encoding: pointer (0..127) → code point. */
export function readSingleByteIndex(name) {
  // ISO-8859-8-I shares ISO-8859-8's index.
  const file = new URL(`index-${name === 'ISO-8859-8-I' ? 'iso-8859-8' : name.toLowerCase()}.txt`, shared);
  const index = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*(\d+)\t0x([0-9A-F]+)/.exec(line);
    if (m) index.set(Number(m[1]), parseInt(m[2], 16));
  }
  assert.ok(index.size > 0 && index.size <= 128, `${file.pathname} has 1..128 entries`);
  for (const pointer of index.keys()) assert.ok(pointer >= 0 && pointer < 128);
  return index;
}
