// The project's one static server (scripts/lib/server.mjs), as `npm start` runs it
// (scripts/serve.mjs) and as the test runners and the bench use it: hostile requests (a malformed
// percent-escape, paths that climb out of the served folders, NUL bytes, a huge URL, other
// methods, bytes that are not HTTP, a resolver that throws) each get a 4xx (or a 5xx for the
// resolver's own failure) and the server goes on serving.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { entryFile, root } from '../../scripts/lib/package.mjs';
import { startServer } from '../../scripts/lib/server.mjs';

/** One raw request (the path is sent exactly as given); resolves to { status, body, headers }. */
function get(origin, path, { method = 'GET' } = {}) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Bytes that are not HTTP, on a raw socket; resolves to what the server answered. */
function garbage(origin, bytes) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
}

const HOSTILE = [
  ['a malformed percent-escape', '/%E0%A4%A', 400],
  ['a lone percent sign', '/%', 400],
  ['an escape of invalid UTF-8', '/%FF%FE', 400],
  ['a climb out of www/', '/../../../../etc/passwd', 404],
  ['an encoded climb', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', 404],
  ['an encoded climb out of pkg/', '/pkg/..%2f..%2f..%2fetc/passwd', 404],
  ['an encoded backslash climb', '/pkg/..%5c..%5cpackage.json', 404],
  ['a NUL byte', '/index.html%00.js', 404],
  ['a folder without index.html', '/pkg/', 404],
  ['a missing file', '/no/such/file.js', 404],
];

let child;
let origin;
before(async () => {
  child = spawn(process.execPath, [join(root, 'scripts', 'serve.mjs')], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  origin = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /playground: (http:\/\/[^/\s]+)\//.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve.mjs exited (${code}) before listening: ${out}`)));
  });
});
after(() => child?.kill());

async function stillServing() {
  const page = await get(origin, '/');
  assert.equal(page.status, 200, 'the workbench page is still served');
  assert.match(page.body, /<!doctype html>/i);
  assert.equal(page.headers['cross-origin-embedder-policy'], 'require-corp');
  assert.equal((await get(origin, `/pkg/${entryFile('.', 'web')}`)).status, 200, 'the package is still served');
}

test('npm start\'s server: a good request is served, cross-origin isolated', async () => {
  await stillServing();
  const wasm = await get(origin, '/pkg/wasm/core.wasm');
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers['content-type'], 'application/wasm');
  assert.equal((await get(origin, '/app.js', { method: 'HEAD' })).status, 200);
});

for (const [what, path, status] of HOSTILE) {
  test(`npm start's server: ${what} (${path}) gets ${status}, and the server keeps serving`, async () => {
    const r = await get(origin, path);
    assert.equal(r.status, status);
    assert.doesNotMatch(r.body, /root:|"name": "text-encoding-wasm-dev"/, 'nothing outside the served folders leaks');
    await stillServing();
  });
}

test("npm start's server: other methods get 405, a 100 KB URL a 4xx, bytes that are not HTTP a 400", async () => {
  assert.equal((await get(origin, '/', { method: 'POST' })).status, 405);
  assert.equal((await get(origin, '/', { method: 'DELETE' })).status, 405);
  const long = await get(origin, `/${'a'.repeat(100_000)}`);
  assert.ok(long.status >= 400 && long.status < 500, `status ${long.status}`);
  assert.match(await garbage(origin, Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0xff, 0xfe])), /^HTTP\/1\.1 400/);
  assert.match(await garbage(origin, 'GET /\x00 HTTP/9.9\r\n\r\n'), /^HTTP\/1\.1 400/);
  await stillServing();
  assert.equal(child.exitCode, null, 'the process is alive');
});

test('startServer (the runners\' and the bench\'s): a resolver that throws is a 500, and the server keeps serving', async () => {
  const server = await startServer((pathname) => {
    if (pathname === '/throws') throw new Error('resolver failure');
    if (pathname === '/ok') return { body: 'ok', type: 'text/plain' };
    return null;
  });
  try {
    const failed = await get(server.origin, '/throws');
    assert.equal(failed.status, 500);
    assert.match(failed.body, /resolver failure/);
    assert.equal((await get(server.origin, '/%E0%A4%A')).status, 400);
    const ok = await get(server.origin, '/ok');
    assert.deepEqual([ok.status, ok.body], [200, 'ok']);
  } finally {
    await server.close();
  }
});
