// The size check: what each entry ships (scripts/sizes.mjs: esbuild --bundle --minify, brotli
// q11) must not grow more than 1% past tests/size-record.json. Sizes are deterministic, so this
// is a test, not a benchmark. When a size falls, lower the record: `node scripts/sizes.mjs --record`.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { measure, recordPath } from '../../scripts/sizes.mjs';
import { pkgDir } from './package.mjs';

const record = JSON.parse(readFileSync(recordPath, 'utf8'));
const sizes = await measure(pkgDir);

test('every recorded entry is measured', () => {
  assert.deepEqual(Object.keys(sizes).sort(), Object.keys(record).sort());
});

for (const [name, recorded] of Object.entries(record)) {
  test(`${name}: at most 1% above the record of ${recorded} bytes`, (t) => {
    const now = sizes[name];
    assert.ok(now <= recorded * 1.01, `${name} grew to ${now} bytes (record ${recorded}); shrink it, or justify and re-record`);
    if (now < recorded * 0.99) t.diagnostic(`${name} fell to ${now} bytes: lower the record (node scripts/sizes.mjs --record)`);
  });
}

test('the polyfill costs at most 2 KiB where the host is right', () => {
  assert.ok(sizes['polyfill, host right'] <= 2048, `${sizes['polyfill, host right']} bytes`);
});

test('the legacy encoders add at most 3 KiB to the full entry', () => {
  assert.ok(sizes['full + legacy'] - sizes.full <= 3072, `${sizes['full + legacy'] - sizes.full} bytes`);
});
