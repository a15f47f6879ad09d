// Edge route: `text-encoding-wasm/polyfill` imported for its effect, then the global classes
// used as a page's code would; answers with what the import installed (and why), the globals'
// attributes before and after, which globals are the package's classes, and what the globals
// give, for the runner to compare with the standard's results.

import { attributes, before } from './globals-before.js'; // first: the globals before the polyfill runs
import { faults, installed } from 'text-encoding-wasm/polyfill';
import * as classes from 'text-encoding-wasm';

export const runtime = 'edge';
export const dynamic = 'force-dynamic';

/** Runs `f`; its result, or the error it threw as a string. */
async function attempt(f) {
  try {
    return await f();
  } catch (error) {
    return `threw ${error && error.name}: ${error && error.message}`;
  }
}

/** GBK bytes one per chunk through the global TextDecoderStream; the text it gives. */
async function pipeGbk() {
  const input = new ReadableStream({
    start(controller) {
      for (const b of [0x80, 0xc4, 0xe3, 0xba]) controller.enqueue(Uint8Array.of(b));
      controller.close();
    },
  });
  const reader = input.pipeThrough(new globalThis.TextDecoderStream('gbk')).getReader();
  let text = '';
  for (let r = await reader.read(); !r.done; r = await reader.read()) text += r.value;
  return text;
}

export async function GET() {
  return Response.json({
    installed: [...installed],
    details: installed.details,
    core: faults.core,
    before,
    after: attributes(),
    ours: Object.fromEntries(Object.keys(before).map((name) => [name, globalThis[name] === classes[name]])),
    latin10: await attempt(() => new globalThis.TextDecoder('iso-8859-16').decode(Uint8Array.of(0xa4, 0xaa, 0x41))),
    windows1252: await attempt(() => new globalThis.TextDecoder('windows-1252').decode(Uint8Array.of(0x80, 0x9f))),
    shiftJis: await attempt(() => new globalThis.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0, 0x89, 0xce))),
    utf8: await attempt(() => Array.from(new globalThis.TextEncoder().encode('\u20ac'))),
    stream: await attempt(pipeGbk),
  });
}
