import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:8080';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Schemes that never leave the browser. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:', 'javascript:']);

/**
 * Requests to another origin than the product's, per context. The product sends nothing to
 * third parties: every test of the file fails when one is recorded (see origin-guard.setup.ts).
 */
const foreign = new Map<BrowserContext, string[]>();

function guardOrigins(context: BrowserContext, own: string, allowed: readonly string[]): void {
  const origins = new Set([new URL(own).origin, ...allowed.map((url) => new URL(url).origin)]);
  const seen: string[] = [];
  foreign.set(context, seen);
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (LOCAL_SCHEMES.has(url.protocol) || origins.has(url.origin)) return;
    seen.push(`${request.method()} ${request.url()}`);
  });
  context.on('close', () => foreign.delete(context));
}

/** Takes the requests to other origins recorded since the last call, in every open context. */
export function takeForeignRequests(): string[] {
  const all: string[] = [];
  for (const seen of foreign.values()) all.push(...seen.splice(0));
  return all;
}

export interface NewPageOptions {
  /** The product's origin for this context (default: the platform's base URL). */
  baseURL?: string;
  /** Other origins the test itself runs and the product is configured to use (a test IdP). */
  allowOrigins?: readonly string[];
  /** Viewport width in CSS pixels (a phone is 390). */
  width?: number;
  /** Turns the page's Content-Security-Policy off (only for tests of the test harness itself). */
  bypassCSP?: boolean;
}

export async function newPage(
  browser: Browser,
  options: NewPageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const baseURL = options.baseURL ?? baseUrl;
  const phone = options.width !== undefined && options.width < 600;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1360, height: phone ? 844 : 860 },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
    ...(options.bypassCSP ? { bypassCSP: true } : {}),
  });
  guardOrigins(context, baseURL, options.allowOrigins ?? []);
  const page = await context.newPage();
  return { context, page };
}

/** Saves a screenshot under e2e/artifacts for a person to look at. */
export async function snapshot(page: Page, name: string): Promise<void> {
  const dir = join(__dirname, '..', 'artifacts');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * Runs `step`; when it fails, saves a screenshot `failed-<name>` under e2e/artifacts and adds
 * the page's address and the text of its open dialogs and drawers to the error, so a failure
 * seen once (under load, in CI) can be read afterwards.
 */
export async function explainFailure<T>(page: Page, name: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    await snapshot(page, `failed-${name}`).catch(() => undefined);
    const open = await page
      .locator('[role="dialog"], .mantine-Drawer-content')
      .allInnerTexts()
      .catch(() => [] as string[]);
    const seen = `at ${page.url()}; open dialogs and drawers: ${JSON.stringify(open)}`;
    if (error instanceof Error) error.message = `${error.message}\n${seen}`;
    throw error;
  }
}

/**
 * Waits until a JavaScript expression is true in the page. Polled from here through the debugging
 * protocol: the page's Content-Security-Policy forbids the in-page evaluation of a string that
 * `page.waitForFunction` would use.
 */
export async function waitForExpression(page: Page, expression: string, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate<boolean>(expression))) {
    if (Date.now() > deadline) throw new Error(`waited 30 s for ${what}`);
    await page.waitForTimeout(50);
  }
}
