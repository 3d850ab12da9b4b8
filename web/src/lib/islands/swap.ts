import { APOLLO_STATE_ID, SERVER_HEAD_ATTRIBUTE, SITE_DEFAULT_ATTRIBUTE } from "@/lib/page/serverPage";
import { takenByReact } from "./plain";

/**
 * Another address of this page shown in place: its server HTML is fetched (the server answers it
 * from its page cache) and the regions that depend on the address are swapped for the fetched
 * ones, with the head and the page data React hydrates from, so an island started later hydrates
 * what is on screen. A region React has taken is left to React. Back and forward swap too.
 */

/** Said on window once an address is shown in place, for the islands' router to follow it. */
export const ADDRESS_SHOWN_EVENT = "partshop:address-shown";

/** The address this document shows (path and query). */
let shown = currentAddress();
let pending: AbortController | null = null;
let followingHistory = false;
let status: HTMLElement | null = null;
/** An address fetched ahead of its swap (the shopper's pointer is on the control that shows it): one at a time, used once. */
let ahead: { href: string; at: number; response: Promise<Response> } | null = null;
/** How long a fetch started ahead stays worth using: a page fetched longer ago may be stale. */
const AHEAD_FOR_MS = 10_000;

function currentAddress(): string {
  return location.pathname + location.search;
}

/** Stops a swap under way (React is taking the page). */
export function cancelSwap(): void {
  pending?.abort();
  pending = null;
}

/**
 * Shows `url` (an address of this page) in place: adds a history entry for it and swaps
 * `regions` (selectors; each matches as many elements here as in the fetched page). Settles false
 * when it could not (the fetch failed, another page answered) and the browser was sent there
 * instead, or when a later call or React took over.
 */
export async function showInPlace(url: string, regions: readonly string[]): Promise<boolean> {
  followHistory(regions);
  const address = new URL(url, location.href);
  const result = await swapTo(address, regions, "push");
  if (result === "failed") location.assign(address.href);
  return result === "swapped";
}

/**
 * Starts fetching `url` before the shopper asks for it (their pointer is on the control that
 * would show it), so that its swap, if it comes, waits less; a swap of another address ignores it.
 */
export function fetchAhead(url: string): void {
  const href = new URL(url, location.href).href;
  if (ahead?.href === href && performance.now() - ahead.at < AHEAD_FOR_MS) return;
  const response = fetch(href, { headers: { accept: "text/html" } });
  response.catch(() => undefined);
  ahead = { href, at: performance.now(), response };
}

/** The fetch started ahead for `address`, if it is recent enough; it is used once. */
function takeAhead(address: URL): Promise<Response> | null {
  const found = ahead;
  ahead = null;
  return found?.href === address.href && performance.now() - found.at < AHEAD_FOR_MS ? found.response : null;
}

/** Back and forward between addresses shown in place swap their regions again (or load the page). */
function followHistory(regions: readonly string[]): void {
  if (followingHistory) return;
  followingHistory = true;
  addEventListener("popstate", () => {
    // A fragment's entry (the skip link), or regions React has all taken: it follows the address itself.
    if (currentAddress() === shown || regions.every((selector) => isTaken(selector))) return;
    void swapTo(new URL(location.href), regions, "current").then((result) => {
      if (result === "failed") location.reload();
    });
  });
}

const isTaken = (selector: string) => [...document.querySelectorAll(selector)].some((element) => takenByReact(element));

/**
 * Fetches `address` and swaps it in; `push` adds its history entry first, in the same task, so
 * the address and what is shown change together ("current": the browser's address is it already).
 */
async function swapTo(
  address: URL,
  regions: readonly string[],
  history: "push" | "current",
): Promise<"swapped" | "failed" | "aborted"> {
  cancelSwap();
  const controller = new AbortController();
  pending = controller;
  try {
    const response = await (takeAhead(address) ??
      fetch(address, { headers: { accept: "text/html" }, signal: controller.signal }));
    // A redirect to another page, or an error page: the browser shows it itself.
    if (!response.ok || (response.redirected && new URL(response.url).pathname !== address.pathname)) return "failed";
    const html = await response.text();
    if (controller.signal.aborted) return "aborted";
    const page = new DOMParser().parseFromString(html, "text/html");
    const pairs = regionPairs(page, regions);
    if (!pairs) return "failed";
    const focus = focusedControl(pairs.map(([here]) => here));
    if (history === "push")
      window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10) }, "", address);
    shown = currentAddress();
    // innerHTML in this document: a <noscript> is parsed as text, as the browser parsed the page.
    for (const [here, there] of pairs) {
      if (takenByReact(here)) continue;
      const putBackTyped = typedText(here);
      here.innerHTML = there.innerHTML;
      putBackTyped();
    }
    swapHead(page);
    swapServerState(page);
    focus?.();
    announce(pairs.flatMap(([, there]) => [...there.querySelectorAll("[aria-live]")]));
    dispatchEvent(new Event(ADDRESS_SHOWN_EVENT));
    return "swapped";
  } catch (error) {
    return controller.signal.aborted ? "aborted" : "failed";
  } finally {
    if (pending === controller) pending = null;
  }
}

/** Each region here with its counterpart in the fetched page; null when they do not match (another kind of page). */
function regionPairs(page: Document, regions: readonly string[]): [Element, Element][] | null {
  const pairs: [Element, Element][] = [];
  for (const selector of regions) {
    const here = document.querySelectorAll(selector);
    const there = page.querySelectorAll(selector);
    if (here.length !== there.length) return null;
    here.forEach((element, index) => pairs.push([element, there[index]]));
  }
  return pairs;
}

/**
 * The focused control, if a region holds it: returns how to focus its counterpart once swapped
 * (by id, else by its form's control of the same name and value), so the shopper stays on it.
 */
function focusedControl(regions: Element[]): (() => void) | null {
  const focused = document.activeElement;
  const index = regions.findIndex((region) => focused && region.contains(focused));
  if (index < 0 || !(focused instanceof HTMLElement)) return null;
  const region = regions[index];
  const { id } = focused;
  const name = focused.getAttribute("name");
  const value = focused.getAttribute("value");
  const selector = id
    ? `#${CSS.escape(id)}`
    : name
      ? `[name="${CSS.escape(name)}"]${value === null ? "" : `[value="${CSS.escape(value)}"]`}`
      : null;
  return selector ? () => region.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true }) : null;
}

const TEXT_TYPES = new Set(["text", "search", "number", "email", "tel", "url"]);

/**
 * What the shopper typed in a region's fields and has not sent (a word in the search box while
 * they tick a filter): returns how to put it back once the region is swapped, into the field of
 * the same name, where the fetched page still shows what the field showed before the typing.
 */
function typedText(region: Element): () => void {
  const typed = [...region.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")]
    .filter((field) => field.name && (field.type === "textarea" || TEXT_TYPES.has(field.type)))
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ name: field.name, shown: field.defaultValue, value: field.value }));
  return () => {
    for (const { name, shown, value } of typed) {
      const field = region.querySelector(`[name="${CSS.escape(name)}"]`);
      const isText = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement;
      if (isText && field.value === shown) field.value = value;
    }
  };
}

/** The page's title, description and the tags the server wrote for it (until React manages the head). */
function swapHead(page: Document): void {
  document.title = page.title;
  const title = document.head.querySelector("title");
  // React has taken the head over (an island started): its pages set the rest.
  if (!title?.hasAttribute(SITE_DEFAULT_ATTRIBUTE)) return;
  const description = page.head.querySelector('meta[name="description"]')?.getAttribute("content");
  if (description != null)
    document.head.querySelector('meta[name="description"]')?.setAttribute("content", description);
  for (const element of document.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}]`)) element.remove();
  for (const element of page.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}]`))
    document.head.append(document.importNode(element, true));
}

/**
 * The cache the fetched page was rendered from, where React reads it when an island starts
 * (lib/page/serverPage.ts): in place of this page's, or again if an island took that already.
 */
function swapServerState(page: Document): void {
  const fresh = page.getElementById(APOLLO_STATE_ID);
  const here = document.getElementById(APOLLO_STATE_ID);
  if (!fresh) return;
  const state = document.createElement("script");
  state.type = "application/json";
  state.id = APOLLO_STATE_ID;
  state.textContent = fresh.textContent;
  if (here) here.replaceWith(state);
  else (document.getElementById("root") ?? document.body.lastChild)?.after(state);
}

/** Says politely what the swapped page's live regions say (a region swapped in is not announced by itself). */
function announce(live: Element[]): void {
  const text = live
    .map((element) => element.textContent?.trim() ?? "")
    .filter(Boolean)
    .join(". ");
  if (!text) return;
  if (!status?.isConnected) {
    status = document.createElement("div");
    status.setAttribute("role", "status");
    status.className = "visually-hidden";
    document.body.append(status);
  }
  status.textContent = text;
}
