// Types of `text-encoding-wasm/polyfill`. Importing the module installs on globalThis the classes
// the host lacks (TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream); their global
// types come from the DOM/WebWorker lib or @types/node.

/** The options of install(). */
export interface InstallOptions {
  /** Replace the host's classes too, not only install the missing ones. */
  force?: boolean;
}

/**
 * Installs the classes globalThis lacks (all of them with `{force: true}`) as writable,
 * configurable, non-enumerable properties, like platform globals; returns the names installed.
 * The stream classes are skipped where the host has no TransformStream.
 */
export declare function install(options?: InstallOptions): Array<'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream'>;
