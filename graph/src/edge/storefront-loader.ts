import crypto from "node:crypto";

/**
 * The one inline script the shop serves: on a storefront page, it loads the page's script (named
 * by its `data-storefront-entry`) once the page has loaded and painted, so nothing the script
 * fetches or runs is on the way of the first paint or the page's images (docs/architecture.md,
 * "Storefront islands"). Until then the page works as plain HTML. Its text never changes, so the
 * Content-Security-Policy allows it by its hash (no nonce: pages stay cacheable).
 */
export const STOREFRONT_LOADER = [
  'addEventListener("load",function(){',
  'var entry=document.querySelector("script[data-storefront-entry]").getAttribute("data-storefront-entry");',
  "var start=function(){import(entry)};",
  "if(document.hidden)setTimeout(start);",
  "else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start)})})",
  "})",
].join("");

/** The loader's CSP source expression. */
export const STOREFRONT_LOADER_HASH = `'sha256-${crypto.createHash("sha256").update(STOREFRONT_LOADER).digest("base64")}'`;
