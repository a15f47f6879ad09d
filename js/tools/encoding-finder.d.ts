// Types of encoding-finder.js: the encodings table and the "which encoding is this?" ranking of
// the command-line transcoder's --sniff and of the workbench's finder.

/** One encoding of the standard: its name and every label that resolves to it. */
export interface EncodingEntry {
  name: string;
  labels: string[];
}
/** The 40 encodings in the standard's order. */
export declare const ENCODINGS: EncodingEntry[];
/** The BOM's length in bytes for a bomSniff() result (0 for null). */
export declare function bomLength(encoding: string | null): number;
/** Plausibility of decoded `text` (a mean per code point; higher is more plausible). */
export declare function plausibility(text: string): number;
/** The first line of `text` with non-ASCII characters (else the first line), at most `max` characters. */
export declare function previewLine(text: string, max?: number): string;
/** One row of the ranking. */
export interface RankedEncoding {
  encoding: string;
  bom: boolean;
  fatal: boolean;
  replacements: number;
  score: number;
  preview: string;
}
/** Every encoding ranked for `bytes`, best first (see encoding-finder.js). */
export declare function rankEncodings(
  bytes: Uint8Array,
  TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(input?: BufferSource, options?: { stream?: boolean }): string },
  bomSniff: (bytes: Uint8Array) => 'utf-8' | 'utf-16le' | 'utf-16be' | null,
): RankedEncoding[];
