// A tiny test harness that runs anywhere ECMAScript modules run (Node, Deno, browsers, a bare
// realm): test(name, fn) registration, assertion helpers, and a sequential async runner. No host
// APIs beyond the language itself.

/** The error our assertions throw. */
export class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AssertionError';
  }
}

/** A short, stable description of a value for failure messages. */
export function show(value) {
  if (typeof value === 'string') {
    let out = '"';
    for (const ch of value) {
      const cp = ch.codePointAt(0);
      out += cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfeff || cp === 0xfffd
        ? `\\u{${cp.toString(16).toUpperCase()}}`
        : ch;
    }
    return out + '"';
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`;
  if (value === null || typeof value !== 'object') return String(value);
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const tag = Object.prototype.toString.call(value).slice(8, -1);
    return `${tag}[${Array.prototype.join.call(value, ', ')}]`;
  }
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function fail(message, note) {
  throw new AssertionError(note ? `${message} (${note})` : message);
}

/** Assertion helpers. Every one throws an AssertionError describing the mismatch. */
export const assert = {
  ok(value, note) {
    if (!value) fail(`expected a truthy value, got ${show(value)}`, note);
  },
  equal(actual, expected, note) {
    if (!Object.is(actual, expected)) fail(`expected ${show(expected)}, got ${show(actual)}`, note);
  },
  notEqual(actual, unexpected, note) {
    if (Object.is(actual, unexpected)) fail(`expected anything but ${show(unexpected)}`, note);
  },
  /** Element-wise equality of two array-likes (arrays, typed arrays). */
  arrayEqual(actual, expected, note) {
    if (actual === null || typeof actual !== 'object' || typeof actual.length !== 'number') {
      fail(`expected an array-like ${show(expected)}, got ${show(actual)}`, note);
    }
    let same = actual.length === expected.length;
    for (let i = 0; same && i < expected.length; i++) same = Object.is(actual[i], expected[i]);
    if (!same) fail(`expected ${show(Array.from(expected))}, got ${show(Array.from(actual))}`, note);
  },
  /** `fn()` throws an instance of `ErrorClass` (by name, so errors from another realm count). */
  throws(ErrorClass, fn, note) {
    let threw = false;
    let error;
    try {
      fn();
    } catch (e) {
      threw = true;
      error = e;
    }
    if (!threw) fail(`expected ${ErrorClass.name} to be thrown, nothing was`, note);
    checkError(ErrorClass, error, note);
    return error;
  },
  /** `promise` rejects with an instance of `ErrorClass`. */
  async rejects(ErrorClass, promise, note) {
    let rejected = false;
    let error;
    try {
      await promise;
    } catch (e) {
      rejected = true;
      error = e;
    }
    if (!rejected) fail(`expected a rejection with ${ErrorClass.name}, the promise fulfilled`, note);
    checkError(ErrorClass, error, note);
    return error;
  },
};

function checkError(ErrorClass, error, note) {
  if (ErrorClass === undefined) return;
  const isInstance = error instanceof ErrorClass;
  const sameName =
    error !== null && typeof error === 'object' && error.constructor && error.constructor.name === ErrorClass.name;
  if (!isInstance && !sameName) {
    fail(`expected ${ErrorClass.name}, got ${error && error.name ? `${error.name}: ${error.message}` : show(error)}`, note);
  }
}

/** A skip request: `throw skip('why')` inside a test marks it skipped (not passed, not failed). */
export class Skip {
  constructor(reason) {
    this.reason = reason;
  }
}
export const skip = (reason) => new Skip(reason);

/** A registry of tests, run in registration order. */
export function createHarness() {
  const tests = [];
  /** Registers a test; `fn` may be async. */
  function test(name, fn) {
    tests.push({ name, fn });
  }
  /**
   * Runs every test (each bounded by `timeoutMs`); `onResult` sees each result as it completes.
   * Resolves to { passed, failed, skipped, results }.
   */
  async function run({ onResult = () => {}, timeoutMs = 10000, filter } = {}) {
    const results = [];
    for (const { name, fn } of tests) {
      if (filter && !filter(name)) continue;
      let result;
      let timer;
      try {
        await Promise.race([
          Promise.resolve().then(fn),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new AssertionError(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        result = { name, status: 'pass' };
      } catch (error) {
        if (error instanceof Skip) {
          result = { name, status: 'skip', message: error.reason };
        } else {
          const message = error && typeof error === 'object' ? `${error.name}: ${error.message}` : String(error);
          result = { name, status: 'fail', message };
        }
      } finally {
        clearTimeout(timer);
      }
      results.push(result);
      onResult(result);
    }
    const count = (status) => results.filter((r) => r.status === status).length;
    return { passed: count('pass'), failed: count('fail'), skipped: count('skip'), results };
  }
  return { test, run };
}

/** A way to detach an ArrayBuffer here (`transfer`, or structuredClone with a transfer), or null. */
export function detacher() {
  if (typeof ArrayBuffer.prototype.transfer === 'function') return (b) => b.transfer();
  if (typeof structuredClone === 'function') return (b) => structuredClone(b, { transfer: [b] });
  return null;
}

/** Every chunk `readable` gives, in order, once it closes. */
export async function readAll(readable) {
  const reader = readable.getReader();
  const chunks = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}
