// `text-encoding-wasm/polyfill` for Node (ESM): polyfill.js over the Node entry (node.js).

import { TextDecoder, TextDecoderStream, TextEncoder, TextEncoderStream } from './node.js';
import { createInstaller } from './install.js';

/** Installs the missing classes on globalThis (all of them with `{force: true}`); returns their names. */
export const install = createInstaller({ TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream });

install();
