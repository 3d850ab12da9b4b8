import { CART_FORM_TOKEN_META } from "./cartRoutes";
import type { LocalCartLine } from "./localCart";
import { asSessionWork } from "@/lib/auth/sessionWork";

/**
 * This browser's cart as the shop keeps it under its cookie (`partshop_cart`, scoped to /cart):
 * the cart the no-script forms fill, read and changed here through the shop's cart routes
 * (docs/architecture.md, "The server cart"). One store for the whole page, so the cart icon and
 * every "Add to cart" share one answer. Plain script: the storefront's cart count reads it too,
 * before React is fetched.
 */
export interface BrowserCartState {
  /** False until the shop's first answer (or its failure). */
  loaded: boolean;
  itemCount: number;
  lines: readonly LocalCartLine[];
  /** The token the shop takes this browser's changes with (the cart's own once it has one). */
  token: string;
  error: Error | null;
}

interface Summary {
  itemCount: number;
  lineCount: number;
  lines: { part: string; quantity: number }[];
  token: string;
}

/** The account this browser's cart was joined to (`POST /cart/join`), until it leaves it. */
export const JOINED_ACCOUNT_KEY = "partshop.cart.joined";

const INITIAL: BrowserCartState = { loaded: false, itemCount: 0, lines: [], token: "", error: null };
let state: BrowserCartState = INITIAL;
let reading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: BrowserCartState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** A refusal of the shop's, with its sentence (`{ error }`), or a word that the shop cannot be reached. */
async function answerOf<T>(response: Response): Promise<T> {
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  throw new Error(typeof body?.error === "string" ? body.error : "Your cart could not be changed: try again");
}

function call<T>(
  method: "GET" | "POST",
  path: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<T> {
  return fetch(path, {
    method,
    credentials: "same-origin",
    headers: { accept: "application/json", ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  }).then((response) => answerOf<T>(response));
}

/**
 * Reads the cart again: one read at a time, callers while one is on its way share it; `fresh`
 * (after a change) waits for a read begun before the change and reads once more.
 */
export async function refreshBrowserCart({ fresh = false } = {}): Promise<void> {
  if (fresh && reading) await reading;
  reading ??= call<Summary>("GET", "/cart/summary")
    .then((summary) =>
      publish({
        loaded: true,
        itemCount: summary.itemCount,
        lines: summary.lines.map(({ part, quantity }) => ({ partId: part, quantity })),
        token: summary.token,
        error: null,
      }),
    )
    .catch((error: unknown) =>
      publish({ ...state, loaded: true, error: error instanceof Error ? error : new Error(String(error)) }),
    )
    .finally(() => {
      reading = null;
    });
  return reading;
}

/** The token for a change: the cart's own (from its last read), or the storefront's from the page's head. */
function tokenForChange(): string {
  if (state.token) return state.token;
  return document.querySelector<HTMLMetaElement>(`meta[name="${CART_FORM_TOKEN_META}"]`)?.content ?? "";
}

/**
 * A change, then the cart read again; a refusal throws the shop's sentence. The change's answer
 * counts the cart already: the count shows it at once, a round trip before the lines are read.
 */
async function change(path: string, body: object): Promise<void> {
  if (!state.token) await refreshBrowserCart();
  try {
    const answer = await call<Partial<Summary> | undefined>("POST", path, body, { "x-csrf-token": tokenForChange() });
    if (typeof answer?.itemCount === "number") publish({ ...state, itemCount: answer.itemCount });
  } finally {
    await refreshBrowserCart({ fresh: true });
  }
}

export const addToBrowserCart = (partId: string, quantity: number) => change("/cart/lines", { part: partId, quantity });

export const setBrowserCartQuantity = (partId: string, quantity: number) =>
  change(`/cart/lines/${encodeURIComponent(partId)}`, { quantity });

export const removeFromBrowserCart = (partId: string) =>
  change(`/cart/lines/${encodeURIComponent(partId)}`, { remove: true });

/** Lines the app once kept in this browser's storage join the cart (the larger quantity of a part in both). */
export const mergeIntoBrowserCart = (lines: readonly LocalCartLine[]) =>
  change("/cart/merge", { lines: lines.map(({ partId, quantity }) => ({ part: partId, quantity })) });

function readJoined(): string | null {
  try {
    return localStorage.getItem(JOINED_ACCOUNT_KEY);
  } catch {
    return null;
  }
}

function writeJoined(uid: string | null): void {
  try {
    if (uid === null) localStorage.removeItem(JOINED_ACCOUNT_KEY);
    else localStorage.setItem(JOINED_ACCOUNT_KEY, uid);
  } catch {
    /* storage disabled: the browser joins again at the next page load, which changes nothing */
  }
}

/** Whether this browser's cart is already the account's (joined in this browser, not left since). */
export const isJoinedTo = (uid: string) => readJoined() === uid;

let joining: Promise<void> | null = null;

/**
 * At sign-in: this browser's cart joins the account's (`POST /cart/join`, its lines merged as
 * mergeCart merges them), and from then on is the account's. Once per account and browser.
 */
export function joinBrowserCart(uid: string, accessToken: string | null): Promise<void> {
  // Without a token the session has ended (signed out meanwhile): there is nothing to join.
  if (isJoinedTo(uid) || !accessToken) return Promise.resolve();
  joining ??= asSessionWork(call("POST", "/cart/join", {}, { authorization: `Bearer ${accessToken}` }))
    .then(() => writeJoined(uid))
    .finally(() => {
      joining = null;
      publish({ ...INITIAL });
    });
  return joining;
}

let leaving: Promise<void> | null = null;

/**
 * At sign-out (in this tab or another, or a session that ended): the browser forgets the
 * account's cart (`POST /cart/leave`; the account keeps it), so a visitor here never sees it.
 */
export function leaveBrowserCart(): Promise<void> {
  if (readJoined() === null) return Promise.resolve();
  leaving ??= call("POST", "/cart/leave")
    .then(() => writeJoined(null))
    .finally(() => {
      leaving = null;
      publish({ ...INITIAL });
    });
  return leaving;
}

/** Calls `listener` whenever the cart changes; returns how to stop. */
export function subscribeBrowserCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The cart as last read. */
export const readBrowserCart = () => state;

/** The cart before any read: what a server-rendered page shows. */
export const unreadBrowserCart = () => INITIAL;

/** The first read of a page: a cart still joined to an account signed out since (here or in another tab) is left first. */
export const loadBrowserCart = (): Promise<void> =>
  leaveBrowserCart()
    .catch(() => undefined)
    .then(() => refreshBrowserCart());

/** Forgets what was read (tests start each from an empty page). */
export function resetBrowserCartForTests(): void {
  reading = joining = leaving = null;
  state = INITIAL;
}
