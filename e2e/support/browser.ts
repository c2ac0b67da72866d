import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, headless (scripts/ensure-chromium.mjs installs it when missing). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      // The product's default base map is on the internet; tests never fetch from it.
      '--host-resolver-rules=MAP *.openstreetmap.org ~NOTFOUND',
    ],
  });
}

/** A fresh context (empty storage) with a desktop viewport, and its first page. */
export async function newPage(
  browser: Browser,
  options: { locale?: string; reducedMotion?: 'reduce' | 'no-preference'; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: options.locale ?? 'zh-CN',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}
