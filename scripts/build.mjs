// `npm run build [-- --out DIR]`: assembles pkg/ (or DIR; also read from the TEW_PKG
// environment variable), the npm package text-encoding-wasm.
//   1. cargo builds the core for wasm32-unknown-unknown (release: panic=abort keeps panic
//      strings, and so any TextDecoder, out of the glue);
//   2. the pinned wasm-bindgen CLI writes the glue (wasm.js) and wasm_bg.wasm;
//   3. wasm-opt shrinks and speeds up the wasm;
//   4. wasm_base64.js inlines the wasm for the ESM entry (browsers, bundlers, Deno);
//   5. js/ and pkg-template/ are copied in.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outAt = process.argv.indexOf('--out');
const pkg = resolvePath(outAt > 0 ? process.argv[outAt + 1] : process.env.TEW_PKG || join(root, 'pkg'));
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });

run('cargo', ['build', '--lib', '--release', '--target', 'wasm32-unknown-unknown']);
const target = process.env.CARGO_TARGET_DIR ? resolvePath(process.env.CARGO_TARGET_DIR) : join(root, 'target');
const built = join(target, 'wasm32-unknown-unknown', 'release', 'text_encoding_wasm.wasm');

rmSync(pkg, { recursive: true, force: true });
mkdirSync(pkg, { recursive: true });
run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', pkg, '--out-name', 'wasm', built]);

// The glue's async init falls back to fetching wasm_bg.wasm next to itself; bundlers would copy
// that file as an asset. Our entries always pass the module in, so the fallback goes.
const gluePath = join(pkg, 'wasm.js');
let glue = readFileSync(gluePath, 'utf8');
const fallback = "module_or_path = new URL('wasm_bg.wasm', import.meta.url);";
if (!glue.includes(fallback)) throw new Error('build: the wasm-bindgen glue changed shape; update scripts/build.mjs');
glue = glue.replace(fallback, "throw new Error('text-encoding-wasm: the wasm module must be passed in');");
if (/TextDecoder|TextEncoder/.test(glue)) {
  throw new Error('build: the wasm-bindgen glue uses TextDecoder/TextEncoder; a String crossed the boundary');
}
writeFileSync(gluePath, glue);

const wasmPath = join(pkg, 'wasm_bg.wasm');
{
  const features = ['--enable-bulk-memory', '--enable-sign-ext', '--enable-nontrapping-float-to-int', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];
  // binaryen from npm (pinned in package.json): Debian's older wasm-opt breaks the externref table.
  run(join(root, 'node_modules/.bin/wasm-opt'), ['-O3', ...features, wasmPath, '-o', wasmPath]);
}
const wasmBytes = readFileSync(wasmPath);
writeFileSync(
  join(pkg, 'wasm_base64.js'),
  `// The wasm core, base64-encoded, so the ESM entry needs no fetch and no bundler configuration.\nexport default '${wasmBytes.toString('base64')}';\n`,
);

for (const dir of ['js', 'pkg-template']) {
  for (const name of readdirSync(join(root, dir))) {
    copyFileSync(join(root, dir, name), join(pkg, name));
  }
}
console.log(`build: ${pkg} ready, wasm_bg.wasm ${wasmBytes.length} bytes`);
