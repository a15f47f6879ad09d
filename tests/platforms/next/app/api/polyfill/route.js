// Edge route: `text-encoding-wasm/polyfill` imported for its effect, then the global classes
// used as a page's code would; answers with what the import installed (and why), the globals'
// attributes before and after, which globals are the package's classes, and what the globals
// give, for the runner to compare with the standard's results.

import { attributes, before } from './globals-before.js'; // first: the globals before the polyfill runs
import { faults, installed } from 'text-encoding-wasm/polyfill';
import * as classes from 'text-encoding-wasm';
import { attempt, decodedByteByByte } from '../../../lib/attempts.js';

export const runtime = 'edge';
export const dynamic = 'force-dynamic';

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
    stream: await attempt(() => decodedByteByByte(new globalThis.TextDecoderStream('gbk'), [0x80, 0xc4, 0xe3, 0xba])),
  });
}
