// The declarations without the DOM lib: the stream types come from @types/node's globals.
import { TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream } from 'text-encoding-wasm';
import { encode } from 'text-encoding-wasm/legacy';
import { decode, utf8Decode } from 'text-encoding-wasm/standard';
import { createDetector, detect } from 'text-encoding-wasm/detect';

export async function roundTrip(input: ReadableStream<string>): Promise<string> {
  const bytes: ReadableStream<Uint8Array<ArrayBuffer>> = input.pipeThrough(new TextEncoderStream());
  const text: ReadableStream<string> = bytes.pipeThrough(new TextDecoderStream('utf-8', { fatal: true }));
  let out = '';
  for await (const chunk of text) out += chunk;
  return out + new TextDecoder().decode(new TextEncoder().encode('x')) + encode('y', 'latin1').length;
}
// @ts-expect-error: a string is not a buffer source
new TextDecoder().decode('abc');

export async function sniff(body: ReadableStream<Uint8Array>): Promise<string | null> {
  const detector = createDetector({ tld: 'jp' });
  for await (const chunk of body) detector.feed(chunk);
  const { encoding } = detector.guess();
  detector.free();
  return encoding ?? detect(Buffer.from('x')).encoding;
}

export async function hooks(body: ReadableStream<Uint8Array>): Promise<string> {
  const { text, encoding } = decode(body, 'shift_jis');
  let out = await encoding;
  for await (const chunk of text) out += chunk;
  return out + utf8Decode(new Uint8Array(1));
}
