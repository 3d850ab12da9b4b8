import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { gql, rest, seededAdmin, Shopper, withDatabase } from "./support/client";

/*
 * One bad part, one message. Each case is sent every way a part is written: createPart and
 * updatePart over GraphQL, POST /parts and PATCH /parts/:id over REST, and a line of a parts CSV
 * that creates a part and one that changes it (dry runs). All refuse it, in the same words.
 */

let admin: Shopper;
/** The part the changes are sent to (nothing here changes it). */
let existing: { id: string; databaseId: string; partNumber: string; available: number };

const unique = (label: string) => `${label} ${crypto.randomBytes(3).toString("hex")}`;
const uniqueNumber = () => `RULES-${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
const newPart = () => ({
  name: unique("Rules part"),
  shortDesc: "A part the rules refuse",
  img: "/images/parts/dc-jack.svg",
  price: 12.5,
  available: 40,
  minOrderQuantity: 2,
});

/** The fields as REST and the CSV name them. */
const REST_NAMES: Record<string, string> = {
  name: "name",
  partNumber: "part_number",
  alternativeNumbers: "alternative_numbers",
  shortDesc: "short_desc",
  img: "img",
  price: "price",
  available: "available",
  expectedAvailable: "expected_available",
  minOrderQuantity: "min_order_quantity",
  lowStockThreshold: "low_stock_threshold",
  compatibleModels: "compatible_models",
  weightGrams: "weight_grams",
  lengthMm: "length_mm",
  widthMm: "width_mm",
  heightMm: "height_mm",
  dangerousGoods: "dangerous_goods",
  batteryWh: "battery_wh",
  taxCategory: "tax_category",
};
const CSV_COLUMNS: Record<string, string> = {
  partNumber: "part_number",
  name: "name",
  price: "price",
  available: "stock",
  minOrderQuantity: "min_order_quantity",
  lowStockThreshold: "low_stock_threshold",
  shortDesc: "description",
  compatibleModels: "compatible_models",
  alternativeNumbers: "alternative_numbers",
  img: "images",
  weightGrams: "weight_grams",
  lengthMm: "length_mm",
  widthMm: "width_mm",
  heightMm: "height_mm",
  dangerousGoods: "dangerous_goods",
  batteryWh: "battery_wh",
  taxCategory: "tax_category",
};

interface Case {
  field: string;
  value: unknown;
  /** The fields the GraphQL error names, when not the field itself (a rule between fields). */
  names?: string[];
  /** The message when creating a part, and when changing one (the same unless given). */
  create: string;
  change?: string;
}

const models = (count: number) => Array.from({ length: count }, (_, i) => `Acer Model ${i}`);
const PART_NUMBER_RULE =
  "letters and digits, in groups joined by single dashes (like 5B10W13930 or L32656-005), at most 40 characters";
const CASES: Case[] = [
  { field: "name", value: "x".repeat(81), create: "Name must be at most 80 characters" },
  { field: "name", value: "   ", create: "Name is required", change: "Name cannot be blank" },
  { field: "shortDesc", value: "d".repeat(501), create: "Description must be at most 500 characters" },
  { field: "shortDesc", value: " ", create: "Description is required", change: "Description cannot be blank" },
  { field: "price", value: -1, create: "Price cannot be negative" },
  { field: "price", value: 1.234, create: "Price must be an amount in dollars with at most two decimals" },
  { field: "price", value: 1_000_000.01, create: "Price must be at most 1,000,000 dollars" },
  { field: "available", value: 10_000_001, create: "Stock must be a whole number from 0 to 10,000,000" },
  { field: "minOrderQuantity", value: 0, create: "Minimum order quantity must be a whole number from 1 to 1,000,000" },
  {
    field: "lowStockThreshold",
    value: 10_000_001,
    create: "Low-stock threshold must be a whole number from 0 to 10,000,000",
  },
  { field: "partNumber", value: "AB--12", create: `Part number must be ${PART_NUMBER_RULE}` },
  {
    field: "alternativeNumbers",
    value: ["OK-1", "NO/WAY"],
    create: `Each alternative number must be ${PART_NUMBER_RULE} ("NO/WAY")`,
  },
  {
    field: "alternativeNumbers",
    value: Array.from({ length: 21 }, (_, i) => `FRU-${i}`),
    create: "A part can list at most 20 alternative numbers",
  },
  {
    field: "compatibleModels",
    value: ["Lenovo"],
    create: '"Lenovo" needs a model after its brand: a brand and a model, like "Lenovo ThinkPad T14 Gen 2"',
  },
  {
    field: "compatibleModels",
    value: [`${"B".repeat(41)} Model`],
    create: `Brand must be at most 40 characters ("${"B".repeat(41)}")`,
  },
  {
    field: "compatibleModels",
    value: [`Lenovo ${"x".repeat(81)}`],
    create: `Model must be at most 80 characters ("Lenovo ${"x".repeat(81)}")`,
  },
  { field: "compatibleModels", value: models(201), create: "A part can list at most 200 laptop models" },
  {
    field: "weightGrams",
    value: 1_000_001,
    create: "Weight must be a whole number of grams from 0 to 1,000,000 (0 until it is weighed)",
  },
  { field: "lengthMm", value: 0, create: "Length must be a whole number of millimetres from 1 to 10,000" },
  { field: "heightMm", value: 10_001, create: "Height must be a whole number of millimetres from 1 to 10,000" },
  {
    field: "batteryWh",
    value: 1.234,
    create: "Battery must be watt-hours above 0 and at most 10,000, with at most two decimals",
  },
  {
    field: "batteryWh",
    value: 10_000.5,
    create: "Battery must be watt-hours above 0 and at most 10,000, with at most two decimals",
  },
  {
    field: "batteryWh",
    value: 150,
    names: ["dangerousGoods"],
    create:
      "A battery over 100 Wh (this one: 150 Wh) must be marked as dangerous goods: carriers only take lithium batteries that large as dangerous goods",
  },
  {
    field: "widthMm",
    value: 120,
    names: ["lengthMm", "heightMm"],
    create: "Dimensions go together: give the length, width and height in millimetres, or none of them",
  },
];

const label = ({ field, value }: Case) => `${field} ${JSON.stringify(value).slice(0, 40)}`;

/** A CSV cell: lists separated by semicolons, quoted as RFC 4180 quotes. */
const cell = (value: unknown) => {
  const text = Array.isArray(value) ? value.join("; ") : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csvOf = (fields: Record<string, unknown>) => {
  const names = Object.keys(fields);
  return `${names.map((field) => CSV_COLUMNS[field]).join(",")}\r\n${names.map((field) => cell(fields[field])).join(",")}\r\n`;
};
const restBody = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([field, value]) => [REST_NAMES[field], value]));

/** Its message, and (GraphQL) the fields it names. */
async function viaGraphQL(query: string, variables: Record<string, unknown>) {
  const answer = await gql(query, variables, admin.token);
  const error = answer.body.errors?.[0];
  expect(error?.extensions?.code, JSON.stringify(answer.body).slice(0, 300)).toBe("BAD_USER_INPUT");
  return { message: error.message as string, fields: Object.keys(error.extensions.fields ?? {}) };
}
async function viaRest(method: string, path: string, fields: Record<string, unknown>) {
  const answer = await rest(method, path, { token: admin.token, body: restBody(fields) });
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
  return answer.body.error as string;
}
/** The one line's problems, as a dry run reports them. */
async function viaImport(fields: Record<string, unknown>) {
  const answer = await rest("POST", "/admin/parts/import?dryRun=true&fileName=rules.csv", {
    token: admin.token,
    rawBody: csvOf(fields),
    headers: { "content-type": "text/csv" },
  });
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  expect(answer.body.refused).toBe(1);
  return answer.body.shown[0].problems as string[];
}

/** A new part's fields in the CSV's terms (images for img) with one field replaced. */
const newLine = (field: string, value: unknown) => ({ partNumber: uniqueNumber(), ...newPart(), [field]: value });

beforeAll(async () => {
  admin = await seededAdmin();
  const answer = await gql(
    `mutation($input: CreatePartInput!) { createPart(input: $input) { id databaseId partNumber available } }`,
    { input: { ...newPart(), partNumber: uniqueNumber() } },
    admin.token,
  );
  expect(answer.body.errors).toBeUndefined();
  existing = answer.body.data.createPart;
});

describe("a bad part gets the same message from the API and from the import", () => {
  it.each(CASES.map((c) => [label(c), c] as const))("creating: %s", async (_, { field, value, create, names }) => {
    const graph = await viaGraphQL(`mutation($input: CreatePartInput!) { createPart(input: $input) { id } }`, {
      input: { ...newPart(), [field]: value },
    });
    expect(graph.fields).toEqual(names ?? [field]);
    const messages = [
      graph.message,
      await viaRest("POST", "/parts", { ...newPart(), [field]: value }),
      ...(await viaImport(newLine(field, value))),
    ];
    expect(messages).toEqual([create, create, create]);
  });

  it.each(CASES.map((c) => [label(c), c] as const))(
    "changing: %s",
    async (_, { field, value, create, change, names }) => {
      // A new stock figure comes with the one the admin saw.
      const changes = { [field]: value, ...(field === "available" ? { expectedAvailable: existing.available } : {}) };
      const graph = await viaGraphQL(
        `mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { id } }`,
        { id: existing.id, input: changes },
      );
      expect(graph.fields).toEqual(names ?? [field]);
      const messages = [graph.message, await viaRest("PATCH", `/parts/${existing.databaseId}`, changes)];
      // A line names the part it changes by its number: a bad number is a line that creates one (above).
      if (field !== "partNumber")
        messages.push(...(await viaImport({ partNumber: existing.partNumber, [field]: value })));
      expect(messages).toEqual(messages.map(() => change ?? create));
    },
  );

  it("an image that is not an http(s) URL or a path: the same rule, and the CSV's list names the image at fault", async () => {
    const url = "ftp://example.com/a.png";
    const rule = "Image must be an http(s) URL or a path on this shop";
    expect(
      (
        await viaGraphQL(`mutation($input: CreatePartInput!) { createPart(input: $input) { id } }`, {
          input: { ...newPart(), img: url },
        })
      ).message,
    ).toBe(rule);
    expect(await viaRest("PATCH", `/parts/${existing.databaseId}`, { img: url })).toBe(rule);
    expect(await viaImport({ partNumber: existing.partNumber, img: [url] })).toEqual([
      `Images: "${url}" is not an http(s) URL, a path on this shop or an image uploaded to it`,
    ]);
  });

  it("a tax category that is none: REST and the CSV say which there are; GraphQL's enum refuses it", async () => {
    const rule = "Tax category must be standard, reduced or zero";
    expect(await viaRest("POST", "/parts", { ...newPart(), taxCategory: "exempt" })).toBe(rule);
    expect(await viaRest("PATCH", `/parts/${existing.databaseId}`, { taxCategory: "exempt" })).toBe(rule);
    expect(await viaImport({ partNumber: existing.partNumber, taxCategory: "exempt" })).toEqual([rule]);
    const answer = await gql(
      `mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { id } }`,
      { id: existing.id, input: { taxCategory: "EXEMPT" } },
      admin.token,
    );
    expect(answer.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("nothing refused was stored", async () => {
    const stored = await withDatabase(
      async (client) =>
        (await client.query(`SELECT count(*)::int AS n FROM parts WHERE name LIKE 'Rules part%'`)).rows[0].n,
    );
    expect(stored).toBe(1);
  });
});
