import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { installFakeBrowserCart, fakeBrowserCart } from "./fakeBrowserCart";

// The shop's cart routes, which the cart (useCart) reads and changes for a visitor.
beforeEach(() => {
  installFakeBrowserCart();
});

afterEach(() => {
  cleanup();
  fakeBrowserCart().uninstall();
  globalThis.localStorage?.clear();
});
