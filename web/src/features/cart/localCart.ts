import { useSyncExternalStore } from "react";

/**
 * The cart this app kept in the browser's storage before the shop kept visitors' carts: read,
 * joined into the shop's cart once (useCart), then cleared. Nothing writes it any more.
 */

/** A line of a visitor's cart, as the browser kept it: the part's global id and how many units. */
export interface LocalCartLine {
  partId: string;
  quantity: number;
}

export const LOCAL_CART_KEY = "partshop.cart";
/** The shop keeps at most 50 lines in a cart (mergeCart and cartPreview take no more). */
export const MAX_CART_LINES = 50;

const EMPTY: readonly LocalCartLine[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; lines: readonly LocalCartLine[] } = { raw: null, lines: EMPTY };

function isLine(value: unknown): value is LocalCartLine {
  const line = value as LocalCartLine | null;
  return typeof line?.partId === "string" && line.partId !== "" && Number.isInteger(line.quantity) && line.quantity > 0;
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(LOCAL_CART_KEY);
  } catch {
    return null; // storage disabled (private mode): an empty cart
  }
}

/** The visitor's cart lines; what is unreadable is left out. The same array while nothing changed. */
export function readLocalCart(): readonly LocalCartLine[] {
  const raw = readRaw();
  if (raw === cached.raw) return cached.lines;
  let lines: readonly LocalCartLine[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) lines = parsed.filter(isLine).slice(0, MAX_CART_LINES);
  } catch {
    lines = EMPTY;
  }
  cached = { raw, lines };
  return lines;
}

function write(lines: readonly LocalCartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(LOCAL_CART_KEY);
    else localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(lines));
  } catch {
    /* storage disabled: the cart lasts as long as nothing reads it again */
  }
  for (const listener of listeners) listener();
}

export function clearLocalCart(): void {
  write(EMPTY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_CART_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The visitor's cart lines, re-rendering when they change (in this tab or another). */
export function useLocalCart(): readonly LocalCartLine[] {
  return useSyncExternalStore(subscribe, readLocalCart, () => EMPTY);
}
