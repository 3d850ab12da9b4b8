import { Cleanup, freePort, makeDataDir, spawnShop } from "./lib/processes.mjs";
import { chromium } from "playwright-core";
const cleanup = new Cleanup();
const env = { DATA_DIR: makeDataDir("probe", cleanup), PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), AUTH_EMULATOR_PORT: String(await freePort(3)), STRIPE_SANDBOX_PORT: String(await freePort()), MAILDEV_SMTP_PORT: String(await freePort()), MAILDEV_WEB_PORT: String(await freePort()), LOG_MIGRATIONS: "0", WEB_SSR: "on" };
const shop = await spawnShop("probe", env, cleanup);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const js of [true, true, true]) for (const path of ["/parts?q=battery"]) {
  const ctx = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  if (!js) await page.route(/\.js(\?|$)/, (r) => r.abort());
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    window.__lcp = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: e.element ? e.element.tagName + "." + e.element.className + " " + (e.element.textContent || "").slice(0, 40) : e.url }); }).observe({ type: "largest-contentful-paint", buffered: true });
    window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(Math.round(e.startTime) + "+" + Math.round(e.duration)); }).observe({ type: "longtask", buffered: true });
    window.__paints = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__paints.push(e.name + "@" + Math.round(e.startTime)); }).observe({ type: "paint", buffered: true });
  });
  await page.goto(shop.url + path, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  console.log(js ? "scripts " : "noscript", path, JSON.stringify(await page.evaluate(() => { const n = performance.getEntriesByType("navigation")[0]; return { lcp: window.__lcp.map((e) => e.t + ":" + e.size), paints: window.__paints, resp: Math.round(n.responseEnd), interactive: Math.round(n.domInteractive), dclStart: Math.round(n.domContentLoadedEventStart), dclEnd: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventStart), js: performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".js")).map((r) => r.name.split("/").pop() + "@" + Math.round(r.startTime) + "-" + Math.round(r.responseEnd)), long: (window.__long || []), times: window.__times }; })));
  await ctx.close();
}
await browser.close();
await cleanup.run();
process.exit(0);
