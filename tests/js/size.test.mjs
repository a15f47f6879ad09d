// The size check: what each entry ships (scripts/sizes.mjs: esbuild --bundle --minify, brotli
// q11) must not grow more than 1% past tests/size-record.json. Sizes are deterministic, so this
// is a test, not a benchmark. When a size falls, lower the record: `node scripts/sizes.mjs --record`.
// Also: `--parts` (where the bytes go) finds the module text in every bundle and the sections of
// every module, so the figures it prints cannot quietly become zeros.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { measure, measureParts, recordPath } from '../../scripts/sizes.mjs';
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

test('an app that imports the polyfill only where needed (polyfill/check) ships at most 2 KiB where the host is right', () => {
  assert.ok(sizes['polyfill/check, host right'] <= 2048, `${sizes['polyfill/check, host right']} bytes`);
});

test('the polyfill carries the implementation (it installs synchronously, with no top-level await)', () => {
  assert.ok(sizes.polyfill >= sizes.full, `${sizes.polyfill} bytes against the full entry's ${sizes.full}`);
});

test('the legacy encoders add at most 3 KiB to the full entry', () => {
  assert.ok(sizes['full + legacy'] - sizes.full <= 3072, `${sizes['full + legacy'] - sizes.full} bytes`);
});

test('where the bytes go (sizes.mjs --parts) finds each bundle\'s module text and each module\'s sections', async () => {
  const { bundles, modules } = await measureParts(pkgDir, sizes);
  for (const [name, b] of Object.entries(bundles)) {
    // Every bundle carries at least lite's or the detector's module (or their data segments).
    assert.ok(b.js > 1024 && b.whole - b.js > 4096, `${name}: ${b.js} of ${b.whole} bytes found to be JavaScript`);
  }
  for (const [path, m] of Object.entries(modules)) {
    assert.ok(m.code > 1024 && m.data > 1024, `${path}: code ${m.code}, data ${m.data}`);
    assert.ok(m.code + m.data >= m.whole * 0.95 && m.code + m.data <= m.whole * 1.05, `${path}: ${m.code} + ${m.data} against ${m.whole}`);
  }
});
