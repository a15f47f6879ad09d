// `text-encoding-wasm/detect` for browsers, bundlers and Deno: which encoding are these bytes in?
// (idl/detect.js). The detector is its own wasm, apart from the codecs' core: inlined here
// (../wasm/detect-inline.js) and instantiated on first use, so importing this entry brings no codec.

import { setDetectorLoader } from '../core/detect-instance.js';
import { inlineBytes } from '../core/inline-wasm.js';
import { providedWasm } from '../core/provided-wasm.js';
import detectText from '../wasm/detect-inline.js';
import { instantiate } from '../wasm/detect-instantiate.js';

// A module the application provided (core/provided-wasm.js) comes first.
setDetectorLoader(() => instantiate(providedWasm('detect') || inlineBytes(detectText)));

export { createDetector, detect } from '../idl/detect.js';
