// Host paths take only what their checks covered (DESIGN: "The host as an accelerator"): an
// encodeInto into a destination of 2^32 bytes, which no probe covers and Node 20's own encodeInto
// wraps to nothing ({ read: 0, written: 0 }), gives the standard's { read: 4, written: 6 } in every
// engine the project runs (the system Node, Node 22, 24 and 26, Bun, Deno), both after the
// encoder's direct paths are in place and on the careful path; the bytes are the right ones. The
// destination's pages are never touched but for its first bytes, so the 4 GiB cost no memory.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { denoBin, denoEnv, engineBinary, ENGINES, isInstalled } from '../../scripts/lib/engines.mjs';
import { entryFile, packageUrl } from '../../scripts/lib/package.mjs';
import { pkgDir } from './package.mjs';

const SCRIPT = (url) => `
const { TextEncoder } = await import(${JSON.stringify(url)});
const encoder = new TextEncoder();
const out = [];
const dest = new Uint8Array(2 ** 32);
out.push(encoder.encodeInto('abc€', dest)); // the first call: the careful path
for (let i = 0; i < 100; i++) encoder.encodeInto('abc€', new Uint8Array(8)); // the direct paths are in place
out.push(encoder.encodeInto('abc€', dest));
const bytes = Array.from(dest.subarray(0, 6));
out.push(encoder.encodeInto('a'.repeat(5000) + '€', dest)); // a string over the chunked limit
console.log(JSON.stringify({ out: out.map((r) => [r.read, r.written]), bytes, last: Array.from(dest.subarray(4999, 5003)) }));
`;

/** The engines to run in: [name, binary, args before the script, the host folder it imports]. */
function engines() {
  const list = [['node (system)', process.execPath, ['--input-type=module', '-e'], 'node']];
  for (const name of Object.keys(ENGINES)) {
    if (!isInstalled(name)) continue;
    const binary = engineBinary(name);
    list.push([name, binary, name === 'bun' ? ['-e'] : ['--input-type=module', '-e'], 'node']);
  }
  list.push(['deno', denoBin, ['eval'], 'web']);
  return list;
}

for (const [name, binary, args, host] of engines()) {
  test(`encodeInto into 2^32 bytes is the standard's in ${name} (${host}/)`, () => {
    const r = spawnSync(binary, [...args, SCRIPT(packageUrl(pkgDir, entryFile('.', host)))], { encoding: 'utf8', env: name === 'deno' ? denoEnv() : process.env, timeout: 120000 });
    assert.equal(r.status, 0, `${name} failed:\n${r.stderr}`);
    const got = JSON.parse(r.stdout.trim().split('\n').pop());
    assert.deepEqual(got.out, [[4, 6], [4, 6], [5001, 5003]]);
    assert.deepEqual(got.bytes, [97, 98, 99, 226, 130, 172]);
    assert.deepEqual(got.last, [97, 226, 130, 172]);
  });
}
