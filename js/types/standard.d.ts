// Types of `text-encoding-wasm/standard` (and `text-encoding-wasm/lite/standard`, where the CJK
// encodings throw a RangeError): the Encoding Standard's hooks for other standards and legacy
// hooks, the URL Standard's percent-encode after encoding, and Infra's isomorphic decode/encode.

/** The bytes a function reads: an ArrayBuffer, a SharedArrayBuffer or a view on one. */
export type BufferSourceInput = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

/** A stream of byte chunks: a ReadableStream, or any async iterable, of BufferSource chunks. */
export type ByteChunks = ReadableStream<BufferSourceInput> | AsyncIterable<BufferSourceInput>;

/** The names bomSniff returns (lowercase, as TextDecoder#encoding and getEncoding write them). */
export type BOMEncoding = 'utf-8' | 'utf-16be' | 'utf-16le';

/**
 * "Get an encoding": the name of the encoding `label` is a label of, ASCII lowercased (as
 * TextDecoder#encoding; "replacement" included), or null for an unknown label.
 */
export declare function getEncoding(label: string): string | null;

/**
 * "Get an output encoding": "utf-8" for replacement, UTF-16BE and UTF-16LE, otherwise the
 * encoding's name. Throws RangeError for an unknown label.
 */
export declare function getOutputEncoding(encoding: string): string;

/** "BOM sniff": the encoding whose byte order mark `bytes` starts with, or null. */
export declare function bomSniff(bytes: BufferSourceInput): BOMEncoding | null;

/** What decode returns for bytes: the text and the name of the encoding used. */
export interface DecodeResult {
  /** The decoded text (malformed input is U+FFFD). */
  text: string;
  /** The encoding used: the BOM's ("utf-8", "utf-16be", "utf-16le") or the fallback's name. */
  encoding: string;
}

/** What decode returns for a stream. */
export interface DecodeStreamResult {
  /** The decoded text, chunk by chunk. */
  text: ReadableStream<string>;
  /** The name of the encoding used, known once three bytes (or the end) arrived. */
  encoding: Promise<string>;
}

/**
 * The legacy "decode": a byte order mark wins over `fallbackEncoding` (a label) and is skipped;
 * malformed input is U+FFFD. Throws RangeError for an unknown label.
 */
export declare function decode(bytes: BufferSourceInput, fallbackEncoding: string): DecodeResult;
export declare function decode(chunks: ByteChunks, fallbackEncoding: string): DecodeStreamResult;

/** "UTF-8 decode": a leading UTF-8 byte order mark is skipped; malformed input is U+FFFD. */
export declare function utf8Decode(bytes: BufferSourceInput): string;
export declare function utf8Decode(chunks: ByteChunks): ReadableStream<string>;

/** "UTF-8 decode without BOM": a leading byte order mark is kept (as U+FEFF). */
export declare function utf8DecodeWithoutBOM(bytes: BufferSourceInput): string;
export declare function utf8DecodeWithoutBOM(chunks: ByteChunks): ReadableStream<string>;

/**
 * "UTF-8 decode without BOM or fail": throws a TypeError for malformed input (a stream errors
 * with it).
 */
export declare function utf8DecodeWithoutBOMOrFail(bytes: BufferSourceInput): string;
export declare function utf8DecodeWithoutBOMOrFail(chunks: ByteChunks): ReadableStream<string>;

/**
 * Error modes of encode: the standard's "html" (`&#N;`) and "fatal" (TypeError), and the
 * non-standard "replace" (a replacement string).
 */
export type EncodeMode = 'fatal' | 'html' | 'replace';

/** Options of encode. */
export interface EncodeOptions {
  /** "html" (default, as the standard's encode hook), "fatal" or "replace". */
  mode?: EncodeMode;
  /** The replacement of "replace" mode ("?" by default); it must be encodable itself. */
  replacement?: string;
}

/**
 * The legacy "encode" in the output encoding of `encoding` (a label). Throws RangeError for an
 * unknown label and, in "fatal" mode, TypeError naming the first unencodable code point and its
 * index.
 */
export declare function encode(input: string, encoding: string, options?: EncodeOptions): Uint8Array<ArrayBuffer>;

/** One run of "encode or fail". */
export interface EncodeOrFailRun {
  /** The bytes this run wrote. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The code point the run stopped at, or null for the last run. */
  error: number | null;
}

/** "Encode or fail", repeated on one encoder until the input is consumed. */
export declare function encodeOrFail(input: string, encoding: string): EncodeOrFailRun[];

/** "UTF-8 encode" (lone surrogates become U+FFFD). */
export declare function utf8Encode(input: string): Uint8Array<ArrayBuffer>;

/** The URL Standard's named percent-encode sets. */
export type PercentEncodeSet =
  | 'c0-control'
  | 'fragment'
  | 'query'
  | 'special-query'
  | 'path'
  | 'userinfo'
  | 'component'
  | 'application/x-www-form-urlencoded';

/** The C0 control percent-encode set. */
export declare const C0_CONTROL_PERCENT_ENCODE_SET: 'c0-control';
/** The fragment percent-encode set. */
export declare const FRAGMENT_PERCENT_ENCODE_SET: 'fragment';
/** The query percent-encode set. */
export declare const QUERY_PERCENT_ENCODE_SET: 'query';
/** The special-query percent-encode set. */
export declare const SPECIAL_QUERY_PERCENT_ENCODE_SET: 'special-query';
/** The path percent-encode set. */
export declare const PATH_PERCENT_ENCODE_SET: 'path';
/** The userinfo percent-encode set. */
export declare const USERINFO_PERCENT_ENCODE_SET: 'userinfo';
/** The component percent-encode set. */
export declare const COMPONENT_PERCENT_ENCODE_SET: 'component';
/** The application/x-www-form-urlencoded percent-encode set. */
export declare const FORM_URLENCODED_PERCENT_ENCODE_SET: 'application/x-www-form-urlencoded';
/** Every name percentEncodeAfterEncoding accepts. */
export declare const PERCENT_ENCODE_SETS: readonly PercentEncodeSet[];

/**
 * The URL Standard's "percent-encode after encoding". `spaceAsPlus` defaults to true for the
 * application/x-www-form-urlencoded set and false otherwise.
 */
export declare function percentEncodeAfterEncoding(encoding: string, input: string, percentEncodeSet: PercentEncodeSet, spaceAsPlus?: boolean): string;

/** Infra's "isomorphic decode": each byte becomes the code point of its value. */
export declare function isomorphicDecode(bytes: BufferSourceInput): string;

/** Infra's "isomorphic encode": throws TypeError for a code point above U+00FF. */
export declare function isomorphicEncode(input: string): Uint8Array<ArrayBuffer>;
