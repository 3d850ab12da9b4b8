import fs from "node:fs";
import path from "node:path";
import { AccessTokens } from "../../src/domain/accounts/access-tokens";
import { BrowserCartService } from "../../src/domain/orders/browser-cart.service";
import type { CartService } from "../../src/domain/orders/cart.service";
import type { DataSource } from "typeorm";
import { shop } from "./client";

/**
 * The storefront's cart-form token of the suite's shop, as its pages carry it (made from the
 * suite's JWT secret by the shop's own code; the server-rendering tests read it from a page).
 */
export function storefrontFormToken(): string {
  const secret = fs.readFileSync(path.join(shop().dataDir, "jwt-secret"), "utf8").trim();
  const keys = new AccessTokens(secret).derivedKeys("cart forms");
  return new BrowserCartService(null as unknown as DataSource, null as unknown as CartService, keys).formToken();
}

/** The cart page's form token for a browser's cart token, as the cart page renders it. */
export function cartFormToken(cartToken: string): string {
  const secret = fs.readFileSync(path.join(shop().dataDir, "jwt-secret"), "utf8").trim();
  const keys = new AccessTokens(secret).derivedKeys("cart forms");
  return new BrowserCartService(null as unknown as DataSource, null as unknown as CartService, keys).cartFormToken(
    cartToken,
  );
}
