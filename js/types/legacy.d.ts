// Types of `text-encoding-wasm/legacy`: encoders for every encoding of the Encoding Standard that
// has one (an extension beyond the IDL, whose TextEncoder is UTF-8 only).

/**
 * What happens to a code point the encoding cannot represent: the standard's "fatal" and "html",
 * or "replace" (not in the standard: a replacement string).
 */
export type LegacyEncodeMode = 'fatal' | 'html' | 'replace';

/** Options of encode(), createEncoder() and the LegacyEncoder constructor. */
export interface LegacyEncoderOptions {
  /**
   * "fatal" (default): throw a TypeError naming the code point and its index; "html": write `&#N;`
   * instead; "replace": write the replacement instead.
   */
  mode?: LegacyEncodeMode;
  /** The replacement of "replace" mode ("?" by default); it must be encodable itself. */
  replacement?: string;
}

/** Options of LegacyEncoder#encode. */
export interface LegacyEncodeOptions {
  /** More input follows: keep state (ISO-2022-JP's mode, a split surrogate pair) for the next call. */
  stream?: boolean;
}

/**
 * Encodes `input` in the encoding `label` names (replacement and UTF-16BE/LE encode as UTF-8).
 * Throws RangeError for an unknown label and, in "fatal" mode, TypeError for a code point the
 * encoding cannot represent (e.g. "U+1F600 at index 0 cannot be encoded in shift_jis").
 */
export declare function encode(input: string, label: string, options?: LegacyEncoderOptions): Uint8Array<ArrayBuffer>;

/** A streaming encoder; the same as `new LegacyEncoder(label, options)`. */
export declare function createEncoder(label: string, options?: LegacyEncoderOptions): LegacyEncoder;

/** A streaming legacy encoder. */
export declare class LegacyEncoder {
  constructor(label: string, options?: LegacyEncoderOptions);
  /** The output encoding's name, lowercased (e.g. "shift_jis"; "utf-8" for UTF-16BE/LE). */
  readonly encoding: string;
  /** The error mode. */
  readonly mode: LegacyEncodeMode;
  /** The replacement of "replace" mode ("?" unless given). */
  readonly replacement: string;
  /**
   * Encodes `input`; with `{stream: true}` state is kept for the next call, otherwise the sequence
   * ends (ISO-2022-JP returns to ASCII) and the encoder is ready for a new one.
   */
  encode(input?: string, options?: LegacyEncodeOptions): Uint8Array<ArrayBuffer>;
  /** Abandons the current sequence without flushing and frees its wasm state. */
  close(): void;
}
