// Edge route, the negative control: compiles wasm from bytes itself, as the package's default
// (browser) build would. Under the runner's preload (refuse-wasm-from-bytes.cjs) this must be
// refused, as on a deployed edge, so that the other routes passing shows the package's wasm
// arrived as modules the platform compiled.

export const runtime = 'edge';
export const dynamic = 'force-dynamic';

/** The smallest wasm module: the magic number and version. */
const EMPTY_MODULE = Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0);

export function GET() {
  try {
    new WebAssembly.Module(EMPTY_MODULE);
    return Response.json({ compiled: true });
  } catch (error) {
    return Response.json({ compiled: false, error: `${error && error.name}: ${error && error.message}` });
  }
}
