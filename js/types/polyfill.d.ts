// Types of `text-encoding-wasm/polyfill`. Importing the module probes the host's classes and
// installs on globalThis those the host lacks or gets wrong (TextDecoder, TextEncoder,
// TextDecoderStream, TextEncoderStream); their global types come from the DOM/WebWorker lib or
// @types/node. It replaces a host class only with one that runs there: where the package's core
// cannot be instantiated, or a global cannot be defined, the host's class stays and `details` say
// why.

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
  /**
   * "installed" (the host had none), "replaced" (faulty, or forced), "wrapped" (host TextDecoder
   * copying SharedArrayBuffer input); or, where ours could not take its place (the core cannot run
   * here, the host's TransformStream is not the standard's, the global cannot be defined):
   * "kept" (the host's class stays) or "skipped" (the host has none, and none is installed).
   */
  action: 'installed' | 'replaced' | 'wrapped' | 'kept' | 'skipped';
  reason: string;
}

/** The names install() installed or wrapped; `details` says what and why for each, and for each it had to leave. */
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
  /** Why the package's core cannot run here (then none of its classes is installed), or null where it runs or was not needed. */
  core: string | null;
}

/**
 * Installs the classes globalThis lacks or that the host gets wrong (all of them with
 * `{force: true}`) as writable, configurable, non-enumerable properties, like platform globals
 * (a global that is writable but not configurable keeps those attributes). The stream classes
 * are skipped where the host has no TransformStream, or one that is not the Streams standard's.
 */
export declare function install(options?: InstallOptions): InstallResult;

/** Nothing to do (the implementation comes with the entry); kept for code written for earlier versions. */
export declare function load(): Promise<void>;

/** What the host's own classes get wrong, as probed at import. */
export declare const faults: HostFaults;

/** What importing the module installed or wrapped. */
export declare const installed: InstallResult;

/**
 * Settled once every probe has run, with everything installed: the import installs what the
 * synchronous probes find (so the classes are in place when an importing module runs); the probes
 * of the stream classes that need promise jobs (backpressure) run after it, and what they find is
 * installed before this settles (its list then has those too; otherwise it is `installed`).
 */
export declare const ready: Promise<InstallResult>;
