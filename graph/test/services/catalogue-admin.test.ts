import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type AdminPartFilter, type NewPart, PartStatusFilter } from "../../src/domain/catalogue/part.service";
import { adminShop, type AdminShop } from "./support/admin";

/*
 * The admins' parts list (the dashboard's Manage Parts) as the part service answers it: retired
 * parts too, in catalogue order, filtered by status, name and low stock. Its GraphQL field is
 * test/catalogue-admin.test.ts.
 */

let shop: AdminShop;

beforeAll(async () => {
  shop = await adminShop();
});

/** A part created by the admin, as the dashboard's form creates it. */
const createPart = (fields: Pick<NewPart, "name" | "available"> & Partial<NewPart>) =>
  shop.parts.create(shop.admin, {
    shortDesc: "A part an admin added",
    img: "/images/parts/dc-jack.svg",
    price: 12.5,
    minOrderQuantity: 2,
    ...fields,
  });

const namesListed = async (filter: AdminPartFilter) =>
  (await shop.parts.listForAdmin(shop.admin, filter, { first: 100 })).edges.map((edge) => edge.node.name);

describe("the admins' parts list", () => {
  it("shows retired parts too, and filters by status, name and low stock", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const onSale = await createPart({ name: `Filter ${tag} on sale`, available: 100, lowStockThreshold: 10 });
    const low = await createPart({ name: `Filter ${tag} low`, available: 3, lowStockThreshold: 10 });
    const gone = await createPart({ name: `Filter ${tag} retired`, available: 1 });
    await shop.parts.retire(shop.admin, gone.databaseId);
    const search = `filter ${tag}`;
    expect(await namesListed({ search })).toEqual([onSale.name, low.name, gone.name]);
    expect(await namesListed({ search, status: PartStatusFilter.ON_SALE })).toEqual([onSale.name, low.name]);
    expect(await namesListed({ search, status: PartStatusFilter.RETIRED })).toEqual([gone.name]);
    // A retired part is never "low on stock": it is not for sale.
    expect(await namesListed({ search, lowStock: true })).toEqual([low.name]);
  });

  it("takes LIKE's wildcards in a search as plain characters", async () => {
    const tag = crypto.randomBytes(3).toString("hex");
    const literal = await createPart({ name: `Wildcard ${tag} 50%_off`, available: 5 });
    // What "%_" would match as a pattern: any name of one character or more.
    await createPart({ name: `Wildcard ${tag} 50 off`, available: 5 });
    expect(await namesListed({ search: "%_" })).toEqual([literal.name]);
  });

  it("is for admins: a customer is refused", async () => {
    const customer = await shop.customer("parts-list-curious");
    await expect(async () => shop.parts.listForAdmin(customer, {}, { first: 1 })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("stock corrections", () => {
  it("a correction counted against a stock that has since moved is refused, even when the stock now reads the new figure", async () => {
    const part = await createPart({ name: `Correction ${crypto.randomBytes(3).toString("hex")}`, available: 17 });
    // Another admin restocks one unit while the first counts the shelf from 17 to 18.
    await shop.parts.restock(shop.admin, part.databaseId, 1);
    await expect(
      shop.parts.update(shop.admin, part.databaseId, { available: 18, expectedAvailable: 17 }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const saved = await shop.parts.update(shop.admin, part.databaseId, { available: 18, expectedAvailable: 18 });
    expect(saved.available).toBe(18);
  });
});
