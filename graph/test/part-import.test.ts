import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../src/ops/check-invariants";
import {
  errorCode,
  firebaseSignIn,
  gql,
  rest,
  seededAdmin,
  shop,
  Shopper,
  newCustomer,
  withDatabase,
  withDatabaseAt,
} from "./support/client";
import { restAt } from "./support/fixtures";
import type { ShopProcess } from "./support/processes";
import { uniqueWord } from "./support/domain";
import { startSiblingShop } from "./support/siblings";

/*
 * Bulk import and export of parts (issue 48): a CSV read line by line, dry-run first, applied by
 * part number, recorded in History as one import; the export writes the same format back.
 */

let admin: Shopper;
let customer: Shopper;
beforeAll(async () => {
  admin = await seededAdmin();
  customer = await newCustomer("importer");
});

/** The columns before what shipping and tax know of a part joined them: files of this format still import. */
const FORMER_HEADER =
  "part_number,name,price,stock,min_order_quantity,low_stock_threshold,description,compatible_models,alternative_numbers,images,retired";
const HEADER = `${FORMER_HEADER},weight_grams,length_mm,width_mm,height_mm,dangerous_goods,battery_wh,tax_category`;
/** A number no other part has, in a maker's style. */
const uniqueNumber = (prefix = "IMP") =>
  `${prefix}${crypto.randomBytes(4).toString("hex").toUpperCase()}-0${crypto.randomInt(10, 99)}`;
const csv = (...lines: string[]) => `${lines.join("\r\n")}\r\n`;

async function importCsv(baseUrl: string, token: string | undefined, body: string | Buffer, query = "dryRun=true") {
  const headers: Record<string, string> = { "content-type": "text/csv", accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/admin/parts/import?${query}`, { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as any };
}
const dryRun = (body: string | Buffer) =>
  importCsv(shop().url, admin.token, body, "dryRun=true&fileName=catalogue.csv");
const apply = (body: string | Buffer) =>
  importCsv(shop().url, admin.token, body, "dryRun=false&fileName=catalogue.csv");

async function createPart(partNumber: string, price = 20) {
  const answer = await gql(
    `mutation($input: CreatePartInput!) { createPart(input: $input) { databaseId name price available partNumber } }`,
    {
      input: {
        name: `Imported hinge ${partNumber}`,
        partNumber,
        shortDesc: "A hinge for the import",
        img: "/images/parts/dc-jack.svg",
        price,
        available: 5,
        minOrderQuantity: 1,
      },
    },
    admin.token,
  );
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.createPart;
}

const partByNumber = (number: string) =>
  withDatabase(
    async (client) =>
      (
        await client.query(`SELECT id, name, price_cents, available, retired_at FROM parts WHERE part_number = $1`, [
          number,
        ])
      ).rows[0],
  );

describe("a dry run", () => {
  it("says line by line what the file would create, change (field by field) or refuse and why, and changes nothing", async () => {
    const existing = await createPart(uniqueNumber(), 20);
    const fresh = uniqueNumber();
    const file = csv(
      "part_number,name,price,stock,min_order_quantity,description,images,compatible_models",
      `${fresh},Imported fan,12.50,30,1,"A fan, quiet",/images/parts/fan.svg,Lenovo ThinkPad T14 Gen 2`,
      `${existing.partNumber},${existing.name},24.75,5,1,A hinge for the import,/images/parts/dc-jack.svg,`,
      `${uniqueNumber()},Cheap fan,twelve,3,1,A fan,/images/parts/fan.svg,`,
      `${uniqueNumber()},Odd fan,3.5,-2,1,A fan,ftp://example.com/a.png,`,
      `${fresh},Imported fan again,12.50,30,1,A fan,/images/parts/fan.svg,`,
    );
    const answer = await dryRun(file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      dryRun: true,
      fileName: "catalogue.csv",
      importId: null,
      lines: 5,
      created: 1,
      changed: 1,
      unchanged: 0,
      refused: 3,
      notShown: 0,
    });
    const [created, changed, badPrice, badStock, twice] = answer.body.shown;
    expect(created).toMatchObject({
      line: 2,
      partNumber: fresh,
      name: "Imported fan",
      outcome: "created",
      partId: null,
      problems: [],
    });
    expect(changed).toMatchObject({
      line: 3,
      outcome: "changed",
      partId: existing.databaseId,
      changes: [{ field: "price", before: 20, after: 24.75 }],
    });
    expect(badPrice).toMatchObject({
      line: 4,
      outcome: "refused",
      problems: ['Price must be an amount in dollars with at most two decimals, not "twelve"'],
    });
    expect(badStock.line).toBe(5);
    expect(badStock.problems).toEqual([
      'Stock must be a whole number, not "-2"',
      expect.stringMatching(/^Images: "ftp:\/\/example.com\/a.png" is not an http\(s\) URL/),
    ]);
    expect(twice).toMatchObject({
      line: 6,
      outcome: "refused",
      problems: [`Part number ${fresh} is on line 2 already: a file names each part once`],
    });
    // Nothing written.
    expect(await partByNumber(fresh)).toBeUndefined();
    expect((await partByNumber(existing.partNumber)).price_cents).toBe(2000);
  });

  it("a line of a field that spans lines is named by the line it starts on", async () => {
    const file = csv("part_number,price", `${uniqueNumber()},"1"`, `${uniqueNumber()},"a\nb"`, `${uniqueNumber()},x`);
    const answer = await dryRun(file);
    expect(answer.body.shown.map((line: any) => line.line)).toEqual([2, 3, 5]);
  });
});

describe("applying an import", () => {
  it("creates and changes parts by number, records one import with its lines in History, and changes nothing the second time", async () => {
    const existing = await createPart(uniqueNumber(), 20);
    const fresh = uniqueNumber();
    const fru = uniqueNumber("FRU");
    // Models of its own: a seeded model fitted here would change what other files find by it.
    const [lenovo, dell] = [`ThinkPad ${uniqueWord()}`, `Latitude ${uniqueWord()}`];
    const file = csv(
      FORMER_HEADER,
      `${fresh},Imported keyboard,49.00,12,2,3,"A keyboard, backlit",Lenovo ${lenovo}; Dell ${dell},${fru},/images/parts/keyboard.svg,no`,
      `${existing.partNumber},${existing.name},22.00,9,1,10,A hinge for the import,,,/images/parts/dc-jack.svg,yes`,
      `${uniqueNumber()},,1.00,1,1,1,x,,,/images/parts/fan.svg,no`,
    );
    const first = await apply(file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ dryRun: false, lines: 3, created: 1, changed: 1, unchanged: 0, refused: 1 });
    expect(first.body.shown[2].problems).toEqual(["Name is required"]);
    expect(first.body.importId).toMatch(/^[0-9a-f-]{36}$/);
    const created = await partByNumber(fresh);
    expect(created).toMatchObject({ name: "Imported keyboard", price_cents: 4900, available: 12, retired_at: null });
    expect(first.body.shown[0].partId).toBe(created.id);
    expect(await partByNumber(existing.partNumber)).toMatchObject({
      price_cents: 2200,
      available: 9,
      retired_at: expect.any(Date),
    });

    // The part's page shows what the line gave; its FRU number finds it.
    const page = await gql(
      `query($id: ID!) { part(id: $id) { partNumber alternativeNumbers compatibleModels { brand model } } }`,
      { id: created.id },
    );
    expect(page.body.data.part).toEqual({
      partNumber: fresh,
      alternativeNumbers: [fru],
      compatibleModels: expect.arrayContaining([
        { brand: "Dell", model: dell },
        { brand: "Lenovo", model: lenovo },
      ]),
    });
    expect(
      (await rest("GET", `/parts?q=${encodeURIComponent(fru.toLowerCase())}`)).body.map((part: any) => part._id),
    ).toEqual([created.id]);

    // History: the import once, its lines behind it; each part's own history has its line.
    const history = await gql(
      `{ auditLog(first: 1) { edges { node { action entityType entityId entityName after } } } }`,
      {},
      admin.token,
    );
    const entry = history.body.data.auditLog.edges[0].node;
    expect(entry).toMatchObject({ action: "PARTS_IMPORTED", entityType: "IMPORT", entityName: "catalogue.csv" });
    expect(entry.after).toMatchObject({
      fileName: "catalogue.csv",
      lines: 3,
      created: 1,
      changed: 1,
      unchanged: 0,
      refused: 1,
    });
    const lines = await gql(
      `query($importId: ID) { auditLog(first: 10, importId: $importId) { edges { node { action entityDatabaseId changes { field before after } } } } }`,
      { importId: entry.entityId },
      admin.token,
    );
    expect(lines.body.errors).toBeUndefined();
    expect(
      lines.body.data.auditLog.edges.map((edge: any) => [edge.node.action, edge.node.entityDatabaseId]).sort(),
    ).toEqual(
      [
        ["PART_CREATED", created.id],
        ["PART_UPDATED", existing.databaseId],
      ].sort(),
    );
    const update = lines.body.data.auditLog.edges.find((edge: any) => edge.node.action === "PART_UPDATED").node;
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: "price", before: "20", after: "22" },
        { field: "available", before: "5", after: "9" },
        { field: "retired", before: "false", after: "true" },
      ]),
    );
    const own = await gql(
      `query($id: ID) { auditLog(first: 5, entityId: $id) { edges { node { action } } } }`,
      { id: existing.databaseId },
      admin.token,
    );
    expect(own.body.data.auditLog.edges.map((edge: any) => edge.node.action)).toEqual(["PART_UPDATED", "PART_CREATED"]);

    const again = await apply(file);
    expect(again.body).toMatchObject({ importId: null, lines: 3, created: 0, changed: 0, unchanged: 2, refused: 1 });
    const latest = await gql(`{ auditLog(first: 1) { edges { node { entityId } } } }`, {}, admin.token);
    expect(latest.body.data.auditLog.edges[0].node.entityId).toBe(entry.entityId);

    const report = await withDatabase((client) => checkInvariants(client));
    expect(report.violations).toEqual([]);
  });

  it("an alternative number another part holds is refused, naming that part", async () => {
    const holder = await createPart(uniqueNumber());
    const other = await createPart(uniqueNumber());
    const taken = uniqueNumber("ALT");
    await gql(
      `mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { id } }`,
      { id: holder.databaseId, input: { alternativeNumbers: [taken] } },
      admin.token,
    );
    const answer = await dryRun(csv("part_number,alternative_numbers", `${other.partNumber},${taken}`, `${taken},`));
    expect(answer.body.shown[0].problems).toEqual([
      `The alternative number ${taken} belongs to ${holder.name} (part number ${holder.partNumber}): a number names one part`,
    ]);
    expect(answer.body.shown[1].problems).toEqual([
      `${taken} is an alternative number of ${holder.name} (part number ${holder.partNumber}): a line names a part by its own number`,
    ]);
  });
});

describe("files the import refuses whole", () => {
  const refusal = async (body: string | Buffer, query = "dryRun=true") => {
    const answer = await importCsv(shop().url, admin.token, body, query);
    return { status: answer.status, error: answer.body.error as string };
  };

  it("a bad header, a quote never closed, a file that is not UTF-8 or empty get a 400 naming the line or column", async () => {
    expect(await refusal(csv("part_number,colour", "X1,red"))).toEqual({
      status: 400,
      error: expect.stringContaining('The header names a column this shop does not know, "colour"'),
    });
    expect(await refusal(csv("name,price", "A,1"))).toEqual({
      status: 400,
      error: expect.stringContaining("The header needs a part_number column"),
    });
    expect(await refusal(csv("part_number,price,price", "A,1,1"))).toEqual({
      status: 400,
      error: "The header names the column price twice",
    });
    expect(await refusal(csv("part_number,name", "A1,ok", 'A2,"never closed', "A3,x"))).toEqual({
      status: 400,
      error: expect.stringMatching(/^A quoted field is never closed \(line \d+\)/),
    });
    expect(
      await refusal(
        Buffer.concat([Buffer.from("part_number,name\r\nA1,caf"), Buffer.from([0xe9]), Buffer.from("\r\n")]),
      ),
    ).toEqual({
      status: 400,
      error: expect.stringContaining("The file is not UTF-8 text (a byte near offset"),
    });
    expect(await refusal("")).toEqual({ status: 400, error: expect.stringContaining("The file is empty") });
    expect(await refusal(csv("part_number"), "dryRun=maybe")).toEqual({
      status: 400,
      error: "dryRun must be true (say what the file would do) or false (apply it)",
    });
  });

  it("only admins import and export", async () => {
    expect((await importCsv(shop().url, undefined, csv("part_number"))).status).toBe(401);
    expect((await importCsv(shop().url, customer.token, csv("part_number"))).status).toBe(403);
    expect((await rest("GET", "/admin/parts.csv")).status).toBe(401);
    expect((await rest("GET", "/admin/parts.csv", { token: customer.token })).status).toBe(403);
    const mutation = await gql(`mutation { importParts(csv: "part_number\\n") { lines } }`, {}, customer.token);
    expect(errorCode(mutation)).toBe("FORBIDDEN");
  });
});

describe("the importParts mutation", () => {
  it("dry-runs and applies CSV text as the REST route does", async () => {
    const fresh = uniqueNumber();
    const text = csv(FORMER_HEADER, `${fresh},Imported speaker,8.00,4,1,2,A speaker,,,/images/parts/fan.svg,no`);
    const query = `mutation($csv: String!, $dryRun: Boolean!) { importParts(csv: $csv, dryRun: $dryRun, fileName: "speakers.csv") {
      importId dryRun lines created changed unchanged refused shown { line outcome partId partNumber changes { field } problems } } }`;
    const dry = await gql(query, { csv: text, dryRun: true }, admin.token);
    expect(dry.body.errors).toBeUndefined();
    expect(dry.body.data.importParts).toEqual({
      importId: null,
      dryRun: true,
      lines: 1,
      created: 1,
      changed: 0,
      unchanged: 0,
      refused: 0,
      shown: [{ line: 2, outcome: "CREATED", partId: null, partNumber: fresh, changes: [], problems: [] }],
    });
    const applied = await gql(query, { csv: text, dryRun: false }, admin.token);
    expect(applied.body.data.importParts.importId).toEqual(expect.any(String));
    const part = await partByNumber(fresh);
    expect(applied.body.data.importParts.shown[0].partId).toBe(Buffer.from(`Part:${part.id}`).toString("base64url"));
    const bad = await gql(`mutation { importParts(csv: "name\\nx\\n") { lines } }`, {}, admin.token);
    expect(errorCode(bad)).toBe("BAD_USER_INPUT");
    expect(bad.body.errors[0].message).toContain("The header needs a part_number column");
  });
});

describe("the export", () => {
  it("writes every part in the import's format: export, edit, import round-trips", async () => {
    const part = await createPart(uniqueNumber(), 31.5);
    const response = await fetch(`${shop().url}/admin/parts.csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await response.text();
    expect(text.split("\r\n")[0]).toBe(HEADER);
    const line = text.split("\r\n").find((row) => row.startsWith(`${part.partNumber},`));
    expect(line).toBe(
      `${part.partNumber},${part.name},31.50,5,1,10,A hinge for the import,,,/images/parts/dc-jack.svg,no,0,,,,no,,standard`,
    );
    // (Parts other test files wrote straight into the database may not read back: the byte-for-byte round trip is the 100,000-line test's.)
    const unchanged = await dryRun(text);
    expect(unchanged.body).toMatchObject({ created: 0 });
    expect(unchanged.body.shown.filter((row: any) => row.partNumber === part.partNumber)).toEqual([]);
    const edited = await dryRun(text.replace(line!, line!.replace(",31.50,", ",29.99,")));
    expect(edited.body.shown.filter((row: any) => row.partNumber === part.partNumber)).toEqual([
      expect.objectContaining({ outcome: "changed", changes: [{ field: "price", before: 31.5, after: 29.99 }] }),
    ]);
  });
});

describe("what shipping and tax know of a part, in the CSV", () => {
  const shippingOf = (number: string) =>
    withDatabase(
      async (client) =>
        (
          await client.query(
            `SELECT price_cents, weight_grams, length_mm, width_mm, height_mm, dangerous_goods, battery_wh::float AS battery_wh, tax_category
             FROM parts WHERE part_number = $1`,
            [number],
          )
        ).rows[0],
    );

  it("the export writes them, an edited file changes them field by field, and a file without their columns leaves them alone", async () => {
    const number = uniqueNumber("SHIP");
    const created = await gql(
      `mutation($input: CreatePartInput!) { createPart(input: $input) { name weightGrams dimensions { lengthMm } taxCategory } }`,
      {
        input: {
          name: `Battery ${number}`,
          partNumber: number,
          shortDesc: "A large battery",
          img: "/images/parts/battery.svg",
          price: 80,
          available: 5,
          minOrderQuantity: 1,
          weightGrams: 480,
          lengthMm: 300,
          widthMm: 210,
          heightMm: 12,
          dangerousGoods: true,
          batteryWh: 150,
          taxCategory: "REDUCED",
        },
      },
      admin.token,
    );
    expect(created.body.errors, JSON.stringify(created.body.errors)).toBeUndefined();
    const name = created.body.data.createPart.name;
    const text = await (
      await fetch(`${shop().url}/admin/parts.csv`, { headers: { authorization: `Bearer ${admin.token}` } })
    ).text();
    const line = text.split("\r\n").find((row) => row.startsWith(`${number},`))!;
    expect(line).toBe(
      `${number},${name},80.00,5,1,10,A large battery,,,/images/parts/battery.svg,no,480,300,210,12,yes,150,reduced`,
    );

    const edited = await dryRun(csv(HEADER, line.replace(",480,300,210,12,yes,150,", ",500,,,,yes,99.5,")));
    expect(edited.body.shown).toEqual([
      expect.objectContaining({
        outcome: "changed",
        changes: [
          { field: "weightGrams", before: 480, after: 500 },
          { field: "lengthMm", before: 300, after: null },
          { field: "widthMm", before: 210, after: null },
          { field: "heightMm", before: 12, after: null },
          { field: "batteryWh", before: 150, after: 99.5 },
        ],
      }),
    ]);
    // Taking the mark off a 150 Wh battery is refused, saying why.
    const unmarked = await dryRun(csv(HEADER, line.replace(",yes,150,", ",no,150,")));
    expect(unmarked.body.shown[0].problems).toEqual([
      "A battery over 100 Wh (this one: 150 Wh) must be marked as dangerous goods: carriers only take lithium batteries that large as dangerous goods",
    ]);

    // A file of the former format changes the price and leaves the rest as it was.
    const former = line.split(",").slice(0, 11).join(",").replace(",80.00,", ",79.00,");
    const applied = await apply(csv(FORMER_HEADER, former));
    expect(applied.body).toMatchObject({ changed: 1, refused: 0 });
    expect(await shippingOf(number)).toEqual({
      price_cents: 7900,
      weight_grams: 480,
      length_mm: 300,
      width_mm: 210,
      height_mm: 12,
      dangerous_goods: true,
      battery_wh: 150,
      tax_category: "reduced",
    });

    // A new part from the file takes them; left out, the defaults.
    const [heavy, plain] = [uniqueNumber("SHIP"), uniqueNumber("SHIP")];
    const made = await apply(
      csv(
        "part_number,name,price,stock,min_order_quantity,description,images,weight_grams,length_mm,width_mm,height_mm,dangerous_goods,battery_wh,tax_category",
        `${heavy},Dock ${heavy},150,2,1,A dock,/images/parts/fan.svg,1250,250,90,40,no,,Zero`,
        `${plain},Screw ${plain},1,2,1,A screw,/images/parts/fan.svg,,,,,,,`,
      ),
    );
    expect(made.body, JSON.stringify(made.body.shown)).toMatchObject({ created: 2, refused: 0 });
    expect(await shippingOf(heavy)).toMatchObject({
      weight_grams: 1250,
      length_mm: 250,
      dangerous_goods: false,
      tax_category: "zero",
    });
    expect(await shippingOf(plain)).toMatchObject({
      weight_grams: 0,
      length_mm: null,
      dangerous_goods: false,
      battery_wh: null,
      tax_category: "standard",
    });
  });
});

describe("a 100,000-line import, on a shop of its own", () => {
  const LINES = 100_000;
  let sibling: ShopProcess | undefined;
  let token: string;

  beforeAll(async () => {
    const name = `import_${crypto.randomBytes(4).toString("hex")}`;
    await withDatabaseAt(shop().databaseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    sibling = await startSiblingShop("import", {
      DATABASE_URL: shop().databaseUrl.replace(/\/[^/]+$/, `/${name}`),
      SEED: "false",
    });
    const { idToken } = await firebaseSignIn("admin@partshop.dev", "partshop-admin");
    token = (await restAt(sibling.url, "PUT", "/user/admin@partshop.dev", { token: idToken })).body.token;
  });

  afterAll(async () => {
    await sibling?.stop("SIGKILL");
    if (sibling) fs.rmSync(sibling.dataDir, { recursive: true, force: true });
  });

  /** Line i of the file, as the export writes a part. */
  const lineOf = (i: number) =>
    [
      `BULK-${String(i).padStart(6, "0")}`,
      `Bulk battery ${i}`,
      (10 + (i % 500) + 0.25).toFixed(2),
      String(i % 97),
      String(1 + (i % 3)),
      "10",
      i % 10 === 0 ? `"Cells, ${i % 7} of them"` : `Cells ${i % 7}`,
      i % 2 ? "Dell Latitude 5420; Lenovo ThinkPad T14 Gen 2" : "",
      i % 5 === 0 ? `FRU-${String(i).padStart(6, "0")}` : "",
      `/images/parts/battery.svg`,
      "no",
      String(250 + (i % 400)),
      ...(i % 4 === 0 ? ["200", "60", "20"] : ["", "", ""]),
      i % 50 === 0 ? "yes" : "no",
      i % 50 === 0 ? "150" : i % 3 === 0 ? "56.25" : "",
      i % 6 === 0 ? "reduced" : "standard",
    ].join(",");
  /** The file, generated as it is sent: the test never holds it whole either. */
  async function* file(edit: (i: number, line: string) => string = (_, line) => line) {
    yield `${HEADER}\r\n`;
    for (let start = 0; start < LINES; start += 5000) {
      yield Array.from({ length: 5000 }, (_, k) => `${edit(start + k, lineOf(start + k))}\r\n`).join("");
    }
  }
  const send = async (query: string, body: AsyncIterable<string> | string) => {
    const response = await fetch(`${sibling!.url}/admin/parts/import?${query}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
      body: typeof body === "string" ? body : (ReadableStream.from(body) as any),
      duplex: "half",
    } as RequestInit);
    return { status: response.status, body: (await response.json()) as any };
  };
  const peakRssMb = () =>
    Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${sibling!.child.pid}/status`, "utf8"))![1]) / 1024;

  it("dry-runs, applies, re-applies as no change, and round-trips with the export", { timeout: 900_000 }, async () => {
    const dry = await send("dryRun=true&fileName=bulk.csv", file());
    expect(dry.status, JSON.stringify(dry.body).slice(0, 500)).toBe(200);
    expect(dry.body).toMatchObject({
      lines: LINES,
      created: LINES,
      changed: 0,
      unchanged: 0,
      refused: 0,
      notShown: LINES - 1000,
    });
    expect(
      await withDatabaseAt(
        sibling!.env.DATABASE_URL,
        async (client) => (await client.query("SELECT count(*)::int AS n FROM parts")).rows[0].n,
      ),
    ).toBe(0);

    const applied = await send("dryRun=false&fileName=bulk.csv", file());
    expect(applied.body).toMatchObject({ lines: LINES, created: LINES, changed: 0, refused: 0 });
    const counts = await withDatabaseAt(sibling!.env.DATABASE_URL, async (client) => {
      const parts = (await client.query("SELECT count(*)::int AS n FROM parts")).rows[0].n;
      const entries = (
        await client.query("SELECT count(*)::int AS n FROM audit_log WHERE import_id = $1", [applied.body.importId])
      ).rows[0].n;
      return { parts, entries, invariants: (await checkInvariants(client)).violations };
    });
    expect(counts).toEqual({ parts: LINES, entries: LINES, invariants: [] });

    const again = await send("dryRun=false&fileName=bulk.csv", file());
    expect(again.body).toMatchObject({
      importId: null,
      lines: LINES,
      created: 0,
      changed: 0,
      unchanged: LINES,
      refused: 0,
      shown: [],
    });

    // The export is the file as it was imported, byte for byte.
    const exported = await fetch(`${sibling!.url}/admin/parts.csv`, { headers: { authorization: `Bearer ${token}` } });
    const sent = crypto.createHash("sha256");
    for await (const chunk of file()) sent.update(chunk);
    const text = await exported.text();
    expect(crypto.createHash("sha256").update(text).digest("hex")).toBe(sent.digest("hex"));

    // Edited in a spreadsheet and imported again: the edited lines, and only they, change.
    const edited = await send(
      "dryRun=true",
      // The retired cell is the "no" before the weight.
      file((i, line) => (i % 10_000 === 7 ? line.replace(/,no,(\d+),/, ",yes,$1,") : line)),
    );
    expect(edited.body).toMatchObject({ lines: LINES, created: 0, changed: 10, unchanged: LINES - 10, refused: 0 });
    expect(edited.body.shown[0]).toMatchObject({
      line: 9,
      partNumber: "BULK-000007",
      changes: [{ field: "retired", before: false, after: true }],
    });
    console.log(
      `peak RSS of the shop process after a ${LINES.toLocaleString("en-US")}-line import: ${peakRssMb().toFixed(0)} MB`,
    );
  });
});
