// The web-platform-tests worker of `npm run wpt -- --env workerd` (scripts/wpt.mjs). Its fetch
// handler puts the package's default import (the `workerd` condition) over workerd's own classes
// with the polyfill's install({ force: true }), then runs one test file of the WPT `encoding/`
// tests as its `.any.js` wrapper runs it: resources/testharness.js, the `META: script=` includes
// and the test file evaluated as classic scripts (workerd's UnsafeEval binding, as the Node
// environment uses vm.runInThisContext; the package itself compiles nothing from strings), and
// answers with the harness's results as JSON. The test file comes in the `WPT` binding:
// { url, testharness: { path, source }, scripts: [{ path, source } | { path, missing }],
//   resources: { "/path": text } } (what the test may fetch from its own origin).

import * as api from 'text-encoding-wasm';
import * as polyfill from 'text-encoding-wasm/polyfill';

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];

/** Puts the package's classes over workerd's; returns whether they are now the globals (failures go to `errors`). */
function installPackage(errors) {
  try {
    polyfill.install({ force: true });
    const installed = NAMES.filter((n) => typeof api[n] === 'function').every((n) => globalThis[n] === api[n]);
    if (!installed) errors.push('the package classes are not the globals after installing');
    return installed;
  } catch (e) {
    errors.push(`installing the package failed: ${e && e.stack ? e.stack : e}`);
    return false;
  }
}

/**
 * What the `.any.js` wrapper of a worker gives a test: `GLOBAL`, `location` (the test page's
 * URL), same-origin fetches answered from `resources` (idlharness's /interfaces/*.idl), and an
 * `eval` (idlharness makes its objects from strings, which workerd refuses) that evaluates
 * through `unsafeEval`, as the scripts themselves are.
 */
function prepareGlobal(config, unsafeEval) {
  globalThis.GLOBAL = { isWindow: () => false, isWorker: () => true, isShadowRealm: () => false };
  globalThis.eval = (source) => (typeof source === 'string' ? unsafeEval.eval(source) : source);
  if (typeof globalThis.location === 'undefined') {
    Object.defineProperty(globalThis, 'location', { value: new URL(config.url), writable: true, configurable: true });
  }
  const hostFetch = globalThis.fetch;
  const origin = new URL(config.url).origin;
  globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, config.url);
    if (url.origin !== origin) return hostFetch(input, init);
    const text = config.resources[decodeURIComponent(url.pathname)];
    return text === undefined ? new Response('not found', { status: 404, statusText: 'Not Found' }) : new Response(text);
  };
  // Unhandled rejections are reported by the harness, not fatal (as in a browser).
  globalThis.addEventListener('unhandledrejection', (e) => e.preventDefault());
}

/** Runs the test file of `config`; resolves to { installed, tests, harness, loadErrors } (scripts/wpt.mjs's result). */
async function runTestFile(config, unsafeEval) {
  const loadErrors = [];
  const installed = installPackage(loadErrors);
  prepareGlobal(config, unsafeEval);
  try {
    unsafeEval.eval(config.testharness.source, config.testharness.path);
  } catch (e) {
    return { installed, tests: [], harness: { status: 1, message: `testharness.js failed: ${e}` }, loadErrors };
  }
  const finished = new Promise((resolve) => {
    globalThis.add_completion_callback((tests, status) => {
      resolve({
        installed,
        tests: tests.map((t) => ({ name: t.name, status: t.status, message: t.message })),
        harness: { status: status.status, message: status.message },
        loadErrors,
      });
    });
  });
  globalThis.setup({ explicit_done: true });
  if (installed) {
    for (const script of config.scripts) {
      if (script.missing) {
        loadErrors.push(`missing include ${script.path}`);
        continue;
      }
      try {
        unsafeEval.eval(script.source, script.path);
      } catch (e) {
        loadErrors.push(`${script.path}: ${e && e.name ? `${e.name}: ${e.message}` : e}`);
      }
    }
  }
  globalThis.done();
  // workerd's global is a ServiceWorkerGlobalScope, so testharness.js waits for the event that
  // tells a service worker its scripts have run.
  globalThis.dispatchEvent(new Event('install'));
  return finished;
}

export default {
  fetch: async (request, env) => Response.json(await runTestFile(env.WPT, env.UNSAFE_EVAL)),
};
