// Preload for `next start` (NODE_OPTIONS='--require ./refuse-wasm-from-bytes.cjs'): the edge
// sandbox refuses to compile wasm from bytes and code from strings, as a deployed Vercel edge does
// (`next start` itself allows both). Next.js runs edge routes and middleware in a vm context named
// 'Edge Runtime' (its compiled @edge-runtime/vm); this wraps vm.createContext to create that one
// with code generation switched off. Wasm modules compiled outside the sandbox, which is how the
// `*.wasm?module` imports reach edge code, still instantiate inside it.

const vm = require('node:vm');

const createContext = vm.createContext;

vm.createContext = function createEdgeContext(contextObject, options) {
  const edge = options !== undefined && options !== null && options.name === 'Edge Runtime';
  return createContext.call(this, contextObject, edge ? { ...options, codeGeneration: { strings: false, wasm: false } } : options);
};
