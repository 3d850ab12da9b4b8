/* global window, document, location, MutationObserver, requestAnimationFrame, addEventListener, HTMLImageElement */
// What a shopper feels in Chromium (playwright-core) with the CPU slowed 4× through the DevTools
// protocol (Emulation.setCPUThrottlingRate): the script a storefront page loads before any input,
// and four first interactions, each measured two ways:
// - its interaction to next paint: the Event Timing API's duration (PerformanceObserver "event",
//   durationThreshold 16) of the interaction, the longest of its events, as INP counts it;
// - when it paints its answer: from the input (the pointer pressed, or the last key) to the end of
//   the first frame in which the answer is visible (a MutationObserver, load and input events
//   notice the answer; requestAnimationFrame, then a message posted from it, marks that frame's
//   end). Each interaction below says what its answer is. It also counts across a navigation (a
//   form that posts, a filter that loads a new page): the input's time is kept in sessionStorage.
// The two differ when the answer comes later than the next paint (a fetch, a script loaded on
// first use, a new page): the answer is what the shopper waits for.
import zlib from "node:zlib";
import { SMOKE } from "./smoke.mjs";

/** The CPU slowdown of every interaction run, as Lighthouse's mobile profile simulates it. */
export const CPU_SLOWDOWN = 4;

/** A desktop-wide window: the navigation bar's search box and the catalogue's filters are shown unfolded. */
export const VIEWPORT = { width: 1366, height: 768 };

/** How long an answer may take before the run says it never came. */
const ANSWER_TIMEOUT_MS = 15_000;

/** Runs of each interaction (BENCH_WEB_INTERACTION_RUNS; one in a smoke): each figure is their median. */
export const INTERACTION_RUNS = Math.max(
  1,
  Math.trunc(Number(process.env.BENCH_WEB_INTERACTION_RUNS)) || (SMOKE ? 1 : 5),
);

/** Quiet time after load before the first input: no request for 500 ms (network idle), then this. */
const SETTLE_MS = 1_000;

/** The word typed into the search box, a key at a time as a fast typist types (one every 150 ms). */
const SEARCH_WORD = "bat";
const KEY_DELAY_MS = 150;
const SEARCH_BOX = "#nav-search-input, input[type='search']";

/** sessionStorage key holding the interaction under way (it survives a navigation of the tab). */
const STORE = "__benchInteraction";

/**
 * Runs in every document of an interaction run before the page's own scripts: records the
 * Event Timing entries and the trusted inputs of the interaction under way, and reports each
 * answer (by name) to the bench through the binding __benchAnswer when a frame shows it.
 */
function pageProbe(store) {
  const events = [];
  window.__benchEvents = events;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        events.push({
          name: entry.name,
          at: performance.timeOrigin + entry.startTime,
          duration: entry.duration,
          processingStart: performance.timeOrigin + entry.processingStart,
          processingEnd: performance.timeOrigin + entry.processingEnd,
          interactionId: entry.interactionId ?? 0,
        });
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {}
  const read = () => {
    try {
      return JSON.parse(sessionStorage.getItem(store) ?? "null");
    } catch {
      return null;
    }
  };
  const write = (state) => sessionStorage.setItem(store, JSON.stringify(state));
  const shown = (element) =>
    Boolean(element?.isConnected) &&
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    element.getBoundingClientRect().width > 0;
  // Nodes of the page as it was before the input (a WeakSet of this document: a new document has none).
  const before = new WeakSet();
  window.__benchMarkBefore = (selector) => document.querySelectorAll(selector).forEach((node) => before.add(node));
  const changed = new WeakMap();
  // Each answer: what the shopper sees once the interaction is answered (null while not yet).
  const answers = {
    /** The search box's suggestions: a list (role listbox, the box's aria-controls) with an option, drawn since the last key. */
    suggestions(state) {
      const box = document.querySelector(state.input);
      const id = box?.getAttribute("aria-controls") || box?.getAttribute("aria-owns");
      const list = (id && document.getElementById(id)) || document.querySelector('[role="listbox"]');
      if (!list?.querySelector('[role="option"]') || !shown(list)) return null;
      return (changed.get(list) ?? 0) >= state.armedAt || !before.has(list) ? "suggestions" : null;
    },
    /** The word typed, shown in the box (what a build without suggestions answers). */
    typed(state) {
      const box = document.querySelector(state.input);
      return box?.value === state.word && shown(box) ? "typed word" : null;
    },
    /** The catalogue's results for the filter: the address holds it, and results built since the input are shown. */
    filtered(state) {
      if (new URLSearchParams(location.search).get(state.param) !== state.value) return null;
      const grid = document.querySelector(".catalogue__grid");
      const first = grid?.querySelector("article");
      if (!first || !shown(first) || document.querySelector('[aria-busy="true"]')) return null;
      return before.has(grid) && before.has(first) ? null : "results";
    },
    /** The cart took the part: the header's cart count changed, a notice says so, or the cart page lists it. */
    inCart(state) {
      const count = document.querySelector('[data-testid="cart-count"]');
      if (count && shown(count) && count.textContent.trim() !== state.countBefore) return "cart count";
      const mentions = (document.body?.textContent ?? "").split("in your cart").length - 1;
      if (mentions > state.mentionsBefore) return "notice";
      if (location.pathname === "/cart" && document.querySelector("main")?.textContent.includes(state.name))
        return "cart page";
      return null;
    },
    /** The chosen image, loaded and shown: as the part's main image, or in a dialog. */
    imageShown(state) {
      const loaded = (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0 && shown(img);
      const main = document.querySelector(state.main);
      if (loaded(main) && main.alt === state.alt) return "main image";
      const dialog = document.querySelector('[role="dialog"] img');
      return loaded(dialog) ? "dialog" : null;
    },
  };
  const reported = new Set();
  const check = () => {
    const state = read();
    if (!state?.armedAt) return;
    for (const name of state.answers) {
      if (reported.has(name) || state.done?.includes(name)) continue;
      const how = answers[name](state);
      if (!how) continue;
      reported.add(name);
      const seenAt = performance.timeOrigin + performance.now();
      // The end of the frame that draws it: a message posted from its animation frame runs after that frame.
      requestAnimationFrame((frameStart) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const paintedAt = performance.timeOrigin + performance.now();
          const now = read();
          if (now) write({ ...now, done: [...(now.done ?? []), name] });
          window.__benchAnswer?.({ name, how, seenAt, frameAt: performance.timeOrigin + frameStart, paintedAt });
        };
        channel.port2.postMessage(null);
      });
    }
  };
  // The inputs: a trusted key or pointer press arms the watch once the interaction's last input came.
  for (const type of ["keydown", "pointerdown"]) {
    addEventListener(
      type,
      (event) => {
        const state = read();
        if (!event.isTrusted || !state || state.armedAt) return;
        const at = performance.timeOrigin + event.timeStamp;
        state.inputs = [...(state.inputs ?? []), { type, at }];
        if (state.inputs.filter((input) => input.type === state.arm).length >= state.armAfter) state.armedAt = at;
        write(state);
      },
      { capture: true },
    );
  }
  const later = () => setTimeout(check, 0);
  for (const type of ["input", "change", "load", "error"]) addEventListener(type, later, { capture: true });
  const watch = () => {
    new MutationObserver((records) => {
      const now = performance.timeOrigin + performance.now();
      for (const record of records) {
        // What changed, and its ancestors: "drawn since" reads it.
        for (let node = record.target; node; node = node.parentNode) changed.set(node, now);
      }
      check();
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    check();
  };
  watch();
}

/** A frame's answer as reported by the page. */
function answerRecorder(page) {
  const answers = [];
  const waiters = [];
  return {
    answers,
    install: () =>
      page.exposeBinding("__benchAnswer", (_source, answer) => {
        answers.push(answer);
        for (const waiter of waiters.splice(0)) waiter();
      }),
    /** Waits until one of `names` is answered, or the timeout. */
    async waitFor(names, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!answers.some((answer) => names.includes(answer.name)) && Date.now() < deadline) {
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

/** Writes the interaction's state before its input: what arms it, and what each answer reads. */
async function prepare(page, state) {
  await page.evaluate(
    ({ store, state }) => {
      sessionStorage.setItem(store, JSON.stringify({ ...state, inputs: [], done: [] }));
    },
    { store: STORE, state },
  );
}

/**
 * The four first interactions. Each opens a page, prepares what its answer reads, and gives the
 * input a shopper gives; `answers` are the answers it waits for, the first one the answer that
 * counts when it comes (the others are reported beside it).
 */
export const INTERACTIONS = [
  {
    key: "search",
    label: "typing in the search box",
    page: (pages) => pages.home,
    answers: ["suggestions", "typed"],
    /**
     * A box that offers suggestions (a combobox, or one naming the list it controls, once
     * focused and typed into) must answer with them; a box that offers none, with the word.
     */
    async expected(page) {
      const offers = await page.evaluate((selector) => {
        const box = document.querySelector(selector);
        return Boolean(
          box?.getAttribute("role") === "combobox" ||
          box?.hasAttribute("aria-controls") ||
          box?.hasAttribute("aria-autocomplete") ||
          document.querySelector('[role="listbox"]'),
        );
      }, SEARCH_BOX);
      return offers ? ["suggestions"] : ["typed"];
    },
    answerDefinition: `"${SEARCH_WORD}" typed into the navigation bar's search box, a key every ${KEY_DELAY_MS} ms; answered, after the last key, by its suggestions drawn anew and shown (a list with role listbox holding an option) when the box offers suggestions (a combobox, or aria-controls or aria-autocomplete, or a listbox on the page), and otherwise by the word shown in the box`,
    async run(page) {
      const input = "#nav-search-input, input[type='search']";
      await prepare(page, {
        input,
        word: SEARCH_WORD,
        arm: "keydown",
        armAfter: SEARCH_WORD.length,
        answers: this.answers,
      });
      await page.evaluate(() => window.__benchMarkBefore('[role="listbox"]'));
      await page.locator(input).first().focus();
      for (const key of SEARCH_WORD) {
        await page.keyboard.press(key);
        await page.waitForTimeout(KEY_DELAY_MS);
      }
    },
  },
  {
    key: "filter",
    label: "changing a filter (/parts)",
    page: (pages) => pages.catalogue,
    answers: ["filtered"],
    answerDefinition:
      'a click on "In stock only" in /parts\'s filters; answered when the address holds inStock=1 and the results built since the click are shown (a new page or new cards, no loading placeholder)',
    async run(page) {
      await prepare(page, { param: "inStock", value: "1", arm: "pointerdown", armAfter: 1, answers: this.answers });
      await page.evaluate(() => window.__benchMarkBefore(".catalogue__grid, .catalogue__grid article"));
      await page.getByLabel("In stock only").first().click();
    },
  },
  {
    key: "cart",
    label: "add to cart (part page)",
    page: (pages) => pages.part,
    answers: ["inCart"],
    answerDefinition:
      'a click on the part page\'s "Add to cart"; answered when the header\'s cart count shows the new count, a notice says the part is "in your cart", or the cart page lists it',
    async run(page, part) {
      const countBefore = (
        await page
          .locator('[data-testid="cart-count"]')
          .first()
          .textContent()
          .catch(() => null)
      )?.trim();
      const mentionsBefore = await page.evaluate(() => document.body.textContent.split("in your cart").length - 1);
      await prepare(page, {
        countBefore: countBefore ?? null,
        mentionsBefore,
        name: part.name,
        arm: "pointerdown",
        armAfter: 1,
        answers: this.answers,
      });
      await page
        .getByRole("button", { name: /^Add to cart/ })
        .first()
        .click();
    },
  },
  {
    key: "gallery",
    label: "opening the gallery (part page)",
    page: (pages) => pages.part,
    answers: ["imageShown"],
    answerDefinition:
      "a click on the part page's second thumbnail; answered when that image, loaded, is the main image (its alt text) or shows in a dialog",
    async run(page) {
      const thumb = page.locator(".part-gallery__thumb, [data-gallery-thumb]").nth(1);
      const alt = await thumb.locator("img").getAttribute("alt");
      if (alt === null) throw new Error("the part page shows no second thumbnail to open");
      await prepare(page, {
        main: ".part-gallery .card__media img",
        alt,
        arm: "pointerdown",
        armAfter: 1,
        answers: this.answers,
      });
      await thumb.click();
    },
  },
];

const gzipBytes = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

/**
 * Opens `url` in a new context (a first visit, nothing cached) with the CPU slowed, and waits for
 * load, network idle and SETTLE_MS more: the script fetched until then is what the page loads
 * before any interaction. Returns the page and what its network log recorded.
 */
async function openSlowed(browser, url, { cpuSlowdown = CPU_SLOWDOWN, probe = false, storageState } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...(storageState ? { storageState } : {}) });
  const page = await context.newPage();
  // Set on the blank tab: DevTools carries it into the renderer process the shop's
  // Cross-Origin-Opener-Policy opens (checked: a loop there runs 3-4x slower than at rate 1).
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  const scripts = [];
  const network = { phase: "load" };
  page.on("response", async (response) => {
    const request = response.request();
    if (request.resourceType() !== "script") return;
    const phase = network.phase;
    try {
      const body = await response.body();
      const sizes = await request.sizes().catch(() => null);
      scripts.push({
        url: response.url(),
        phase,
        status: response.status(),
        gzipBytes: gzipBytes(body),
        bytes: body.length,
        wireBytes: sizes?.responseBodySize ?? null,
      });
    } catch {
      scripts.push({ url: response.url(), phase, status: response.status(), gzipBytes: 0, bytes: 0, wireBytes: null });
    }
  });
  const recorder = answerRecorder(page);
  if (probe) {
    await recorder.install();
    await page.addInitScript(pageProbe, STORE);
  }
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page.waitForLoadState("networkidle", { timeout: 20_000 }).catch(() => {});
  await page.waitForTimeout(SETTLE_MS);
  return { context, page, cdp, scripts, network, recorder };
}

/**
 * A shopper signed in through the login page, as a browser's storage: what the sign-in stored (the
 * shop's token and its user) opens a storefront page as theirs.
 */
export async function signedInStorage(browser, shopUrl, { email, password }) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${shopUrl}/login`, { timeout: 60_000 });
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.getByTestId("navbar-user").waitFor({ timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * The script a storefront page loads before any input: gzip -9 of each body Chromium fetched,
 * summed. With `storageState`, as the shopper it holds sees the page (signed in).
 */
export async function scriptBeforeInteraction(browser, url, { storageState } = {}) {
  const { context, scripts } = await openSlowed(browser, url, { storageState });
  await context.close();
  return summarizeScripts(scripts.filter((script) => script.phase === "load"));
}

function summarizeScripts(scripts) {
  return {
    gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    files: scripts.map(({ url, gzipBytes, wireBytes, status }) => ({
      path: new URL(url).pathname,
      status,
      gzipBytes,
      wireBytes,
    })),
  };
}

/** INP of the inputs from `since`: per interaction (interactionId), its longest event; the first and the worst. */
function eventTiming(events, since) {
  const byInteraction = new Map();
  for (const event of events) {
    if (!event.interactionId || event.at < since - 1) continue;
    const known = byInteraction.get(event.interactionId);
    if (!known || event.duration > known.duration) byInteraction.set(event.interactionId, event);
  }
  const interactions = [...byInteraction.values()].sort((a, b) => a.at - b.at);
  if (interactions.length === 0) return { firstMs: null, worstMs: null, interactions: 0 };
  return {
    firstMs: Math.round(interactions[0].duration),
    worstMs: Math.round(Math.max(...interactions.map((event) => event.duration))),
    interactions: interactions.length,
    longest: interactions.reduce((a, b) => (b.duration > a.duration ? b : a)).name,
  };
}

/**
 * One run of one interaction on a fresh page: the page's script before the input, Event Timing's
 * figures, each answer's time from the input that armed it, and the script the input loaded.
 */
export async function runInteraction(browser, interaction, url, part) {
  const { context, page, scripts, network, recorder } = await openSlowed(browser, url, { probe: true });
  try {
    network.phase = "interaction";
    // A page that offers no such input (a changed markup) is a run with no answer, said why; the
    // smoke stops on it instead, so the harness is mended before a long run needs it.
    let problem = null;
    try {
      await interaction.run.call(interaction, page, part);
    } catch (error) {
      if (SMOKE) throw error;
      problem = String(error?.message ?? error).split("\n")[0];
    }
    const expected = (await interaction.expected?.(page)) ?? interaction.answers;
    await recorder.waitFor(expected, ANSWER_TIMEOUT_MS);
    // The other answers, and Event Timing's entries (dispatched after the paint): a little longer.
    await recorder.waitFor(interaction.answers, 1_000);
    await page.waitForTimeout(500);
    const state = await page.evaluate((store) => JSON.parse(sessionStorage.getItem(store) ?? "null"), STORE);
    const events = await page.evaluate(() => window.__benchEvents ?? []);
    const inputs = state?.inputs ?? [];
    const firstInput = inputs[0]?.at ?? null;
    const armedAt = state?.armedAt ?? null;
    const answers = {};
    for (const answer of recorder.answers) {
      if (!armedAt || answers[answer.name]) continue;
      answers[answer.name] = {
        how: answer.how,
        ms: Math.round(answer.paintedAt - armedAt),
        frameStartMs: Math.round(answer.frameAt - armedAt),
      };
    }
    return {
      url: page.url(),
      ...(problem ? { problem } : {}),
      expected,
      inputs: inputs.length,
      answers,
      eventTiming: firstInput === null ? null : eventTiming(events, firstInput),
      scriptBefore: summarizeScripts(scripts.filter((script) => script.phase === "load")),
      scriptOnInput: summarizeScripts(scripts.filter((script) => script.phase === "interaction")),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
};

/** The median where a missing value (null) ranks last; null when the median falls on one. */
function medianCountingMissing(values) {
  const sorted = values.map((value) => value ?? Infinity).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return Number.isFinite(value) ? Math.round(value) : null;
}

/** A run's answer: the first it was expected to give (a search box without suggestions answers with the typed word). */
function answerOf(run) {
  for (const name of run.expected) if (run.answers[name]) return { name, ...run.answers[name] };
  return null;
}

/** An interaction's runs summed up: medians of its answer's time and of Event Timing's INP. */
function summarize(interaction, runs) {
  const answers = runs.map((run) => answerOf(run));
  const unanswered = answers.filter((answer) => !answer).length;
  return {
    label: interaction.label,
    answerDefinition: interaction.answerDefinition,
    // A run with no answer counts as the slowest: when half the runs or more have none, there is no median.
    answerMs: medianCountingMissing(answers.map((answer) => answer?.ms ?? null)),
    answeredBy: [...new Set(answers.map((answer) => answer?.how ?? "no answer"))],
    unanswered,
    inpMs: median(runs.map((run) => run.eventTiming?.worstMs)),
    firstInputInpMs: median(runs.map((run) => run.eventTiming?.firstMs)),
    inpReported: runs.filter((run) => run.eventTiming?.worstMs != null).length,
    scriptOnInputGzipBytes: median(runs.map((run) => run.scriptOnInput.gzipBytes)),
    runs: runs.map((run) => ({
      answer: answerOf(run),
      ...(run.problem ? { problem: run.problem } : {}),
      answers: run.answers,
      eventTiming: run.eventTiming,
      scriptBeforeGzipBytes: run.scriptBefore.gzipBytes,
      scriptOnInput: run.scriptOnInput,
      endedAt: new URL(run.url).pathname + new URL(run.url).search,
    })),
  };
}

/**
 * What a shopper feels, with the CPU slowed CPU_SLOWDOWN times: the script each storefront page of
 * `pageKeys` loads before any input (one first visit each, as a visitor and as `shopper` signed in),
 * and each interaction's INTERACTION_RUNS
 * runs, the four interleaved run by run so the machine's drift reaches all of them alike.
 */
export async function measureShopper({ browser, shopUrl, pages, part, pageKeys, shopper, log }) {
  const scripts = {};
  const signedIn = await signedInStorage(browser, shopUrl, shopper);
  const said = ({ gzipBytes, files }) => `${(gzipBytes / 1024).toFixed(1)} KB gzip in ${files.length} files`;
  for (const key of pageKeys) {
    const page = pages[key];
    scripts[key] = {
      label: page.label,
      path: page.path,
      ...(await scriptBeforeInteraction(browser, shopUrl + page.path)),
      signedIn: await scriptBeforeInteraction(browser, shopUrl + page.path, { storageState: signedIn }),
    };
    log(`  script before any input, ${page.label}: ${said(scripts[key])}; signed in, ${said(scripts[key].signedIn)}`);
  }
  const runs = Object.fromEntries(INTERACTIONS.map((interaction) => [interaction.key, []]));
  for (let run = 1; run <= INTERACTION_RUNS; run++) {
    for (const interaction of INTERACTIONS) {
      const result = await runInteraction(browser, interaction, shopUrl + interaction.page(pages).path, part);
      runs[interaction.key].push(result);
      const answer = answerOf(result);
      log(
        `  ${interaction.label}, run ${run}: ${answer ? `${answer.how} painted after ${answer.ms} ms` : `no answer${result.problem ? ` (${result.problem})` : ""}`}; INP ${result.eventTiming?.worstMs ?? "not reported"}${result.eventTiming?.worstMs != null ? " ms" : ""}`,
      );
    }
  }
  const interactions = Object.fromEntries(
    INTERACTIONS.map((interaction) => [interaction.key, summarize(interaction, runs[interaction.key])]),
  );
  return { cpuSlowdown: CPU_SLOWDOWN, viewport: VIEWPORT, runs: INTERACTION_RUNS, scripts, interactions };
}
