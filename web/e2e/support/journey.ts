import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { CHROMIUM, RESULTS_DIR } from "./paths";
import { startShop, type Shop } from "./shop";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
}

/** True once the page is not the web app's, or React has it (`<html data-app="ready">`, set by AppProviders). */
const appIsReady = () => !document.getElementById("root") || document.documentElement.dataset.app === "ready";

/**
 * Makes the page's goto and reload return once React has the page: a server-rendered page hydrates
 * in slices after it loads, and a test that touched it before the end could see its nodes replaced.
 */
function navigationsWaitForTheApp(page: Page): void {
  const thenTheApp =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const response = await navigate(...args);
      await page.waitForFunction(appIsReady);
      return response;
    };
  page.goto = thenTheApp(page.goto.bind(page));
  page.reload = thenTheApp(page.reload.bind(page));
}

/** What went wrong inside a page: uncaught exceptions and console errors. */
interface PageProblems {
  page: Page;
  context: BrowserContext;
  /** Kept open for the whole file (pages shared by several tests), not closed after each test. */
  shared: boolean;
  errors: string[];
  /** Console errors this test provokes on purpose (a refused call the app handles). */
  allowed: RegExp[];
}

export interface Journey {
  readonly shop: Shop;
  /**
   * A new browser context (no cookies, storage or Firebase session) and its page, at the shop.
   * Closed after the test, or with `shared` at the end of the file (a page used by several tests).
   */
  newPage(options?: {
    viewport?: { width: number; height: number };
    shared?: boolean;
    /** False: JavaScript is disabled in the context (the page is the server's HTML alone). */
    script?: boolean;
  }): Promise<Page>;
  /** Saves a full-page screenshot as test-results/e2e/<journey>/<nn>-<name>.png. */
  shot(page: Page, name: string): Promise<void>;
  /** Console errors matching `pattern` are expected in this test (e.g. a refused request). */
  allowConsoleErrors(page: Page, pattern: RegExp): void;
}

/**
 * Registers the hooks of one journey file: a fresh shop (clean database) and a Chromium for the
 * file, a fresh browser context per page, screenshots, a failure screenshot, no uncaught page
 * errors or unexpected console errors, and everything stopped and removed afterwards.
 */
export function useJourney(label: string): Journey {
  let shop: Shop | undefined;
  let browser: Browser | undefined;
  let pages: PageProblems[] = [];
  let shotCount = 0;
  const folder = path.join(RESULTS_DIR, label);

  const shot = async (page: Page, name: string) => {
    fs.mkdirSync(folder, { recursive: true });
    shotCount += 1;
    const file = path.join(folder, `${String(shotCount).padStart(2, "0")}-${name.replace(/[^\w-]+/g, "-")}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  };

  const cleanUp = async () => {
    pages = [];
    await browser?.close().catch(() => undefined);
    browser = undefined;
    await shop?.stop();
    shop = undefined;
  };

  beforeAll(async () => {
    try {
      // Each worker has an Auth Emulator of its own: a journey empties it, and changes the seeded accounts.
      const emulatorHosts = inject("emulatorHosts");
      // Chromium starts while the shop does; whichever fails, the other is stopped.
      const [shopStarted, browserLaunched] = await Promise.allSettled([
        startShop(
          label,
          emulatorHosts[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % emulatorHosts.length],
          inject("templateDatabaseUrl"),
        ),
        launchChromium(),
      ]);
      if (shopStarted.status === "fulfilled") shop = shopStarted.value;
      if (browserLaunched.status === "fulfilled") browser = browserLaunched.value;
      if (shopStarted.status === "rejected") throw shopStarted.reason;
      if (browserLaunched.status === "rejected") throw browserLaunched.reason;
    } catch (error) {
      await cleanUp();
      throw error;
    }
  }, 180_000);

  afterEach(async (context) => {
    const failed = context.task.result?.state === "fail";
    const seen = pages;
    pages = seen.filter((entry) => entry.shared);
    if (failed) {
      for (const [index, { page }] of seen.entries()) {
        if (!page.isClosed())
          await shot(page, `FAILED-${context.task.name.slice(0, 60)}-${index + 1}`).catch(() => undefined);
      }
    }
    const unexpected = seen.flatMap(({ errors, allowed }) =>
      errors.filter((error) => !allowed.some((pattern) => pattern.test(error))),
    );
    for (const entry of seen) entry.errors = [];
    await Promise.all(
      seen.filter((entry) => !entry.shared).map((entry) => entry.context.close().catch(() => undefined)),
    );
    if (!failed && unexpected.length > 0) throw new Error(`The pages logged errors:\n  ${unexpected.join("\n  ")}`);
  });

  afterAll(async () => {
    if (shop && !shop.process.running())
      console.error(`The ${label} shop exited during the journey:\n${shop.process.output().slice(-4000)}`);
    await cleanUp();
  }, 60_000);

  return {
    get shop() {
      if (!shop) throw new Error("The shop is not running");
      return shop;
    },
    async newPage(options = {}) {
      if (!browser || !shop) throw new Error("The shop or the browser is not running");
      const context = await browser.newContext({
        baseURL: shop.url,
        viewport: options.viewport ?? { width: 1280, height: 900 },
        javaScriptEnabled: options.script ?? true,
      });
      context.setDefaultTimeout(15_000);
      context.setDefaultNavigationTimeout(30_000);
      const page = await context.newPage();
      // With no script there is no app to wait for: the page is complete when it has loaded.
      if (options.script !== false) navigationsWaitForTheApp(page);
      const entry: PageProblems = { page, context, shared: options.shared ?? false, errors: [], allowed: [] };
      pages.push(entry);
      page.on("pageerror", (error) => entry.errors.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") entry.errors.push(`console: ${message.text()} (${message.location().url})`);
      });
      return page;
    },
    shot,
    allowConsoleErrors(page, pattern) {
      const entry = pages.find((candidate) => candidate.page === page);
      if (!entry) throw new Error("allowConsoleErrors: not a page of this test");
      entry.allowed.push(pattern);
    },
  };
}
