// Types of encoding-finder.js: the encodings table, the BOM's length, and the preview line (of an
// input's first PREVIEW_BYTES) of the command-line transcoder's --detect and of the workbench's
// finder.

/** One encoding of the standard: its name and every label that resolves to it. */
export interface EncodingEntry {
  name: string;
  labels: string[];
}
/** The 40 encodings in the standard's order. */
export declare const ENCODINGS: EncodingEntry[];
/** The BOM's length in bytes for a bomSniff() result (0 for null). */
export declare function bomLength(encoding: string | null): number;
/** How many bytes of an input a preview decodes (64 KiB): previewLine looks at the start of the text only. */
export declare const PREVIEW_BYTES: number;
/**
 * The first line of `text` with non-ASCII characters (else the first non-blank line), trimmed, its
 * control characters made visible (␀ … ␟ and ␡ for C0 and DEL; <U+XXXX> for C1 controls,
 * bidirectional controls, U+2028, U+2029 and U+FEFF), at most `max` columns wide (default 80; a
 * wide character takes two), cut with "…".
 */
export declare function previewLine(text: string, max?: number): string;
