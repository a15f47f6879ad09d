// `text-encoding-wasm/detect` for Cloudflare Workers and Vercel Edge: which encoding are these
// bytes in? (idl/detect.js). The detector is its own wasm, apart from the codecs' core: imported
// as a module the platform compiles (../wasm/detect.wasm?module, as load.js does for the codecs)
// and instantiated on first use, so importing this entry brings no codec.

import { setDetectorLoader } from '../core/detect-instance.js';
import { providedWasm } from '../core/provided-wasm.js';
import detectModule from '../wasm/detect.wasm?module';
import { instantiate } from '../wasm/detect-instantiate.js';

// A module the application provided (core/provided-wasm.js) comes first.
setDetectorLoader(() => instantiate(providedWasm('detect') || detectModule));

export { createDetector, detect } from '../idl/detect.js';
