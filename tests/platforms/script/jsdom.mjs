// A page of scripts/platforms/script.mjs in a jsdom window, as a test DOM loads a site:
//   node tests/platforms/script/jsdom.mjs URL
// fetches the page and its <script src> files from the runner's server (runScripts
// 'dangerously', resources 'usable'), waits for the driver's globalThis.__portableResult, and
// prints it as one `@@portable-result {json}` line. The window's errors go to stderr.

import { JSDOM, VirtualConsole } from 'jsdom';

const TIMEOUT_MS = 60000;

/** Resolves to the window's `__portableResult` once it is set; rejects after TIMEOUT_MS. */
function resultOf(window) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (window.__portableResult !== undefined) resolve(window.__portableResult);
      else if (Date.now() - started > TIMEOUT_MS) reject(new Error(`no result after ${TIMEOUT_MS} ms`));
      else setTimeout(poll, 50);
    };
    poll();
  });
}

const virtualConsole = new VirtualConsole();
virtualConsole.forwardTo(console, { jsdomErrors: 'none' });
virtualConsole.on('jsdomError', (error) => process.stderr.write(`jsdom: ${error.stack || error.message}\n`));
const dom = await JSDOM.fromURL(process.argv[2], { runScripts: 'dangerously', resources: 'usable', virtualConsole });
try {
  const result = await resultOf(dom.window);
  // The window's objects are of its own realm: the line is written from a copy.
  console.log(`@@portable-result ${JSON.stringify(JSON.parse(dom.window.JSON.stringify(result)))}`);
} finally {
  dom.window.close();
}
