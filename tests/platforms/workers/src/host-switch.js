// Imported first by full-core.js and wpt-core.js: sets the package's host-acceleration switch
// before any module of the package is evaluated, so that the package uses its wasm core instead
// of workerd's own decoders (results must be the same either way).

globalThis.TEXT_ENCODING_WASM_HOST = 'off';
