import { useEffect, useSyncExternalStore } from "react";
import { loadBrowserCart, readBrowserCart, subscribeBrowserCart, unreadBrowserCart } from "./browserCartStore";
import type { BrowserCartState } from "./browserCartStore";

export * from "./browserCartStore";

/** The browser's cart, read once when first wanted (`enabled`), re-rendering as it changes. */
export function useBrowserCart(enabled: boolean): BrowserCartState {
  const cart = useSyncExternalStore(subscribeBrowserCart, readBrowserCart, unreadBrowserCart);
  useEffect(() => {
    if (!enabled || cart.loaded) return;
    void loadBrowserCart();
  }, [enabled, cart.loaded]);
  return cart;
}
