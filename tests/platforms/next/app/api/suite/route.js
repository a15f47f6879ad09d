// Edge route: the portable suite (copied into ../../../portable/ by the runner) through the
// package's default entries, imported by name as an app imports them; answers with the suite's
// summary and its `@@portable-result` line.

import * as api from 'text-encoding-wasm';
import * as detect from 'text-encoding-wasm/detect';
import * as legacy from 'text-encoding-wasm/legacy';
import * as standard from 'text-encoding-wasm/standard';
import { firstUse, formatSummary, resultLine, runSuite } from '../../../portable/suite.mjs';

export const runtime = 'edge';
export const dynamic = 'force-dynamic';

export async function GET() {
  const summary = await runSuite({
    api,
    legacy,
    standard,
    detect,
    loadPolyfill: () => import('text-encoding-wasm/polyfill'),
    expectSharedArrayBuffer: false,
  });
  return new Response(`${formatSummary('next edge route', summary)}\n${resultLine(summary, { smoke: firstUse(api) })}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
