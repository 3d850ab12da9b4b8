import { useSyncExternalStore, type ReactNode } from "react";
import { Router, createPath, type Location, type Navigator, type To } from "react-router-dom";
import { startEveryIsland } from "@/lib/islands/islands";
import { ADDRESS_SHOWN_EVENT } from "@/lib/islands/swap";

/**
 * The router of a storefront page's islands. They share the window's address: a link or a
 * navigate() to another page loads that page from the server (it is server HTML with islands of
 * its own, or the app); one that only changes the query of this page (the catalogue's search,
 * filters, order and paging) stays here and every island follows it, as the app's router would,
 * once they have all started (one still server HTML would show the old address).
 */
const listeners = new Set<() => void>();
let current: { href: string; location: Location } | null = null;

function readLocation(): Location {
  const href = window.location.href;
  if (current?.href !== href) {
    const { pathname, search, hash } = window.location;
    const state: unknown = window.history.state;
    const key = (state as { key?: string } | null)?.key ?? "default";
    current = {
      href,
      location: { pathname, search, hash, state: (state as { usr?: unknown } | null)?.usr ?? null, key },
    };
  }
  return current.location;
}

const notify = () => {
  for (const listener of listeners) listener();
};

/** Back and forward, and an address plain script showed in place (a filter applied before the page's island started). */
const ADDRESS_EVENTS = ["popstate", ADDRESS_SHOWN_EVENT];

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) for (const type of ADDRESS_EVENTS) window.addEventListener(type, notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) for (const type of ADDRESS_EVENTS) window.removeEventListener(type, notify);
  };
}

async function go(to: To, state: unknown, replace: boolean): Promise<void> {
  const url = new URL(typeof to === "string" ? to : createPath(to), window.location.href);
  if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) {
    if (replace) window.location.replace(url);
    else window.location.assign(url);
    return;
  }
  await startEveryIsland();
  const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10) };
  if (replace) window.history.replaceState(entry, "", url);
  else window.history.pushState(entry, "", url);
  notify();
}

const navigator: Navigator = {
  createHref: (to) => (typeof to === "string" ? to : createPath(to)),
  push: (to, state) => void go(to, state, false),
  replace: (to, state) => void go(to, state, true),
  go: (delta) => window.history.go(delta),
};

export function IslandRouter({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribe, readLocation, readLocation);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
