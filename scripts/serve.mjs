// `npm start` serves the playground: www/ at /, the built package pkg/ at /pkg/, on 127.0.0.1.
// PORT (default 8080; 0 for any free port) picks the port; the server stops with Ctrl-C. The page is
// cross-origin isolated (COOP/COEP), so that it can compare decoding from a SharedArrayBuffer.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT || 8080);
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json' };

/** Maps a URL path to a file under www/ or pkg/, refusing anything outside them. */
function resolve(pathname) {
  const [base, rest] = pathname.startsWith('/pkg/') ? ['pkg', pathname.slice(5)] : ['www', pathname.slice(1) || 'index.html'];
  const dir = join(root, base);
  const file = normalize(join(dir, decodeURIComponent(rest)));
  return file.startsWith(dir + sep) ? file : null;
}

const server = createServer(async (req, res) => {
  const file = resolve(new URL(req.url, 'http://localhost').pathname);
  try {
    if (file === null) throw new Error('outside');
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': types[extname(file)] || 'application/octet-stream',
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found\n');
  }
});
server.on('error', (e) => {
  console.error(`serve: cannot listen on 127.0.0.1:${port}: ${e.message} (set PORT to use another port)`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => console.log(`playground: http://127.0.0.1:${server.address().port}/`));
