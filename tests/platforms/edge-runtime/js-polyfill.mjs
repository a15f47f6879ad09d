// Driver: `text-encoding-wasm/js/polyfill` (the JavaScript build: no wasm at all) imported where
// the host's globals are writable but not configurable (polyfill-check.mjs).

import './globals-before.mjs'; // first: the host's globals before the polyfill runs
import * as polyfill from 'text-encoding-wasm/js/polyfill';
import * as classes from 'text-encoding-wasm/js';
import { checkPolyfill, describeInstall } from './polyfill-check.mjs';
import { report } from './report.mjs';

report(() => checkPolyfill(polyfill, classes), () => describeInstall(polyfill));
