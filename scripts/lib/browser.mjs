// The one headless-browser launcher of the project: Debian's Chromium and Firefox ESR driven by
// puppeteer-core (Chromium over CDP, Firefox over WebDriver BiDi), each session with a fresh
// profile, bounded in time, and always closed (killed if it will not close).

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where setup (scripts/setup.sh --browsers) installs each browser. */
export const BROWSERS = {
  chromium: '/usr/bin/chromium',
  firefox: '/usr/bin/firefox-esr',
};

/**
 * Chromium's flags for this machine: headless as root, and none of the background traffic that a
 * closed network refuses.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Rejects after `ms` with `what` timed out; the timer does not keep the process alive. */
export function deadline(ms, what) {
  let timer;
  const promise = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    timer.unref?.();
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Launches headless `name` ('chromium' | 'firefox') with a fresh profile, runs `fn(browser)`
 * within `timeoutMs`, and always closes the browser and removes the profile. `args`: more
 * Chromium flags (e.g. '--js-flags=--expose-gc').
 */
export async function withBrowser(name, fn, { timeoutMs = 120000, args = [] } = {}) {
  const executablePath = BROWSERS[name];
  if (executablePath === undefined) throw new Error(`unknown browser ${name} (${Object.keys(BROWSERS).join(', ')})`);
  if (!existsSync(executablePath)) throw new Error(`${name} is not installed at ${executablePath} (scripts/setup.sh --browsers)`);
  const { default: puppeteer } = await import('puppeteer-core');
  const profile = mkdtempSync(join(tmpdir(), `tew-${name}-`));
  const options =
    name === 'chromium'
      ? { executablePath, headless: true, userDataDir: profile, args: [...CHROMIUM_ARGS, ...args], protocolTimeout: timeoutMs }
      : {
          browser: 'firefox',
          executablePath,
          headless: true,
          userDataDir: profile,
          protocolTimeout: timeoutMs,
          extraPrefsFirefox: {
            'app.update.enabled': false,
            'browser.shell.checkDefaultBrowser': false,
            'datareporting.policy.dataSubmissionEnabled': false,
            'toolkit.telemetry.reportingpolicy.firstRun': false,
          },
        };
  let browser;
  const limit = deadline(timeoutMs, `${name} session`);
  try {
    browser = await Promise.race([puppeteer.launch(options), limit.promise]);
    return await Promise.race([fn(browser), limit.promise]);
  } finally {
    limit.cancel();
    if (browser) {
      const proc = browser.process();
      const closing = deadline(15000, `closing ${name}`);
      try {
        await Promise.race([browser.close(), closing.promise]);
      } catch {
        proc?.kill('SIGKILL');
      } finally {
        closing.cancel();
      }
      if (proc && proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * Opens `url` in a new page, waits until `expression` (evaluated in the page) is not undefined,
 * and returns { value, log }: its value (JSON-serializable), and the page's errors and console
 * errors and warnings.
 */
export async function runPage(browser, url, expression, { timeoutMs = 60000 } = {}) {
  const page = await browser.newPage();
  const log = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warn') log.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => log.push(`pageerror: ${e && e.message ? e.message : e}`));
  try {
    await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    await page.waitForFunction(`(${expression}) !== undefined`, { timeout: timeoutMs, polling: 100 });
    const value = await page.evaluate(`JSON.stringify(${expression})`);
    return { value: JSON.parse(value), log };
  } catch (error) {
    error.message += log.length ? `\n${log.join('\n')}` : '';
    throw error;
  } finally {
    await page.close().catch(() => {});
  }
}
