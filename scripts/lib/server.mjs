// The one static file server of the project (the workbench of `npm start`, the portable suite and
// the WPT pages in the browsers, the bench page): node:http on 127.0.0.1, every response
// cross-origin isolated (COOP/COEP/CORP, so SharedArrayBuffer exists and timers are fine-grained)
// and never cached. A bad request gets a 4xx answer and the server keeps serving: a malformed
// percent-escape is 400, a method other than GET or HEAD 405, a path outside the served folders
// or a missing file 404; nothing a client sends can stop it.

import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.idl': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/** `path` (a URL path, already decoded) inside the folder `base`, or null if it would leave it. */
export function inside(base, path) {
  if (path.includes('\0')) return null;
  const full = resolve(base, `.${sep}${path}`);
  return full === base || full.startsWith(base + sep) ? full : null;
}

/**
 * A request resolver over `table`, a map from URL path prefixes (ending in "/") to folders, the
 * longest prefix first: '/pkg/' → pkg/, '/' → www/. A path that names a folder serves its
 * index.html.
 */
export function mounts(table) {
  const prefixes = Object.keys(table).sort((a, b) => b.length - a.length);
  return (pathname) => {
    const prefix = prefixes.find((p) => pathname.startsWith(p));
    if (prefix === undefined) return null;
    const file = inside(table[prefix], pathname.slice(prefix.length));
    if (file === null) return null;
    try {
      return statSync(file).isDirectory() ? join(file, 'index.html') : file;
    } catch {
      return null;
    }
  };
}

function answer(res, status, text, headers = {}) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...ISOLATION, ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}

/**
 * Serves on `host`:`port` (127.0.0.1, and an ephemeral port by default). `resolveRequest(pathname,
 * url)` gets the decoded path and returns a file path, an object { body, type, headers? }, or
 * null (404). Resolves to { origin, port, close() } once listening; rejects if it cannot listen.
 */
export function startServer(resolveRequest, { port = 0, host = '127.0.0.1' } = {}) {
  const server = createServer((req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        answer(res, 405, 'method not allowed', { Allow: 'GET, HEAD' });
        return;
      }
      let url;
      let pathname;
      try {
        url = new URL(req.url, 'http://127.0.0.1');
        pathname = decodeURIComponent(url.pathname);
      } catch {
        answer(res, 400, 'bad request: the path is not a valid URL path (a malformed percent-escape?)');
        return;
      }
      if (pathname === '/favicon.ico') {
        res.writeHead(204, ISOLATION);
        res.end();
        return;
      }
      const found = resolveRequest(pathname, url);
      if (typeof found === 'string') {
        let size;
        try {
          const stat = statSync(found);
          size = stat.isFile() ? stat.size : -1;
        } catch {
          size = -1;
        }
        if (size < 0) {
          answer(res, 404, 'not found');
          return;
        }
        res.writeHead(200, { ...ISOLATION, 'Content-Type': TYPES[extname(found)] || 'application/octet-stream', 'Content-Length': size });
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        const stream = createReadStream(found);
        stream.on('error', () => res.destroy());
        stream.pipe(res);
        return;
      }
      if (found !== null && typeof found === 'object') {
        res.writeHead(200, { ...ISOLATION, ...found.headers, 'Content-Type': found.type || 'text/html; charset=utf-8' });
        res.end(req.method === 'HEAD' ? undefined : found.body);
        return;
      }
      answer(res, 404, 'not found');
    } catch (error) {
      answer(res, 500, `server error: ${error && error.message ? error.message : error}`);
    }
  });
  // A client that sends garbage (not HTTP) gets a 400 from Node and the connection is closed.
  server.on('clientError', (error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolvePromise({
        origin: `http://${host}:${actual}`,
        port: actual,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
