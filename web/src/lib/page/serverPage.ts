import type { NormalizedCacheObject } from "@apollo/client";

/**
 * What a page rendered on the server hands to the browser, and how the browser takes it over:
 * the Apollo cache the server filled, and the head tags the server wrote for the page.
 */

/** The JSON data block holding the server's Apollo cache (a data block: no script runs, whatever the CSP). */
export const APOLLO_STATE_ID = "apollo-state";
/** Marks head tags the server added for the page. */
export const SERVER_HEAD_ATTRIBUTE = "data-server-head";
/** On a site-wide head tag the server rewrote for the page: the site's own value, put back in the browser. */
export const SITE_DEFAULT_ATTRIBUTE = "data-site-default";

/** JSON inside a script element: "<" written as \u003c so no text in it can close the element. */
export const scriptSafeJson = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

let hydrating = false;

/** True in a browser whose page came rendered from the server (the root holds its HTML). */
export function hydratesServerHtml(): boolean {
  return hydrating;
}

/**
 * Takes over a server-rendered page: returns the server's Apollo cache, and gives the head back
 * to the site's defaults, so the pages' own head hooks set (and later restore) it as in a page
 * rendered in the browser.
 */
export function takeOverServerPage(): unknown {
  hydrating = true;
  const cache = takeServerState();
  for (const element of document.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}]`)) element.remove();
  for (const element of document.head.querySelectorAll<HTMLElement>(`[${SITE_DEFAULT_ATTRIBUTE}]`)) {
    const value = element.getAttribute(SITE_DEFAULT_ATTRIBUTE) ?? "";
    if (element.tagName === "TITLE") document.title = value;
    else element.setAttribute("content", value);
    element.removeAttribute(SITE_DEFAULT_ATTRIBUTE);
  }
  return cache;
}

/**
 * The server's Apollo cache in the page, taken out of it: the page's own, or one put back since by
 * an address shown in place (lib/islands/swap.ts), which the islands' client adds to its cache.
 */
export function takeServerState(): unknown {
  const state = document.getElementById(APOLLO_STATE_ID);
  const cache: unknown = state?.textContent ? JSON.parse(state.textContent) : undefined;
  state?.remove();
  return cache;
}

/** What `current` lacks of the server cache `rendered` (a field evicted since), put back: each object's own fields win. */
export function addMissingServerState(
  current: NormalizedCacheObject,
  rendered: NormalizedCacheObject,
): NormalizedCacheObject {
  const merged: NormalizedCacheObject = { ...current };
  for (const [id, object] of Object.entries(rendered)) merged[id] = { ...object, ...current[id] };
  return merged;
}

/** `fresh` server cache added to `current`: each object's fields merged, the fresh ones winning (the root query's too). */
export function mergeServerState(current: NormalizedCacheObject, fresh: NormalizedCacheObject): NormalizedCacheObject {
  const merged: NormalizedCacheObject = { ...current };
  for (const [id, object] of Object.entries(fresh)) merged[id] = { ...current[id], ...object };
  return merged;
}
