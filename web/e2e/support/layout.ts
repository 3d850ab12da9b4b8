import type { Page } from "playwright-core";

export interface LayoutReport {
  /** document.documentElement.scrollWidth */
  pageWidth: number;
  /** window.innerWidth */
  windowWidth: number;
  /** One line per thing that does not fit, e.g. `button "Delete order" cut off by div.table-wrap (overflow hidden)`. */
  problems: string[];
}

/**
 * What a person would see as broken layout: a page wider than the window (sideways scrolling),
 * and any control (button, link, input...) or table cell that the window or a box with
 * overflow hidden/auto/scroll/clip cuts off, even partly. Runs inside the page, so it is one
 * self-contained function (page.evaluate serialises it).
 */
function findLayoutProblems(): LayoutReport {
  // From the left edge (a wide page could be scrolled), in this one call to the page.
  window.scrollTo(0, window.scrollY);
  const TOLERANCE = 1; // sub-pixel rounding
  const CHECKED = [
    "a[href]",
    "button",
    "input:not([type=hidden])",
    "select",
    "textarea",
    "summary",
    "[role=button]",
    "[role=link]",
    "[role=tab]",
    "[role=menuitem]",
    "th",
    "td",
  ].join(",");

  const describe = (element: Element): string => {
    const tag = element.tagName.toLowerCase();
    const id = element.id ? `#${element.id}` : "";
    const label = element.getAttribute("aria-label") ?? element.getAttribute("data-label");
    const text = (label ?? (element as HTMLElement).innerText ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
    return `${tag}${id}${text ? ` "${text}"` : ""}`;
  };

  const describeBox = (element: Element): string => {
    const classes = [...element.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join("");
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : classes}`;
  };

  /** Rendered and meant to be seen: not display:none, not visibility:hidden, not a 1 px visually-hidden box. */
  const isShown = (element: Element): boolean => {
    if (element.getClientRects().length === 0) return false;
    const style = getComputedStyle(element);
    if (style.visibility !== "visible") return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1;
  };

  const establishesContainingBlock = (style: CSSStyleDeclaration, forFixed: boolean): boolean =>
    (!forFixed && style.position !== "static") ||
    style.transform !== "none" ||
    style.filter !== "none" ||
    style.perspective !== "none" ||
    (style.backdropFilter ?? "none") !== "none" ||
    /paint|layout|strict|content/.test(style.contain);

  /** The boxes that can clip an element: its containing-block chain (an absolute child escapes a static parent's overflow). */
  const clippingBoxes = (element: Element): Element[] => {
    const boxes: Element[] = [];
    let current: Element = element;
    while (current.parentElement && current.parentElement !== document.body && current !== document.body) {
      const position = getComputedStyle(current).position;
      let container: Element | null = current.parentElement;
      if (position === "absolute" || position === "fixed") {
        while (
          container &&
          container !== document.body &&
          !establishesContainingBlock(getComputedStyle(container), position === "fixed")
        )
          container = container.parentElement;
        if (!container || container === document.body) break; // the viewport or the initial containing block
      }
      const style = getComputedStyle(container);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") boxes.push(container);
      current = container;
    }
    return boxes;
  };

  const problems: string[] = [];
  const windowWidth = window.innerWidth;
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > windowWidth) problems.push(`the page is ${pageWidth} px wide in a ${windowWidth} px window`);

  for (const element of document.querySelectorAll(CHECKED)) {
    if (!isShown(element)) continue;
    const rect = element.getBoundingClientRect();
    const left = rect.left + window.scrollX;
    if (left < -TOLERANCE || left + rect.width > windowWidth + TOLERANCE) {
      problems.push(
        `${describe(element)} is cut off by the window (x ${Math.round(left)} to ${Math.round(left + rect.width)})`,
      );
      continue;
    }
    for (const box of clippingBoxes(element)) {
      const style = getComputedStyle(box);
      const outer = box.getBoundingClientRect();
      const inner = {
        left: outer.left + box.clientLeft,
        top: outer.top + box.clientTop,
        right: outer.left + box.clientLeft + box.clientWidth,
        bottom: outer.top + box.clientTop + box.clientHeight,
      };
      const cutX =
        style.overflowX !== "visible" && (rect.left < inner.left - TOLERANCE || rect.right > inner.right + TOLERANCE);
      const cutY =
        style.overflowY !== "visible" && (rect.top < inner.top - TOLERANCE || rect.bottom > inner.bottom + TOLERANCE);
      if (cutX || cutY) {
        const overflow =
          style.overflowX === style.overflowY ? style.overflowX : `${style.overflowX}/${style.overflowY}`;
        problems.push(`${describe(element)} is cut off by ${describeBox(box)} (overflow ${overflow})`);
        break;
      }
    }
  }
  return { pageWidth, windowWidth, problems };
}

/** Scrolls to the left edge (a wide page could be scrolled) and reports what does not fit. */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(findLayoutProblems);
}

/**
 * Opens each folded menu on the page in turn (a visible button with aria-expanded="false" that
 * controls something: the navigation bar's and the dashboard's menus on a phone), runs `check`
 * while it is open, and folds it again: one at a time, as a person would use them.
 */
export async function withEachFoldedMenuOpen(page: Page, check: (menu: string) => Promise<void>): Promise<void> {
  const folded = page.locator('button[aria-expanded="false"][aria-controls]:visible');
  const controlled = await folded.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute("aria-controls")!),
  );
  for (const id of controlled) {
    const toggle = page.locator(`button[aria-controls="${id}"]`);
    const name = ((await toggle.getAttribute("aria-label")) ?? (await toggle.innerText())).replace(/\s+/g, " ").trim();
    await toggle.click();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await check(name);
    await toggle.click();
  }
}

const BUSY = '[role="status"]:has(.spinner__circle), .skeleton';

/**
 * Waits until the page shows its content: a visible h1 in <main>, no spinner or skeleton, the
 * navigation bar knows who is signed in, and the address stays put (the login page sends a
 * signed-in user on, one render later).
 */
export async function waitForSettledPage(page: Page, signedIn: boolean): Promise<void> {
  // Attached, not visible: on a phone the navigation bar's menu is closed.
  const sessionKnown = page.locator(
    signedIn ? '[data-testid="navbar-user"]' : 'nav[aria-label="Main"] a[href="/login"]',
  );
  for (let attempt = 0; attempt < 5; attempt++) {
    await sessionKnown.waitFor({ state: "attached" });
    await page.locator("main h1").first().waitFor({ state: "visible" });
    await page.locator(BUSY).first().waitFor({ state: "detached" });
    const url = page.url();
    await page.evaluate(() =>
      Promise.all([
        document.fonts.ready,
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      ]),
    );
    if (page.url() === url && (await page.locator(BUSY).count()) === 0) return loadLazyImages(page);
  }
  throw new Error(`The page at ${page.url()} did not settle`);
}

/**
 * After the window changed size, the page lays itself out again and fetches nothing but the images
 * a new width may choose (its layout follows the window through the CSS alone): two animation
 * frames, then its images.
 */
export async function waitForRelayout(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await loadLazyImages(page);
}

/**
 * Lazy images far below the fold load only when scrolled to: load them all now, so the page is
 * measured and photographed as a reader who scrolls down sees it.
 */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    const loaded = (image: HTMLImageElement) =>
      image.complete
        ? Promise.resolve()
        : new Promise((resolve) =>
            ["load", "error"].forEach((type) => image.addEventListener(type, resolve, { once: true })),
          );
    await Promise.race([Promise.all(images.map(loaded)), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
}
