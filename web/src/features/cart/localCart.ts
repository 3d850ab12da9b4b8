/** A line of a visitor's cart, as the browser keeps it: the part's global id and how many units. */
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

/** Sets a part's quantity, adding the line at the end when the cart has none for it. */
export function setLocalLine(partId: string, quantity: number): void {
  const lines = readLocalCart();
  const index = lines.findIndex((line) => line.partId === partId);
  if (index === -1) write([...lines, { partId, quantity }]);
  else write(lines.map((line, at) => (at === index ? { partId, quantity } : line)));
}

export function removeLocalLine(partId: string): void {
  write(readLocalCart().filter((line) => line.partId !== partId));
}

export function clearLocalCart(): void {
  write(EMPTY);
}

/** Calls `listener` whenever the visitor's cart changes, in this tab or another; returns how to stop. */
export function subscribeLocalCart(listener: () => void): () => void {
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

/** The cart a server-rendered page shows: none (a visitor's cart lives in the browser). */
export const serverLocalCart = (): readonly LocalCartLine[] => EMPTY;
