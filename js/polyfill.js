// `text-encoding-wasm/polyfill` for browsers, bundlers and Deno: importing it installs on
// globalThis the classes the host lacks (TextDecoder, TextEncoder, TextDecoderStream,
// TextEncoderStream); `install({ force: true })` replaces the host's as well.

import { TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream } from './index.js';
import { createInstaller } from './install.js';

/** Installs the missing classes on globalThis (all of them with `{force: true}`); returns their names. */
export const install = createInstaller({ TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream });

install();
