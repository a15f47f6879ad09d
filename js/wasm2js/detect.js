// `text-encoding-wasm/js/detect` (the JavaScript build; see load.js): which encoding are these
// bytes in? (idl/detect.js). The detector's own wasm translated to JavaScript
// (../wasm/detect-wasm2js.js), instantiated on first use; no codec comes with it.

import { setDetectorLoader } from '../core/detect-instance.js';
import { instantiate } from '../wasm/detect-wasm2js.js';

setDetectorLoader(instantiate);

export { createDetector, detect } from '../idl/detect.js';
