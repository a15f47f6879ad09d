// `npm start` serves the workbench: www/ at /, the built package pkg/ at /pkg/, on 127.0.0.1, with
// the project's one server (scripts/lib/server.mjs: cross-origin isolated, so that the page can
// compare decoding from a SharedArrayBuffer; a bad request gets a 4xx and the server keeps
// serving). PORT (default 8080; 0 for any free port) picks the port; Ctrl-C stops it.
import { join } from 'node:path';
import { packageDir, root } from './lib/package.mjs';
import { mounts, startServer } from './lib/server.mjs';

const port = Number(process.env.PORT || 8080);
try {
  const server = await startServer(mounts({ '/pkg/': packageDir(), '/': join(root, 'www') }), { port });
  console.log(`playground: ${server.origin}/`);
} catch (error) {
  console.error(`serve: cannot listen on 127.0.0.1:${port}: ${error.message} (set PORT to use another port)`);
  process.exit(1);
}
