import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, installed by .ci/run with apt when missing; never a browser download. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests can run, and if not, why. They skip only when
 * Chromium truly could not be installed (.ci/run says so in
 * CRITIC_AUDIT_NO_CHROMIUM); in CI a missing browser without that reason is
 * a failure, not a skip.
 */
export function chromiumStatus(): { available: true } | { available: false; skip: boolean; message: string } {
  if (existsSync(CHROMIUM)) return { available: true };
  const reason = process.env.CRITIC_AUDIT_NO_CHROMIUM;
  if (reason) return { available: false, skip: true, message: `browser tests skipped: Chromium could not be installed (${reason})` };
  if (process.env.CI) return { available: false, skip: false, message: `${CHROMIUM} is missing: .ci/run installs it with apt-get install chromium before the tests` };
  return { available: false, skip: true, message: `browser tests skipped: no ${CHROMIUM} (install it with: apt-get install -y chromium)` };
}

/** Headless, no sandbox (root in CI), and none of Chromium's own background traffic. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Anything a page asked for that is not local: must stay empty. */
export interface NetworkLog {
  requested: string[];
}

const LOCAL = /^(file|data|blob|about):/;

export interface Chromium {
  browser: Browser;
  network: NetworkLog;
  /** A new context whose every non-local request is recorded and aborted. */
  context(options?: { javaScriptEnabled?: boolean }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * Chromium with a fresh profile. Every request that is not
 * a local file is recorded and aborted, so a page that works here works
 * from file:// with no network at all.
 */
export async function launchChromium(): Promise<Chromium> {
  // launch() gives the browser a fresh temporary --user-data-dir of its own, removed on close.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const network: NetworkLog = { requested: [] };
  const record = (url: string) => {
    if (!LOCAL.test(url) && !network.requested.includes(url)) network.requested.push(url);
  };
  return {
    browser,
    network,
    async context(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, javaScriptEnabled: options.javaScriptEnabled ?? true });
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (LOCAL.test(url)) return route.continue();
        record(url);
        return route.abort('blockedbyclient');
      });
      context.on('request', (request) => record(request.url()));
      return context;
    },
    close: () => browser.close(),
  };
}
