// Middleware (Next.js runs middleware.js on its edge runtime) using the package by name: the
// `edge-light` condition resolves the entries to its edge/ folder, whose wasm modules are imported
// as `?module`. Answers /mw with what a first user does: decode Shift_JIS and GBK, encode UTF-8
// and Shift_JIS, detect an encoding, decode through a TextDecoderStream; the runner
// (scripts/platforms/next.mjs) compares each with the standard's result.

import { NextResponse } from 'next/server';
import { TextDecoder, TextDecoderStream, TextEncoder } from 'text-encoding-wasm';
import { detect } from 'text-encoding-wasm/detect';
import { encode } from 'text-encoding-wasm/legacy';
import { attempt, decodedByteByByte } from './lib/attempts.js';

export const config = { matcher: '/mw' };

export async function middleware() {
  const japanese = encode('\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3067\u3059\u3002\u6587\u5b57\u30b3\u30fc\u30c9\u3092\u5224\u5b9a\u3057\u307e\u3059\u3002', 'shift_jis');
  return NextResponse.json({
    shiftJis: await attempt(() => new TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0, 0x41, 0x89, 0xce, 0x90, 0xaf))),
    gbk: await attempt(() => new TextDecoder('gbk').decode(Uint8Array.of(0x80))),
    utf8: await attempt(() => Array.from(new TextEncoder().encode('\u706b\u661f \u{1F600}'))),
    legacy: await attempt(() => Array.from(encode('\u3042\u20ac', 'shift_jis', { mode: 'html' }))),
    detect: await attempt(() => detect(japanese).encoding),
    stream: await attempt(() => decodedByteByByte(new TextDecoderStream('shift_jis'), [0x82, 0xa0, 0x41, 0x89, 0xce, 0x90, 0xaf])),
  });
}
