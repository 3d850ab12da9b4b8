import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { errorCode, gql, rest, seededAdmin, shop, Shopper, newCustomer, withDatabase } from "./support/client";

/*
 * Bulk import and export of parts over HTTP: the REST import route and the importParts mutation
 * (a dry run, an import applied, a file refused whole), the export route, and that only admins
 * reach them. What an import decides and writes, and the 100,000-line round trip, are the service
 * tier's (test/services/part-import.test.ts).
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

async function importCsv(baseUrl: string, token: string | undefined, body: string, query = "dryRun=true") {
  const headers: Record<string, string> = { "content-type": "text/csv", accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/admin/parts/import?${query}`, { method: "POST", headers, body });
  return { status: response.status, body: (await response.json()) as any };
}
const dryRun = (body: string) => importCsv(shop().url, admin.token, body, "dryRun=true&fileName=catalogue.csv");
const apply = (body: string) => importCsv(shop().url, admin.token, body, "dryRun=false&fileName=catalogue.csv");

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

describe("the REST import route", () => {
  it("dry-runs and applies a CSV body, answering the report; a file it refuses whole is a 400 naming the line or column", async () => {
    const fresh = uniqueNumber();
    const file = csv(FORMER_HEADER, `${fresh},Imported hinge,9.50,4,1,2,A hinge,,,/images/parts/dc-jack.svg,no`);
    const dry = await dryRun(file);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toEqual({
      importId: null,
      dryRun: true,
      fileName: "catalogue.csv",
      lines: 1,
      created: 1,
      changed: 0,
      unchanged: 0,
      refused: 0,
      shown: [
        {
          line: 2,
          partNumber: fresh,
          name: "Imported hinge",
          outcome: "created",
          partId: null,
          changes: [],
          problems: [],
        },
      ],
      notShown: 0,
    });
    expect(await partByNumber(fresh)).toBeUndefined();

    const applied = await apply(file);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ dryRun: false, created: 1 });
    expect(applied.body.importId).toMatch(/^[0-9a-f-]{36}$/);
    expect(applied.body.shown[0].partId).toBe((await partByNumber(fresh)).id);

    const refusal = async (body: string, query = "dryRun=true") => {
      const answer = await importCsv(shop().url, admin.token, body, query);
      return { status: answer.status, error: answer.body.error as string };
    };
    expect(await refusal(csv("part_number,colour", "X1,red"))).toEqual({
      status: 400,
      error: expect.stringContaining('The header names a column this shop does not know, "colour"'),
    });
    expect(await refusal(csv("part_number,name", "A1,ok", 'A2,"never closed', "A3,x"))).toEqual({
      status: 400,
      error: expect.stringMatching(/^A quoted field is never closed \(line \d+\)/),
    });
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
    // The import's id names its lines in History.
    const lines = await gql(
      `query($importId: ID) { auditLog(first: 10, importId: $importId) { edges { node { action entityDatabaseId } } } }`,
      { importId: applied.body.data.importParts.importId },
      admin.token,
    );
    expect(lines.body.errors).toBeUndefined();
    expect(lines.body.data.auditLog.edges.map((edge: any) => edge.node)).toEqual([
      { action: "PART_CREATED", entityDatabaseId: part.id },
    ]);
    const bad = await gql(`mutation { importParts(csv: "name\\nx\\n") { lines } }`, {}, admin.token);
    expect(errorCode(bad)).toBe("BAD_USER_INPUT");
    expect(bad.body.errors[0].message).toContain("The header needs a part_number column");
  });
});

describe("the export route", () => {
  it("streams every part as a CSV download in the import's format", async () => {
    const part = await createPart(uniqueNumber(), 31.5);
    const response = await fetch(`${shop().url}/admin/parts.csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await response.text();
    expect(text.split("\r\n")[0]).toBe(HEADER);
    expect(text.split("\r\n").find((row) => row.startsWith(`${part.partNumber},`))).toBe(
      `${part.partNumber},${part.name},31.50,5,1,10,A hinge for the import,,,/images/parts/dc-jack.svg,no,0,,,,no,,standard`,
    );
  });
});
