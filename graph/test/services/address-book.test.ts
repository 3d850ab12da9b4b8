import { describe, expect, it } from "vitest";
import { AddressBookService, MAX_ADDRESSES } from "../../src/domain/addresses/address-book.service";
import type { ShopError } from "../../src/domain/errors";
import { ADDRESSES, nthAddress } from "./support/addresses";
import { customer, database } from "./support/services";

/*
 * The address book's rules as the service keeps them: one default whenever a customer has any
 * address (the first, the chosen one, the newest left), at most 20 addresses, every field
 * checked and named, and another customer's addresses out of reach.
 */

async function book() {
  const db = await database();
  return { db, addresses: new AddressBookService(db) };
}

const refusal = async (work: Promise<unknown>): Promise<ShopError> => {
  const outcome = await work.then(
    () => null,
    (error: ShopError) => error,
  );
  if (!outcome) throw new Error("expected a refusal");
  return outcome;
};

const defaultsOf = async (addresses: AddressBookService, owner: Awaited<ReturnType<typeof customer>>) =>
  (await addresses.list(owner)).filter((address) => address.isDefault).map((address) => address.line1);

describe("the default address", () => {
  it("is the first address added; later ones are not", async () => {
    const { db, addresses } = await book();
    const owner = await customer(db);
    const first = await addresses.add(owner, ADDRESSES.gb);
    const second = await addresses.add(owner, ADDRESSES.de);
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    expect((await addresses.list(owner)).map((address) => [address.line1, address.isDefault])).toEqual([
      [ADDRESSES.gb.line1, true],
      [ADDRESSES.de.line1, false],
    ]);
  });

  it("moves to the address chosen, and the old default becomes an ordinary one", async () => {
    const { db, addresses } = await book();
    const owner = await customer(db);
    await addresses.add(owner, ADDRESSES.gb);
    const berlin = await addresses.add(owner, ADDRESSES.de);
    const chosen = await addresses.setDefault(owner, berlin.databaseId);
    expect(chosen.isDefault).toBe(true);
    expect(await defaultsOf(addresses, owner)).toEqual([ADDRESSES.de.line1]);
    // Listed first.
    expect((await addresses.list(owner))[0].databaseId).toBe(berlin.databaseId);
    expect((await addresses.defaultOf(owner))?.databaseId).toBe(berlin.databaseId);
  });

  it("is exactly one after two setDefault calls at once, from two processes", async () => {
    const [first, second] = [await database(), await database()];
    const [shopA, shopB] = [new AddressBookService(first), new AddressBookService(second)];
    const owner = await customer(first);
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push((await shopA.add(owner, nthAddress(n))).databaseId);
    for (let round = 1; round < 6; round++) {
      await Promise.all([shopA.setDefault(owner, ids[round]), shopB.setDefault(owner, ids[(round + 2) % 6])]);
      const defaults = (await shopA.list(owner)).filter((address) => address.isDefault).map((a) => a.databaseId);
      expect(defaults).toHaveLength(1);
      expect([ids[round], ids[(round + 2) % 6]]).toContain(defaults[0]);
    }
  });

  it("passes to the newest address left when the default is removed, and is none with an empty book", async () => {
    const { db, addresses } = await book();
    const owner = await customer(db);
    const oldest = await addresses.add(owner, nthAddress(1));
    await addresses.add(owner, nthAddress(2));
    const newest = await addresses.add(owner, nthAddress(3));
    const removed = await addresses.remove(owner, oldest.databaseId);
    expect(removed.databaseId).toBe(oldest.databaseId);
    expect(await defaultsOf(addresses, owner)).toEqual([newest.line1]);

    // Removing an ordinary address leaves the default where it is.
    await addresses.remove(owner, (await addresses.list(owner))[1].databaseId);
    expect(await defaultsOf(addresses, owner)).toEqual([newest.line1]);
    await addresses.remove(owner, newest.databaseId);
    expect(await addresses.list(owner)).toEqual([]);
    expect(await addresses.defaultOf(owner)).toBeNull();
    // A new first address is the default again.
    expect((await addresses.add(owner, ADDRESSES.us)).isDefault).toBe(true);
  });

  it("stays where it is when an address is edited", async () => {
    const { db, addresses } = await book();
    const owner = await customer(db);
    const home = await addresses.add(owner, ADDRESSES.gb);
    const work = await addresses.add(owner, ADDRESSES.de);
    expect((await addresses.update(owner, home.databaseId, ADDRESSES.us)).isDefault).toBe(true);
    expect((await addresses.update(owner, work.databaseId, nthAddress(7))).isDefault).toBe(false);
    expect(await defaultsOf(addresses, owner)).toEqual([ADDRESSES.us.line1]);
  });
});

describe("the size of a book", () => {
  it("is at most 20 addresses, even added all at once; removing one makes room", async () => {
    const { db, addresses } = await book();
    const owner = await customer(db);
    const outcomes = await Promise.allSettled(
      Array.from({ length: MAX_ADDRESSES + 3 }, (_, n) => addresses.add(owner, nthAddress(n))),
    );
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(MAX_ADDRESSES);
    expect(refused.map((outcome) => [outcome.reason.code, outcome.reason.message])).toEqual(
      Array(3).fill(["CONFLICT", "Your address book holds at most 20 addresses: remove one first"]),
    );
    const kept = await addresses.list(owner);
    expect(kept).toHaveLength(MAX_ADDRESSES);
    expect(kept.filter((address) => address.isDefault)).toHaveLength(1);

    await addresses.remove(owner, kept[5].databaseId);
    expect((await addresses.add(owner, ADDRESSES.us)).country).toBe("US");
  });
});

describe("another customer's address", () => {
  it("cannot be read, changed, made default or removed: it is not found, and stays as it was", async () => {
    const { db, addresses } = await book();
    const [owner, stranger] = [await customer(db, "owner"), await customer(db, "stranger")];
    await addresses.add(owner, ADDRESSES.gb);
    const theirs = await addresses.add(owner, ADDRESSES.de);
    await addresses.add(stranger, ADDRESSES.us);
    const attempts = [
      () => addresses.get(stranger, theirs.databaseId),
      () => addresses.update(stranger, theirs.databaseId, ADDRESSES.us),
      () => addresses.setDefault(stranger, theirs.databaseId),
      () => addresses.remove(stranger, theirs.databaseId),
    ];
    for (const attempt of attempts) {
      const error = await refusal(attempt());
      expect([error.code, error.message, error.details]).toEqual([
        "NOT_FOUND",
        "Address not found",
        { fields: { id: ["Not found"] } },
      ]);
    }
    expect((await addresses.list(owner)).map((address) => [address.line1, address.isDefault])).toEqual([
      [ADDRESSES.gb.line1, true],
      [ADDRESSES.de.line1, false],
    ]);
    expect((await addresses.list(stranger)).map((address) => address.line1)).toEqual([ADDRESSES.us.line1]);
  });

  it("nor can an id that is not one: it is not found, never a database error", async () => {
    const { db, addresses } = await book();
    const owner = await customer(db);
    for (const id of ["", "not-a-uuid", "00000000-0000-0000-0000-000000000000"])
      expect((await refusal(addresses.setDefault(owner, id))).code).toBe("NOT_FOUND");
  });

  it("is out of a visitor's reach too: they are asked to sign in", async () => {
    const { addresses } = await book();
    expect((await refusal(addresses.add(null, ADDRESSES.gb))).code).toBe("UNAUTHENTICATED");
    expect((await refusal(addresses.list(null))).code).toBe("UNAUTHENTICATED");
  });
});

describe("an address's fields", () => {
  it("are kept as the rules normalise them", async () => {
    const { db, addresses } = await book();
    const owner = await customer(db);
    const kept = await addresses.add(owner, {
      ...ADDRESSES.us,
      name: "  Grace Hopper ",
      region: "california",
      postalCode: "94105-1420",
      country: "us",
      line2: " ",
    });
    expect(kept.postal).toEqual({
      name: "Grace Hopper",
      company: "Fleet Repairs Inc",
      line1: "100 Market Street",
      line2: null,
      city: "San Francisco",
      region: "CA",
      postalCode: "94105-1420",
      country: "US",
      phone: "+14155550100",
    });
    expect(kept.countryName).toBe("United States");
  });

  it("are each named when wrong, all at once, and nothing is stored", async () => {
    const { db, addresses } = await book();
    const owner = await customer(db);
    const error = await refusal(
      addresses.add(owner, {
        name: " ",
        company: "c".repeat(81),
        line1: "",
        line2: "l".repeat(121),
        city: "",
        region: "Narnia",
        postalCode: "ABCDE",
        country: "US",
        phone: "call me",
      }),
    );
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(Object.keys((error.details as { fields: object }).fields).sort()).toEqual(
      ["city", "company", "line1", "line2", "name", "phone", "postalCode", "region"].sort(),
    );
    expect(error.details).toMatchObject({
      fields: {
        name: ["Name is required"],
        region: ['"Narnia" is not a state or province of United States'],
        postalCode: ['"ABCDE" is not a postal code of United States'],
      },
    });
    expect(error.message).toContain("Name is required");
    const badCountry = await refusal(addresses.add(owner, { ...ADDRESSES.gb, country: "XX" }));
    expect(badCountry.details).toEqual({
      fields: { country: ["Country must be a two-letter ISO 3166 code, like US, GB or DE"] },
    });
    expect(await addresses.list(owner)).toEqual([]);
  });

  it("are checked on an edit as on an add, and a refused edit changes nothing", async () => {
    const { db, addresses } = await book();
    const owner = await customer(db);
    const home = await addresses.add(owner, ADDRESSES.gb);
    const error = await refusal(addresses.update(owner, home.databaseId, { ...ADDRESSES.gb, postalCode: "XYZ" }));
    expect(error.details).toEqual({ fields: { postalCode: ['"XYZ" is not a postal code of United Kingdom'] } });
    expect((await addresses.get(owner, home.databaseId)).postalCode).toBe(ADDRESSES.gb.postalCode);
  });
});

describe("the countries of the address form", () => {
  it("lists every ISO 3166 country by name, with the regions to choose from where one is required", async () => {
    const { addresses } = await book();
    const countries = addresses.countries();
    expect(countries.length).toBeGreaterThan(200);
    const byCode = new Map(countries.map((country) => [country.code, country]));
    expect(byCode.get("GB")).toEqual({ code: "GB", name: "United Kingdom", regionRequired: false, regions: [] });
    expect(byCode.get("US")?.regionRequired).toBe(true);
    expect(byCode.get("US")?.regions).toContainEqual({ code: "CA", name: "California" });
    expect(byCode.get("CA")?.regions).toContainEqual({ code: "ON", name: "Ontario" });
    expect(byCode.get("AU")?.regions).toContainEqual({ code: "NSW", name: "New South Wales" });
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});
