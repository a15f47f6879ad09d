// The vitest app's four runs (scripts/platforms/vitest.mjs): the jsdom and happy-dom environments,
// each in vitest's default pool (forks) and in vmForks, one project each over polyfill.test.mjs.
// Each project is told its name (`provide`), under which its test file writes its results.

import { defineConfig } from 'vitest/config';

/** The runs: [project name, environment, pool]. */
const RUNS = [
  ['jsdom', 'jsdom', 'forks'],
  ['jsdom vmForks', 'jsdom', 'vmForks'],
  ['happy-dom', 'happy-dom', 'forks'],
  ['happy-dom vmForks', 'happy-dom', 'vmForks'],
];

export default defineConfig({
  test: {
    testTimeout: 60000,
    projects: RUNS.map(([name, environment, pool]) => ({
      extends: true,
      test: { name, environment, pool, include: ['polyfill.test.mjs'], provide: { run: name } },
    })),
  },
});
