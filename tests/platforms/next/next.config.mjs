// The platform app's Next.js config: the app's own folder is its root for Turbopack and for output
// tracing (the repository's lockfile above it belongs to another project). The portable suite is
// copied into ./portable/ by the runner (scripts/platforms/next.mjs), inside that root.

const here = import.meta.dirname;

export default {
  turbopack: { root: here },
  outputFileTracingRoot: here,
};
