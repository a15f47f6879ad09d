// Edge route: the portable suite (copied into ../../../portable/ by the runner) through the
// package's default entries, imported by name as an app imports them; answers with the suite's
// summary and its `@@portable-result` line.

import * as api from 'text-encoding-wasm';
import * as detect from 'text-encoding-wasm/detect';
import * as legacy from 'text-encoding-wasm/legacy';
import * as standard from 'text-encoding-wasm/standard';
import { formatSummary, resultLine, runSuite } from '../../../portable/suite.mjs';

export const runtime = 'edge';
export const dynamic = 'force-dynamic';

/** What a user first does: decode Shift_JIS, encode UTF-8 (scripts/lib/portable.mjs's SMOKE). */
function smoke() {
  try {
    const sjis = new api.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0, 0x41, 0x89, 0xce, 0x90, 0xaf));
    return `${sjis}|${Array.from(new api.TextEncoder().encode('\u706b\u661f \u{1F600}')).join(',')}`;
  } catch (error) {
    return String(error);
  }
}

export async function GET() {
  const summary = await runSuite({
    api,
    legacy,
    standard,
    detect,
    loadPolyfill: () => import('text-encoding-wasm/polyfill'),
    expectSharedArrayBuffer: false,
  });
  return new Response(`${formatSummary('next edge route', summary)}\n${resultLine(summary, { smoke: smoke() })}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
