// Types of encoding-finder.js: the encodings table, BOM sniffing and the "which encoding is
// this?" ranking shared by the command-line transcoder and the playground.

/** One encoding of the standard: its name and every label that resolves to it. */
export interface EncodingEntry {
  name: string;
  labels: string[];
}
/** The 40 encodings in the standard's order. */
export declare const ENCODINGS: EncodingEntry[];
/** 'utf-8' | 'utf-16le' | 'utf-16be' when `bytes` starts with that BOM, else null. */
export declare function sniffBOM(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null;
/** The BOM's length in bytes for a sniffBOM() result (0 for null). */
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
export declare function rankEncodings(bytes: Uint8Array, TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(input?: BufferSource, options?: { stream?: boolean }): string }): RankedEncoding[];
