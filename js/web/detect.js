// `text-encoding-wasm/detect` for browsers, bundlers and Deno: which encoding are these bytes in?
// (idl/detect.js). The detector is its own wasm, apart from the codecs' core: inlined here
// (../wasm/detect-hex.js) and instantiated on first use, so importing this entry brings no codec.

import { setDetectorLoader } from '../core/detect-instance.js';
import { hexToBytes } from '../core/hex.js';
import detectHex from '../wasm/detect-hex.js';
import { instantiate } from '../wasm/detect-instantiate.js';

setDetectorLoader(() => instantiate(hexToBytes(detectHex)));

export { createDetector, detect } from '../idl/detect.js';
