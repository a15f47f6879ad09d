// Types of `text-encoding-wasm` (and of `text-encoding-wasm/lite`): the Encoding Standard's
// TextDecoder, TextEncoder, TextDecoderStream and TextEncoderStream, member for member as in the
// IDL and compatible with the DOM lib's declarations. Needs TypeScript >= 5.7 (generic typed
// arrays); the stream classes use the global ReadableStream/WritableStream types (the DOM or
// WebWorker lib, or @types/node).

/** ArrayBuffer, SharedArrayBuffer, or a view (typed array, DataView) over either. */
export type AllowSharedBufferSource = ArrayBufferLike | ArrayBufferView<ArrayBufferLike>;

/** The TextDecoder and TextDecoderStream constructor options. */
export interface TextDecoderOptions {
  /** Throw (TextDecoder) or error the stream (TextDecoderStream) with a TypeError on malformed input, instead of emitting U+FFFD. */
  fatal?: boolean;
  /** Keep a leading byte order mark in the output instead of stripping it (UTF-8, UTF-16BE/LE). */
  ignoreBOM?: boolean;
}

/** The options of TextDecoder#decode. */
export interface TextDecodeOptions {
  /** More input follows: keep an incomplete sequence at the end for the next call. */
  stream?: boolean;
}

/** The result of TextEncoder#encodeInto. */
export interface TextEncoderEncodeIntoResult {
  /** UTF-16 code units of the source that were encoded. */
  read: number;
  /** Bytes written to the destination. */
  written: number;
}

/** Decodes bytes in any encoding of the Encoding Standard to a string. */
export declare class TextDecoder {
  /**
   * @param label an encoding label (default "utf-8"); throws RangeError for an unknown label or
   * one for "replacement" (and, in `text-encoding-wasm/lite`, for a CJK encoding).
   */
  constructor(label?: string, options?: TextDecoderOptions);
  /** The encoding's name, lowercased (e.g. "shift_jis"). */
  readonly encoding: string;
  /** Whether the error mode is "fatal". */
  readonly fatal: boolean;
  /** Whether a byte order mark is kept. */
  readonly ignoreBOM: boolean;
  /** Decodes `input`; with `{stream: true}` an incomplete sequence at the end waits for the next call. */
  decode(input?: AllowSharedBufferSource, options?: TextDecodeOptions): string;
}

/** Encodes strings as UTF-8. */
export declare class TextEncoder {
  constructor();
  /** Always "utf-8". */
  readonly encoding: string;
  /** UTF-8 bytes of `input` (lone surrogates become U+FFFD). */
  encode(input?: string): Uint8Array<ArrayBuffer>;
  /** Encodes as much of `source` as fits into `destination`. */
  encodeInto(source: string, destination: Uint8Array<ArrayBufferLike>): TextEncoderEncodeIntoResult;
}

/**
 * A transform stream from bytes to strings. `undefined` at runtime where the host has no
 * TransformStream.
 */
export declare class TextDecoderStream {
  /** @param label as for TextDecoder. */
  constructor(label?: string, options?: TextDecoderOptions);
  /** The encoding's name, lowercased. */
  readonly encoding: string;
  /** Whether the error mode is "fatal" (a malformed sequence errors both sides with TypeError). */
  readonly fatal: boolean;
  /** Whether a byte order mark is kept. */
  readonly ignoreBOM: boolean;
  /** The decoded strings (empty strings are never enqueued). */
  readonly readable: ReadableStream<string>;
  /** Accepts AllowSharedBufferSource chunks; anything else errors the stream with TypeError. */
  readonly writable: WritableStream<AllowSharedBufferSource>;
}

/**
 * A transform stream from strings to UTF-8 bytes; a surrogate pair split across chunks is kept
 * together. `undefined` at runtime where the host has no TransformStream.
 */
export declare class TextEncoderStream {
  constructor();
  /** Always "utf-8". */
  readonly encoding: string;
  /** The encoded bytes (empty chunks are never enqueued). */
  readonly readable: ReadableStream<Uint8Array<ArrayBuffer>>;
  /** Accepts string chunks (other values are converted with ToString). */
  readonly writable: WritableStream<string>;
}
