// The web-platform-tests worker (wpt.js) with the package's host-acceleration switch set first
// (host-switch.js), for `npm run wpt -- --env workerd --core`.

import './host-switch.js';

export { default } from './wpt.js';
