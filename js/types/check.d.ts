// Types of `text-encoding-wasm/polyfill/check`: the polyfill's probes of the host's own classes,
// alone (about 2 KiB), for an app that imports the polyfill only where the host needs it:
//
//   import { hostFaults, needsImplementation, streamFaults } from 'text-encoding-wasm/polyfill/check';
//   if (needsImplementation(await streamFaults(hostFaults()))) await import('text-encoding-wasm/polyfill');

/** The host's faults: a reason per class (null when right), and whether its TextDecoder refuses SharedArrayBuffer input. */
export interface ProbedFaults {
  TextDecoder: string | null;
  TextEncoder: string | null;
  TextDecoderStream: string | null;
  TextEncoderStream: string | null;
  sharedInput: boolean;
}

/** Probes the classes of `global` (globalThis by default): what each gets wrong, or null. */
export declare function hostFaults(global?: typeof globalThis): ProbedFaults;

/** Whether fixing `faults` needs the package's implementation (anything but the SharedArrayBuffer refusal, which the polyfill fixes by wrapping). */
export declare function needsImplementation(faults: ProbedFaults): boolean;

/**
 * The probes of the stream classes that need promise jobs to run (a write that completes before
 * anything reads: no backpressure): sets the entry of each faulty one in `faults` (hostFaults'
 * result, which it checks only where that says right) and resolves to `faults`.
 */
export declare function streamFaults(faults: ProbedFaults, global?: typeof globalThis): Promise<ProbedFaults>;
