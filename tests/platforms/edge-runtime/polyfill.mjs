// Driver: `text-encoding-wasm/polyfill` (the edge/ folder's, over wasm modules the platform
// compiles) imported where the host's globals are writable but not configurable
// (polyfill-check.mjs).

import './globals-before.mjs'; // first: the host's globals before the polyfill runs
import * as polyfill from 'text-encoding-wasm/polyfill';
import * as classes from 'text-encoding-wasm';
import { checkPolyfill, describeInstall } from './polyfill-check.mjs';
import { report } from './report.mjs';

report(() => checkPolyfill(polyfill, classes), () => describeInstall(polyfill));
