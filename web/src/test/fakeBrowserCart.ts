import { vi } from "vitest";
import { resetBrowserCartForTests } from "@/features/cart/browserCart";

/** A part as the fake shop knows it: what the cart's rules need. */
interface FakePart {
  id: string;
  name: string;
  available: number;
  minOrderQuantity: number;
}

/**
 * The shop's cart routes for component tests (`/cart/...`, JSON), over one browser cart in
 * memory, with the rules a test can see: the part's minimum order, no more than is available, the
 * larger quantity when lines join, the storefront's token for adding and the cart's own for
 * changing, and the cart joined to an account until it leaves. Other requests go to the real fetch.
 */
/** The fake shop's cart, as a test fills and reads it. */
export interface FakeBrowserCart {
  /** Parts the shop sells with rules of their own (others: a minimum of 2, 100 available). */
  sells(...sold: FakePart[]): void;
  /** Puts lines in the cart as a no-script form would have. */
  holds(...held: { partId: string; quantity: number }[]): void;
  lines(): { partId: string; quantity: number }[];
  /** The bearer token the cart was joined with, until it left. */
  joinedTo(): string | null;
  requests: { method: string; path: string; body: unknown; headers: Record<string, string> }[];
  uninstall(): void;
}

export function installFakeBrowserCart(): FakeBrowserCart {
  installed?.uninstall();
  const parts = new Map<string, FakePart>();
  const lines = new Map<string, number>();
  const requests: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  let joinedTo: string | null = null;
  const realFetch = globalThis.fetch;
  const partOf = (id: string): FakePart =>
    parts.get(id) ?? { id, name: `Part ${id}`, available: 100, minOrderQuantity: 2 };
  const json = (status: number, body: unknown) =>
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  const summary = () => ({
    itemCount: [...lines.values()].reduce((sum, quantity) => sum + quantity, 0),
    lineCount: lines.size,
  });

  function answer(method: string, path: string, body: Record<string, unknown>, token: string, bearer: string) {
    if (method === "GET" && path === "/cart/summary")
      return json(200, {
        ...summary(),
        lines: [...lines].map(([part, quantity]) => ({ part, quantity })),
        token: lines.size > 0 ? "cart-token" : "storefront-token",
      });
    if (method === "POST" && path === "/cart/lines") {
      if (token !== "storefront-token" && token !== "cart-token") return json(403, { error: "Not this shop's form" });
      const part = partOf(String(body.part));
      const current = lines.get(part.id) ?? 0;
      const wanted = Math.max(part.minOrderQuantity, current + Number(body.quantity));
      if (wanted > part.available)
        return json(400, {
          error: current
            ? `Only ${part.available} of ${part.name} are available, and your cart has ${current}`
            : `Only ${part.available} of ${part.name} are available`,
        });
      lines.set(part.id, wanted);
      return json(200, summary());
    }
    if (method === "POST" && path.startsWith("/cart/lines/")) {
      if (token !== "cart-token") return json(403, { error: "Not this cart's form" });
      const part = partOf(decodeURIComponent(path.slice("/cart/lines/".length)));
      if (body.remove !== undefined) lines.delete(part.id);
      else if (Number(body.quantity) < part.minOrderQuantity)
        return json(400, { error: `The minimum order for ${part.name} is ${part.minOrderQuantity}` });
      else lines.set(part.id, Number(body.quantity));
      return json(200, summary());
    }
    if (method === "POST" && path === "/cart/merge") {
      for (const line of body.lines as { part: string; quantity: number }[])
        lines.set(line.part, Math.max(lines.get(line.part) ?? 0, line.quantity));
      return json(200, summary());
    }
    if (method === "POST" && path === "/cart/join") {
      if (!bearer) return json(401, { error: "Sign in first" });
      joinedTo = bearer;
      lines.clear(); // joined the account's cart (which the cart query then reads)
      return json(200, summary());
    }
    if (method === "POST" && path === "/cart/leave") {
      joinedTo = null;
      lines.clear();
      return json(204, null);
    }
    return json(404, { error: "Not found" });
  }

  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    if (!url.pathname.startsWith("/cart")) return realFetch(input, init);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = (init.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
    const method = init.method ?? "GET";
    requests.push({ method, path: url.pathname, body, headers });
    return answer(method, url.pathname, body, headers["x-csrf-token"] ?? "", headers.authorization ?? "");
  });
  resetBrowserCartForTests();
  vi.stubGlobal("fetch", fake);

  const shop: FakeBrowserCart = {
    sells(...sold: FakePart[]) {
      for (const part of sold) parts.set(part.id, part);
    },
    holds(...held: { partId: string; quantity: number }[]) {
      for (const { partId, quantity } of held) lines.set(partId, quantity);
    },
    lines: () => [...lines].map(([partId, quantity]) => ({ partId, quantity })),
    joinedTo: () => joinedTo,
    requests,
    uninstall() {
      vi.unstubAllGlobals();
      resetBrowserCartForTests();
      installed = null;
    },
  };
  installed = shop;
  return shop;
}

let installed: FakeBrowserCart | null = null;

/** The fake shop every component test starts with (web/src/test/setup.ts). */
export const fakeBrowserCart = (): FakeBrowserCart => installed ?? installFakeBrowserCart();
