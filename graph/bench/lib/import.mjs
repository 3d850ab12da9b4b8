// The import phase of `npm run bench`: a 100,000-line parts CSV dry-run, applied,
// applied again (no change) and exported, on a shop of its own with an empty catalogue; the rate
// of each step and the shop process's peak memory (VmHWM), which a streamed import keeps flat.
import crypto from "node:crypto";
import fs from "node:fs";
import { signIn } from "./client.mjs";
import { Cleanup, freePort, mailCatcherPorts, makeDataDir, rssMb, spawnShop } from "./processes.mjs";

const HEADER =
  "part_number,name,price,stock,min_order_quantity,low_stock_threshold,description,compatible_models,alternative_numbers,images,retired";

/** Line i of the file, as the export writes a part. */
const lineOf = (i) =>
  [
    `BENCH-${String(i).padStart(6, "0")}`,
    `Bench battery ${i}`,
    (10 + (i % 500) + 0.25).toFixed(2),
    String(i % 97),
    String(1 + (i % 3)),
    "10",
    i % 10 === 0 ? `"Cells, ${i % 7} of them"` : `Cells ${i % 7}`,
    i % 2 ? "Dell Latitude 5420; Lenovo ThinkPad T14 Gen 2" : "",
    i % 5 === 0 ? `FRU-${String(i).padStart(6, "0")}` : "",
    "/images/parts/battery.svg",
    "no",
  ].join(",");

/** The file, generated as it is sent: the benchmark never holds it whole either. */
async function* file(lines) {
  yield `${HEADER}\r\n`;
  for (let start = 0; start < lines; start += 5000) {
    const end = Math.min(lines, start + 5000);
    yield Array.from({ length: end - start }, (_, k) => `${lineOf(start + k)}\r\n`).join("");
  }
}

const peakRssMb = (pid) =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 102.4) / 10;

async function timed(what, work) {
  const started = process.hrtime.bigint();
  const result = await work();
  return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9, what };
}

export async function importPhase({ log, cleanup: outer, lines }) {
  const cleanup = new Cleanup();
  outer.add("import phase", () => cleanup.run());
  try {
    const env = {
      DATA_DIR: makeDataDir("import", cleanup),
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      AUTH_EMULATOR_PORT: String(await freePort(3)),
      STRIPE_SANDBOX_PORT: String(await freePort()),
      ...(await mailCatcherPorts()),
      JWT_SECRET: crypto.randomBytes(32).toString("hex"),
      ADMIN_EMAILS: "admin@partshop.dev",
      LOG_MIGRATIONS: "0",
      SEED: "false",
    };
    log("import: starting a shop of its own with an empty catalogue");
    const shop = await spawnShop("import", env, cleanup);
    const admin = await signIn(`127.0.0.1:${env.AUTH_EMULATOR_PORT}`, shop.url, "admin@partshop.dev", "partshop-admin");
    const atRestMb = rssMb(shop.pid);
    const send = async (query) => {
      const response = await fetch(`${shop.url}/admin/parts/import?${query}`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin.token}`, "content-type": "text/csv" },
        body: ReadableStream.from(file(lines)),
        duplex: "half",
      });
      const body = await response.json();
      if (response.status !== 200)
        throw new Error(`import ${query}: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
      return body;
    };
    const steps = [];
    const step = async (what, work, check) => {
      log(`import: ${what} of ${lines.toLocaleString("en-US")} lines`);
      const measured = await timed(what, work);
      check(measured.result);
      steps.push({
        what,
        seconds: Math.round(measured.seconds * 10) / 10,
        linesPerSecond: Math.round(lines / measured.seconds),
      });
    };
    const expect = (body, counts) => {
      for (const [key, value] of Object.entries(counts))
        if (body[key] !== value) throw new Error(`import: ${key} is ${body[key]}, expected ${value}`);
    };
    await step(
      "dry run",
      () => send("dryRun=true&fileName=bench.csv"),
      (body) => expect(body, { lines, created: lines }),
    );
    await step(
      "apply",
      () => send("dryRun=false&fileName=bench.csv"),
      (body) => expect(body, { lines, created: lines }),
    );
    await step(
      "apply again (no change)",
      () => send("dryRun=false&fileName=bench.csv"),
      (body) => expect(body, { lines, unchanged: lines }),
    );
    await step(
      "export",
      async () => {
        const response = await fetch(`${shop.url}/admin/parts.csv`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        let rows = -1; // the header
        for await (const chunk of response.body) for (const byte of chunk) if (byte === 10) rows++;
        return rows;
      },
      (rows) => {
        if (rows !== lines) throw new Error(`export: ${rows} rows, expected ${lines}`);
      },
    );
    return { lines, atRestMb, peakRssMb: peakRssMb(shop.pid), afterMb: rssMb(shop.pid), steps };
  } finally {
    await cleanup.run();
  }
}

export function importTable(r, { pad, padEnd }) {
  const lines = [
    "",
    `Parts import: ${r.lines.toLocaleString("en-US")} CSV lines on an empty catalogue (a shop of its own)`,
  ];
  lines.push(`${padEnd("step", 28)}${pad("seconds", 9)}${pad("lines/s", 9)}`);
  for (const s of r.steps) lines.push(`${padEnd(s.what, 28)}${pad(s.seconds, 9)}${pad(s.linesPerSecond, 9)}`);
  lines.push(`  shop process: ${r.atRestMb} MB at rest, peak ${r.peakRssMb} MB (VmHWM), ${r.afterMb} MB after`);
  return lines;
}
