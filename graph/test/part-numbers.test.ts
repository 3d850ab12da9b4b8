import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../src/ops/check-invariants";
import { errorCode, gql, rest, seededAdmin, Shopper, withDatabase } from "./support/client";
import { uniqueWord } from "./support/domain";

/*
 * Manufacturer part numbers: a part's own number and the numbers it replaces, found
 * first however they are typed, over REST ?q= and GraphQL search:, and kept one part to a number.
 */

let admin: Shopper;
beforeAll(async () => {
  admin = await seededAdmin();
});

const FIELDS = "id databaseId name partNumber alternativeNumbers";
/** A number no other part has, in a maker's style: letters and digits, a dash between groups. */
const uniqueNumber = (prefix = "5B10") =>
  `${prefix}${crypto.randomBytes(3).toString("hex").toUpperCase()}-0${crypto.randomInt(10, 99)}`;

async function createPart(input: Record<string, unknown>) {
  const answer = await gql(
    `mutation($input: CreatePartInput!) { createPart(input: $input) { ${FIELDS} } }`,
    {
      input: {
        name: `Numbered ${uniqueWord()} bezel`,
        shortDesc: "A part with a number",
        img: "/images/parts/dc-jack.svg",
        price: 9.5,
        available: 20,
        minOrderQuantity: 1,
        ...input,
      },
    },
    admin.token,
  );
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.createPart;
}

const restFound = async (q: string) =>
  (await rest("GET", `/parts?q=${encodeURIComponent(q)}`)).body.map((part: any) => part._id);
const graphFound = async (search: string) => {
  const answer = await gql(
    `query($search: String) { parts(first: 10, search: $search) { edges { node { databaseId partNumber } } } }`,
    { search },
  );
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data.parts.edges.map((edge: any) => edge.node.databaseId);
};

describe("searching by part number", () => {
  it("a number typed six ways finds its part first, over REST and GraphQL", async () => {
    const part = await createPart({ partNumber: "L32656-905" });
    // The seed's own L32656-005 shares the first group: only the whole number finds the part.
    const typed = ["L32656-905", "l32656-905", "L32656905", "l32656 905", " L3265-6905 ", "L 32656 - 905"];
    for (const q of typed) {
      expect(await restFound(q), q).toEqual([part.databaseId]);
      expect(await graphFound(q), q).toEqual([part.databaseId]);
    }
  });

  it("an alternative number (a FRU the part replaces) finds the part, however typed; the part page lists both", async () => {
    const own = uniqueNumber();
    const fru = uniqueNumber("02D");
    const part = await createPart({ partNumber: own, alternativeNumbers: [fru, fru.toLowerCase()] });
    expect(part.partNumber).toBe(own);
    // The same number typed twice is listed once.
    expect(part.alternativeNumbers).toEqual([fru]);
    expect(await restFound(fru.replace("-", " ").toLowerCase())).toEqual([part.databaseId]);
    const page = await gql(`query($id: ID!) { part(id: $id) { partNumber alternativeNumbers } }`, { id: part.id });
    expect(page.body.data.part).toEqual({ partNumber: own, alternativeNumbers: [fru] });
  });

  it("the seeded parts carry realistic numbers, and a seeded number finds its part", async () => {
    const { rows } = await withDatabase((client) =>
      client.query("SELECT id, part_number FROM parts WHERE name = $1", ["Li-ion Battery 11.55V 57Wh, 3-cell"]),
    );
    expect(rows[0].part_number).toBe("5B10W13930");
    expect(await restFound("5b10w13930")).toEqual([rows[0].id]);
    expect(await restFound("02DL008")).toEqual([rows[0].id]);
  });

  it("a search that is no part's number searches the words as before; a number with filters keeps them", async () => {
    const part = await createPart({ partNumber: uniqueNumber(), price: 9.5 });
    expect(await restFound("thinkpad t14 batery")).toEqual([
      (await withDatabase((c) => c.query("SELECT id FROM parts WHERE part_number = '5B10W13930'"))).rows[0].id,
    ]);
    expect((await rest("GET", `/parts?q=${part.partNumber}&maxPrice=5`)).body).toEqual([]);
    expect(
      (await rest("GET", `/parts?q=${part.partNumber}&minPrice=5&sort=price_desc`)).body.map((found: any) => found._id),
    ).toEqual([part.databaseId]);
  });

  it("a changed number finds the part at once and the old one no longer does; a retired part is not found", async () => {
    const before = uniqueNumber();
    const after = uniqueNumber();
    const part = await createPart({ partNumber: before });
    expect(await graphFound(before)).toEqual([part.databaseId]);
    const changed = await gql(
      `mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { partNumber } }`,
      { id: part.id, input: { partNumber: after } },
      admin.token,
    );
    expect(changed.body.data.updatePart.partNumber).toBe(after);
    expect(await graphFound(after)).toEqual([part.databaseId]);
    expect(await graphFound(before)).not.toContain(part.databaseId);
    await gql(`mutation($id: ID!) { retirePart(id: $id) { id } }`, { id: part.id }, admin.token);
    expect(await graphFound(after)).toEqual([]);
  });
});

describe("numbers are one part's each", () => {
  it("a number another part has, its own or an alternative, however typed, is refused naming that part; nothing is written", async () => {
    const holder = await createPart({ partNumber: uniqueNumber(), alternativeNumbers: [uniqueNumber("01F")] });
    const taken = [holder.partNumber.toLowerCase(), holder.alternativeNumbers[0].replace("-", "")];
    for (const number of taken) {
      const created = await gql(
        `mutation($input: CreatePartInput!) { createPart(input: $input) { id } }`,
        {
          input: {
            name: "Copy",
            shortDesc: "x",
            img: "/images/parts/dc-jack.svg",
            price: 1,
            available: 1,
            minOrderQuantity: 1,
            partNumber: number,
          },
        },
        admin.token,
      );
      expect(errorCode(created), number).toBe("CONFLICT");
      expect(created.body.errors[0].message).toContain(holder.name);
      const other = await createPart({ partNumber: uniqueNumber() });
      const updated = await gql(
        `mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { id } }`,
        {
          id: other.id,
          input: { alternativeNumbers: [number] },
        },
        admin.token,
      );
      expect(errorCode(updated), number).toBe("CONFLICT");
    }
    expect(
      (await withDatabase((client) => client.query("SELECT count(*)::int AS n FROM parts WHERE name = 'Copy'"))).rows[0]
        .n,
    ).toBe(0);
  });

  it("a part may take one of its own alternative numbers as its number", async () => {
    const old = uniqueNumber();
    const part = await createPart({ partNumber: uniqueNumber(), alternativeNumbers: [old] });
    const answer = await gql(
      `mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { partNumber alternativeNumbers } }`,
      {
        id: part.id,
        input: { partNumber: old, alternativeNumbers: [part.partNumber] },
      },
      admin.token,
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.updatePart).toEqual({ partNumber: old, alternativeNumbers: [part.partNumber] });
    expect(await graphFound(part.partNumber)).toEqual([part.databaseId]);
  });

  it("a number that is not letters and digits in dashed groups is refused naming the field, over GraphQL and REST", async () => {
    for (const partNumber of ["", "12/34", "-AB12", "AB--12", "A".repeat(41), "ÄB12"]) {
      const answer = await gql(
        `mutation($input: CreatePartInput!) { createPart(input: $input) { id } }`,
        {
          input: {
            name: "Bad number",
            shortDesc: "x",
            img: "/images/parts/dc-jack.svg",
            price: 1,
            available: 1,
            minOrderQuantity: 1,
            partNumber,
          },
        },
        admin.token,
      );
      expect(errorCode(answer), partNumber).toBe("BAD_USER_INPUT");
      expect(answer.body.errors[0].message, partNumber).toMatch(/Part number/);
    }
    const restAnswer = await rest("POST", "/parts", {
      token: admin.token,
      body: {
        name: "Bad number",
        short_desc: "x",
        img: "/images/parts/dc-jack.svg",
        price: 1,
        available: 1,
        min_order_quantity: 1,
        alternative_numbers: ["ok-1", "no way"],
      },
    });
    expect(restAnswer.status).toBe(400);
    expect(restAnswer.body.error).toMatch(/alternative number/);
  });

  it("a part created without a number gets the shop's own; the history keeps numbers; check:invariants finds every key", async () => {
    const part = await createPart({});
    expect(part.partNumber).toMatch(/^PS-\d{6,}$/);
    expect(await restFound(part.partNumber.toLowerCase())).toEqual([part.databaseId]);
    const fru = uniqueNumber("FRU");
    await gql(
      `mutation($id: ID!, $input: UpdatePartInput!) { updatePart(id: $id, input: $input) { id } }`,
      { id: part.id, input: { alternativeNumbers: [fru] } },
      admin.token,
    );
    const history = await gql(
      `query($id: ID!) { auditLog(entityId: $id, first: 5) { edges { node { action changes { field before after } } } } }`,
      { id: part.id },
      admin.token,
    );
    const [edited] = history.body.data.auditLog.edges.map((edge: any) => edge.node);
    expect(edited).toEqual({
      action: "PART_UPDATED",
      changes: [{ field: "alternativeNumbers", before: "[]", after: JSON.stringify([fru]) }],
    });
    const report = await withDatabase((client) => checkInvariants(client));
    expect(report.violations.filter((violation) => violation.includes("part_number_keys"))).toEqual([]);
  });
});
