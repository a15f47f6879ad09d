// Type-checks the package's declarations (run by scripts/check-types.mjs, which links the built
// package as node_modules/text-encoding-wasm): every entry imported by name through the exports
// map, the API used with its correct types, compatibility with the DOM lib's classes, and wrong
// usage rejected (each @ts-expect-error must find an error, or tsc fails).
import {
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
  TextEncoderStream,
  type AllowSharedBufferSource,
  type TextDecodeOptions,
  type TextDecoderOptions,
  type TextEncoderEncodeIntoResult,
} from 'text-encoding-wasm';
import * as lite from 'text-encoding-wasm/lite';
import { faults, install, installed as installedAtImport, ready, type InstallDetail, type InstallOptions } from 'text-encoding-wasm/polyfill';
import { hostFaults, needsImplementation, streamFaults, type ProbedFaults } from 'text-encoding-wasm/polyfill/check';
import { provideWasm, WASM_NAMES, type WasmName } from 'text-encoding-wasm/provide';
import { createEncoder, encode, LegacyEncoder, type LegacyEncodeMode, type LegacyEncoderOptions } from 'text-encoding-wasm/legacy';
import * as standard from 'text-encoding-wasm/standard';
import * as liteStandard from 'text-encoding-wasm/lite/standard';
import { createDetector, detect, type DetectCandidate, type DetectOptions, type DetectResult, type EncodingDetector } from 'text-encoding-wasm/detect';
import * as jsDetect from 'text-encoding-wasm/js/detect';
import 'text-encoding-wasm/japanese/encode';
import 'text-encoding-wasm/korean/decode';

// TextDecoder
const options: TextDecoderOptions = { fatal: true, ignoreBOM: false };
const decodeOptions: TextDecodeOptions = { stream: true };
const decoder = new TextDecoder('shift_jis', options);
const sources: AllowSharedBufferSource[] = [new Uint8Array(2), new ArrayBuffer(2), new DataView(new ArrayBuffer(1)), new SharedArrayBuffer(1), new Int32Array(1)];
const decoded: string[] = sources.map((s) => decoder.decode(s, decodeOptions));
decoded.push(decoder.decode(), new TextDecoder().decode(undefined, {}), new TextDecoder(undefined, { fatal: true }).decode(new Uint8Array(0)));
const encodingName: string = decoder.encoding;
const flags: boolean[] = [decoder.fatal, decoder.ignoreBOM];

// TextEncoder
const encoder = new TextEncoder();
const encoded: Uint8Array<ArrayBuffer> = encoder.encode('x');
const encodedEmpty: Uint8Array = encoder.encode();
const result: TextEncoderEncodeIntoResult = encoder.encodeInto('x', new Uint8Array(4));
const counts: number = result.read + result.written;
const utf8: string = encoder.encoding;

// The streams, with the DOM's stream types.
async function pipe(response: Response): Promise<Uint8Array<ArrayBuffer>[]> {
  const text: ReadableStream<string> = response.body!.pipeThrough(new TextDecoderStream('gbk', { fatal: true }));
  const bytes: ReadableStream<Uint8Array<ArrayBuffer>> = text.pipeThrough(new TextEncoderStream());
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  await bytes.pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
  const writer: WritableStreamDefaultWriter<AllowSharedBufferSource> = new TextDecoderStream().writable.getWriter();
  await writer.write(new SharedArrayBuffer(1));
  const stringWriter: WritableStreamDefaultWriter<string> = new TextEncoderStream().writable.getWriter();
  await stringWriter.write('x');
  return chunks;
}
const decoderStream = new TextDecoderStream();
const streamInfo: [string, boolean, boolean, string] = [decoderStream.encoding, decoderStream.fatal, decoderStream.ignoreBOM, new TextEncoderStream().encoding];

// DOM compatibility, both ways: ours where the DOM's are expected, and the host's in our types.
const domDecoder: globalThis.TextDecoder = decoder;
const domEncoder: globalThis.TextEncoder = encoder;
const domDecoderStream: globalThis.TextDecoderStream = decoderStream;
const domEncoderStream: globalThis.TextEncoderStream = new TextEncoderStream();
const fromHost: TextDecoder = new globalThis.TextDecoder();
const fromHostEncoder: TextEncoder = new globalThis.TextEncoder();
const fromHostStream: TextDecoderStream = new globalThis.TextDecoderStream();
const ctor: typeof globalThis.TextDecoder = TextDecoder;
const blob = new Blob([encoder.encode('blob parts need ArrayBuffer-backed views')]);

// lite: the same classes.
const liteDecoder: lite.TextDecoder = new lite.TextDecoder('latin1');
const liteText: string = liteDecoder.decode(new Uint8Array(1));
const liteStream: ReadableStream<string> = new lite.TextDecoderStream().readable;
const liteBytes: Uint8Array<ArrayBuffer> = new lite.TextEncoder().encode('x');

// polyfill
const installOptions: InstallOptions = { force: true };
const installed: string[] = install(installOptions);
install();
const coreFault: string | null = faults.core;
const actions: InstallDetail['action'][] = installedAtImport.details.map((d) => d.action);
const settled: Promise<string[]> = ready;
// polyfill/check: the polyfill only where the host needs it
const probed: ProbedFaults = hostFaults();
const needed: Promise<boolean> = streamFaults(probed).then(needsImplementation);
// provide: compiled modules by name
const moduleNames: readonly WasmName[] = WASM_NAMES;
provideWasm({ core: new WebAssembly.Module(new Uint8Array(8)), japanese: undefined, 'japanese-encode': undefined });

// legacy
const mode: LegacyEncodeMode = 'html';
const legacyOptions: LegacyEncoderOptions = { mode };
const legacyBytes: Uint8Array<ArrayBuffer> = encode('€', 'windows-1252', legacyOptions);
encode('€', 'windows-1252');
const legacyEncoder: LegacyEncoder = createEncoder('iso-2022-jp', { mode: 'fatal' });
const chunk: Uint8Array<ArrayBuffer> = legacyEncoder.encode('あ', { stream: true });
legacyEncoder.encode();
legacyEncoder.close();
const legacyInfo: [string, LegacyEncodeMode] = [legacyEncoder.encoding, legacyEncoder.mode];
new LegacyEncoder('sjis');

// legacy: "replace" mode
const replaced: Uint8Array<ArrayBuffer> = encode('😀', 'latin1', { mode: 'replace', replacement: '*' });
const legacyReplacement: string = createEncoder('latin1', { mode: 'replace' }).replacement;

// standard
const names: (string | null)[] = [standard.getEncoding('latin1'), standard.getOutputEncoding('utf-16le'), liteStandard.getEncoding('sjis')];
const sniffed: standard.BOMEncoding | null = standard.bomSniff(new Uint8Array(3));
const sniffedBuffer: 'utf-8' | 'utf-16be' | 'utf-16le' | null = standard.bomSniff(new ArrayBuffer(2));
const decodedResult: standard.DecodeResult = standard.decode(new Uint8Array(2), 'shift_jis');
const decodedText: string = decodedResult.text + decodedResult.encoding;
async function streamed(response: Response): Promise<string> {
  const result: standard.DecodeStreamResult = standard.decode(response.body!, 'windows-1252');
  const encodingUsed: string = await result.encoding;
  const text: ReadableStream<string> = result.text;
  const utf8: ReadableStream<string> = standard.utf8DecodeWithoutBOMOrFail(response.body!);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield new Uint8Array(1);
  }
  const fromIterable: ReadableStream<string> = standard.utf8Decode(chunks());
  return encodingUsed + String(text) + String(utf8) + String(fromIterable);
}
const utf8Texts: string[] = [standard.utf8Decode(new Uint8Array(1)), standard.utf8DecodeWithoutBOM(new DataView(new ArrayBuffer(1))), standard.utf8DecodeWithoutBOMOrFail(new ArrayBuffer(1))];
const standardMode: standard.EncodeMode = 'replace';
const encodedStandard: Uint8Array<ArrayBuffer>[] = [
  standard.encode('x', 'shift_jis'),
  standard.encode('x', 'gbk', { mode: standardMode, replacement: '?' }),
  standard.utf8Encode('x'),
  standard.isomorphicEncode('x'),
];
const runs: standard.EncodeOrFailRun[] = standard.encodeOrFail('x', 'iso-2022-jp');
const firstError: number | null = runs[0].error;
const set: standard.PercentEncodeSet = standard.SPECIAL_QUERY_PERCENT_ENCODE_SET;
const query: string = standard.percentEncodeAfterEncoding('shift_jis', 'あ', set) + standard.percentEncodeAfterEncoding('utf-8', 'a b', 'application/x-www-form-urlencoded', false);
const sets: readonly standard.PercentEncodeSet[] = standard.PERCENT_ENCODE_SETS;
const iso: string = standard.isomorphicDecode(new Uint8Array(1));

// detect
const detectOptions: DetectOptions = { tld: 'jp', allowUTF8: false };
const detected: DetectResult = detect(new Uint8Array(4), detectOptions);
const detectedName: string | null = detected.encoding;
const best: DetectCandidate | undefined = detected.candidates[0];
const detectScores: number[] = [detected.confidence, ...detected.candidates.map((c) => c.confidence)];
const detectInputs: DetectResult[] = [detect(new ArrayBuffer(2)), detect(new SharedArrayBuffer(2), null), detect(new DataView(new ArrayBuffer(1)), {}), jsDetect.detect(new Int16Array(1))];
const detector: EncodingDetector = createDetector({ tld: '.jp' });
detector.feed(new Uint8Array(1));
detector.feed(new ArrayBuffer(1));
const streamedGuess: DetectResult = detector.guess();
detector.free();
const jsDetector: jsDetect.EncodingDetector = jsDetect.createDetector();
// @ts-expect-error: a string is not bytes
detect('text');
// @ts-expect-error: tld is a string
detect(new Uint8Array(1), { tld: 81 });
// @ts-expect-error: feed needs a chunk
detector.feed();
// @ts-expect-error: the options go to createDetector, not guess
detector.guess({ tld: 'jp' });

// Wrong usage.
// @ts-expect-error: the mode is "fatal", "html" or "replace"
standard.encode('x', 'latin1', { mode: 'ignore' });
// @ts-expect-error: not a percent-encode set
standard.percentEncodeAfterEncoding('utf-8', 'x', 'everything');
// @ts-expect-error: decode needs the fallback encoding
standard.decode(new Uint8Array(1));
// @ts-expect-error: bytes, not a string
standard.utf8Decode('abc');
// @ts-expect-error: bomSniff returns one of three names or null
const notAName: 'utf-32le' | null = standard.bomSniff(new Uint8Array(1));
// @ts-expect-error: a string is not a buffer source
decoder.decode('abc');
// @ts-expect-error: null is not a buffer source (the IDL argument is optional, not nullable)
decoder.decode(null);
// @ts-expect-error: fatal is a boolean
new TextDecoder('utf-8', { fatal: 'yes' });
// @ts-expect-error: the label is a string
new TextDecoder(1252);
// @ts-expect-error: encoding is read-only
decoder.encoding = 'utf-8';
// @ts-expect-error: encodeInto writes into a Uint8Array
encoder.encodeInto('x', new Uint16Array(2));
// @ts-expect-error: encodeInto needs a destination
encoder.encodeInto('x');
// @ts-expect-error: TextEncoder takes no label
new TextEncoder('utf-16');
// @ts-expect-error: TextEncoderStream takes no label
new TextEncoderStream('utf-16');
// @ts-expect-error: the decoder's readable side yields strings
const wrongReadable: ReadableStream<Uint8Array> = decoderStream.readable;
// @ts-expect-error: the mode is "fatal", "html" or "replace"
encode('x', 'latin1', { mode: 'replacement' });
// @ts-expect-error: the label is required
encode('x');
// @ts-expect-error: createEncoder needs a label
createEncoder();
// @ts-expect-error: force is a boolean
install({ force: 1 });
// @ts-expect-error: provideWasm takes the package's module names only
provideWasm({ nope: new WebAssembly.Module(new Uint8Array(8)) });
// @ts-expect-error: LegacyEncoder#encode's options are { stream }
legacyEncoder.encode('x', { mode: 'html' });

export { actions, coreFault, moduleNames, needed, settled };
export { best, detectedName, detectInputs, detectScores, jsDetector, streamedGuess };
export { decodedText, encodedStandard, firstError, iso, legacyReplacement, names, notAName, query, replaced, sets, sniffed, sniffedBuffer, streamed, utf8Texts };
export { blob, counts, ctor, decoded, domDecoder, domDecoderStream, domEncoder, domEncoderStream, encoded, encodedEmpty, encodingName, flags, fromHost, fromHostEncoder, fromHostStream, installed, legacyBytes, legacyInfo, liteBytes, liteStream, liteText, chunk, pipe, streamInfo, utf8, wrongReadable };
