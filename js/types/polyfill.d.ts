// Types of `text-encoding-wasm/polyfill`. Importing the module probes the host's classes and
// installs on globalThis those the host lacks or gets wrong (TextDecoder, TextEncoder,
// TextDecoderStream, TextEncoderStream); their global types come from the DOM/WebWorker lib or
// @types/node. In browsers and bundlers the implementation is loaded only when needed.

/** The options of install(). */
export interface InstallOptions {
  /** Replace the host's classes too, not only install the missing or faulty ones. */
  force?: boolean;
}

/** A class name the polyfill manages. */
export type ClassName = 'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream';

/** What install() did for one class, and why. */
export interface InstallDetail {
  name: ClassName;
  /** "installed" (the host had none), "replaced" (faulty, or forced), "wrapped" (host TextDecoder copying SharedArrayBuffer input). */
  action: 'installed' | 'replaced' | 'wrapped';
  reason: string;
}

/** The names install() installed or wrapped; `details` says what and why for each. */
export interface InstallResult extends Array<ClassName> {
  readonly details: InstallDetail[];
}

/** The host's faults as probed at import: a reason per class (null when right), and SharedArrayBuffer refusal. */
export interface HostFaults {
  TextDecoder: string | null;
  TextEncoder: string | null;
  TextDecoderStream: string | null;
  TextEncoderStream: string | null;
  sharedInput: boolean;
}

/**
 * Installs the classes globalThis lacks or that the host gets wrong (all of them with
 * `{force: true}`, which needs `await load()` first where the host passed every probe) as
 * writable, configurable, non-enumerable properties, like platform globals. The stream classes
 * are skipped where the host has no TransformStream.
 */
export declare function install(options?: InstallOptions): InstallResult;

/** Loads the implementation, if it was not needed at import. */
export declare function load(): Promise<void>;

/** What the host's own classes get wrong, as probed at import. */
export declare const faults: HostFaults;

/** What importing the module installed or wrapped. */
export declare const installed: InstallResult;

/** Settled (with `installed`) once the classes are in place: already so when an importing module runs. */
export declare const ready: Promise<InstallResult>;
