// A tiny app importing the package by its bare name, as an application would. Each bundler in
// scripts/test-bundlers.mjs builds it (production mode) and headless Chromium opens the result;
// the page reports what it decoded in the DOM and in `window.__bundleResult`.
import { TextDecoder, TextEncoder } from 'text-encoding-wasm';
import { faults, install } from 'text-encoding-wasm/polyfill';
import { createDetector, detect } from 'text-encoding-wasm/detect';
// A Shift_JIS exporter's imports: the legacy encoders over lite, and the Japanese add-on, imported
// for its effect alone (the bundler must keep it: the package's sideEffects list names it).
import { encode } from 'text-encoding-wasm/lite/legacy';
import 'text-encoding-wasm/japanese';

const result = {};
try {
  // "日本語" in Shift_JIS, then in UTF-8 (with a BOM, which is stripped).
  result.shiftJis = new TextDecoder('shift_jis').decode(new Uint8Array([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]));
  result.utf8 = new TextDecoder().decode(new Uint8Array([0xef, 0xbb, 0xbf, 0xe6, 0x97, 0xa5, 0xe6, 0x9c, 0xac, 0xe8, 0xaa, 0x9e, 0x21]));
  result.encoded = Array.from(new TextEncoder().encode('\u00e9\u{1F600}'));
  result.tag = Object.prototype.toString.call(new TextDecoder());
  // The subpath export resolves; importing it replaced the browser's TextDecoder exactly when the
  // probes found a fault (Chromium has some: see js/polyfill/host-check.js), with our class, the one imported here.
  result.polyfillInstall = typeof install;
  result.globalIsOursExactlyWhenFaulty = (globalThis.TextDecoder === TextDecoder) === (faults.TextDecoder !== null);
  // The detector's entry (its own wasm): a result of its shape, the same streamed as whole.
  const sample = new Uint8Array([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x95, 0xb6, 0x8e, 0x9a]);
  const whole = detect(sample, { tld: 'jp' });
  const detector = createDetector({ tld: 'jp' });
  for (const b of sample) detector.feed(new Uint8Array([b]));
  const streamed = detector.guess();
  detector.free();
  result.detect = `${Object.keys(whole).join()}|${JSON.stringify(streamed) === JSON.stringify(whole)}`;
  result.liteShiftJis = Array.from(encode('日本語', 'shift_jis'));
} catch (error) {
  result.error = String(error && error.stack ? error.stack : error);
}
document.getElementById('result').textContent = JSON.stringify(result);
window.__bundleResult = result;
