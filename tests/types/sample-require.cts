// The `require` condition's declarations (types/*.d.cts): a CommonJS consumer gets CommonJS types,
// not ES module types it could not require.
import pkg = require('text-encoding-wasm');
import lite = require('text-encoding-wasm/lite');
import polyfill = require('text-encoding-wasm/polyfill');
import legacy = require('text-encoding-wasm/legacy');
import standard = require('text-encoding-wasm/standard');
import liteStandard = require('text-encoding-wasm/lite/standard');
import detector = require('text-encoding-wasm/detect');
import jsDetector = require('text-encoding-wasm/js/detect');
import provide = require('text-encoding-wasm/provide');
import check = require('text-encoding-wasm/polyfill/check');
import traditionalChineseDecode = require('text-encoding-wasm/traditional-chinese/decode');
void traditionalChineseDecode;

const text: string = new pkg.TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(1), { stream: true });
const bytes: Uint8Array<ArrayBuffer> = new pkg.TextEncoder().encode('x');
const stream: ReadableStream<string> = new lite.TextDecoderStream('latin1').readable;
const installed: string[] = polyfill.install({ force: false });
const encoded: Uint8Array<ArrayBuffer> = legacy.encode('€', 'windows-1252', { mode: 'html' });
// @ts-expect-error: the mode is "fatal", "html" or "replace"
legacy.createEncoder('sjis', { mode: 'nope' });
const decoded: standard.DecodeResult = standard.decode(new Uint8Array(1), 'latin1');
const query: string = liteStandard.percentEncodeAfterEncoding('windows-1252', 'é', liteStandard.FORM_URLENCODED_PERCENT_ENCODE_SET);
// @ts-expect-error: getEncoding takes a label string
standard.getEncoding(1252);

const detected: detector.DetectResult = detector.detect(new Uint8Array(1), { tld: 'jp' });
const guessed: string | null = jsDetector.createDetector({ allowUTF8: false }).guess().encoding;
// @ts-expect-error: allowUTF8 is a boolean
detector.createDetector({ allowUTF8: 'no' });

const names: readonly provide.WasmName[] = provide.WASM_NAMES;
const needed: boolean = check.needsImplementation(check.hostFaults());

export = { text, bytes, stream, installed, encoded, decoded, query, detected, guessed, names, needed };
