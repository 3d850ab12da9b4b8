import crypto from "node:crypto";

/**
 * The one inline script the shop serves: on a storefront page, it loads the page's script (named
 * by its `data-storefront-entry`) once the page has loaded and its largest content has painted,
 * so nothing the script fetches or runs is on the way of the first paint, the largest one, or the
 * page's images (docs/architecture.md, "Storefront islands"). Until then the page works as plain
 * HTML. A page that arrives fast can load before it first paints, so `load` alone is not enough:
 * it waits for the first largest-contentful-paint entry where the browser reports them, then two
 * frames, and at most LOADER_WAIT_MS after load. Its text never changes, so the
 * Content-Security-Policy allows it by its hash (no nonce: pages stay cacheable).
 */
const LOADER_WAIT_MS = 3000;
export const STOREFRONT_LOADER = [
  'addEventListener("load",function(){',
  'var entry=document.querySelector("script[data-storefront-entry]").getAttribute("data-storefront-entry");',
  "var started=false;",
  "var start=function(){if(!started){started=true;import(entry)}};",
  "var afterFrames=function(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start)})})};",
  "if(document.hidden)return setTimeout(start);",
  `setTimeout(start,${LOADER_WAIT_MS});`,
  'var lcp="largest-contentful-paint";',
  "if(!(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes&&PerformanceObserver.supportedEntryTypes.indexOf(lcp)>=0))return afterFrames();",
  "new PerformanceObserver(function(list,observer){observer.disconnect();afterFrames()}).observe({type:lcp,buffered:true})",
  "})",
].join("");

/** The loader's CSP source expression. */
export const STOREFRONT_LOADER_HASH = `'sha256-${crypto.createHash("sha256").update(STOREFRONT_LOADER).digest("base64")}'`;
