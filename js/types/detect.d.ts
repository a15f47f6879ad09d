// Types of `text-encoding-wasm/detect` (and `text-encoding-wasm/js/detect`, the same over the
// JavaScript build): which encoding of the Encoding Standard are these bytes in?

/** What detect() and createDetector() accept as bytes. */
export type DetectInput = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;

/** What the caller knows besides the bytes. */
export interface DetectOptions {
  /**
   * Whether UTF-8 may be the answer (default true; converted to a boolean). Browsers give a
   * detector `false` for web pages, which must declare UTF-8 to be read as UTF-8.
   */
  allowUTF8?: boolean;
  /**
   * The top-level domain the bytes came from, e.g. "jp" or ".jp" (leading dots are stripped,
   * ASCII is lowercased): the languages written there weigh more. One with a character outside
   * ASCII, or longer than 63 characters, gives no hint. A TypeError if it is not a string.
   */
  tld?: string;
}

/** One plausible encoding and how sure the detector is of it. */
export interface DetectCandidate {
  /** The encoding's name as TextDecoder#encoding gives it (e.g. "shift_jis", "windows-1251"). */
  encoding: string;
  /** How sure the detector is of it, from 0 to 1. */
  confidence: number;
}

/** The detector's answer. */
export interface DetectResult {
  /** The best encoding's name as TextDecoder#encoding gives it, or null when the bytes are not text. */
  encoding: string | null;
  /** How sure the detector is of `encoding` (of the bytes not being text, when it is null), from 0 to 1. */
  confidence: number;
  /** Every plausible encoding, best first (empty when the bytes are not text). */
  candidates: DetectCandidate[];
}

/**
 * Detects the encoding of a whole input. Throws a TypeError when `bytes` is not an ArrayBuffer,
 * a SharedArrayBuffer or an ArrayBufferView, or when `options` is not an object.
 */
export declare function detect(bytes: DetectInput, options?: DetectOptions | null): DetectResult;

/** A streaming detector: feed chunks in order, guess at any time (and feed more after). */
export interface EncodingDetector {
  /** Reads the next chunk. A TypeError for anything but bytes, and once the detector was freed. */
  feed(chunk: DetectInput): void;
  /** The guess for everything fed so far, with the options given to createDetector(). */
  guess(): DetectResult;
  /** Frees the detector's wasm state (also done when it is garbage collected); a second call does nothing. */
  free(): void;
}

/** A new streaming detector; `options` as detect()'s. */
export declare function createDetector(options?: DetectOptions | null): EncodingDetector;
