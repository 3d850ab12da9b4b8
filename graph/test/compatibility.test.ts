import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, gql, newCustomer, rest, seededAdmin, withDatabase } from "./support/client";
import { Domain, domainServices, insertParts, uniqueWord } from "./support/domain";
import { seedParts } from "../src/db/seed-catalogue";

const PART_MODELS = "query($id: ID!) { part(id: $id) { name compatibleModels { id databaseId brand model name } } }";
const modelNames = (answer: any) => answer.body.data.part.compatibleModels.map((model: any) => model.name);
const shopError = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error: any) {
    return { code: error.code, message: error.message };
  }
  throw new Error("expected a refusal");
};

let domain: Domain;
let admin: Awaited<ReturnType<Domain["actor"]>>;
beforeAll(async () => {
  domain = await domainServices();
  admin = await domain.actor((await seededAdmin()).email);
});
afterAll(async () => {
  await domain?.close();
});

describe("compatible laptop models", () => {
  it("every seeded part lists realistic models, by brand then model name", async () => {
    const { body: parts } = await rest("GET", "/parts");
    for (const seeded of seedParts) {
      const part = parts.find((p: any) => p.name === seeded.name);
      const answer = await gql(PART_MODELS, { id: part._id });
      const expected = seeded.fits
        .map(({ brand, model }) => `${brand} ${model}`)
        .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
      expect(modelNames(answer), seeded.name).toEqual(expected);
      expect(expected.length, seeded.name).toBeGreaterThanOrEqual(3);
    }
    const battery = parts.find((p: any) => p.name === "Li-ion Battery 11.55V 57Wh, 3-cell");
    const models = (await gql(PART_MODELS, { id: battery._id })).body.data.part.compatibleModels;
    expect(models).toContainEqual(
      expect.objectContaining({ brand: "Lenovo", model: "ThinkPad T14 Gen 2", name: "Lenovo ThinkPad T14 Gen 2" }),
    );
  });

  it("a laptop model is a Node: node(id:) answers it", async () => {
    const { body: parts } = await rest("GET", "/parts");
    const [model] = (await gql(PART_MODELS, { id: parts[0]._id })).body.data.part.compatibleModels;
    const node = await gql("query($id: ID!) { node(id: $id) { __typename id ... on LaptopModel { name } } }", {
      id: model.id,
    });
    expect(node.body.data.node).toEqual({ __typename: "LaptopModel", id: model.id, name: model.name });
  });

  it("laptopBrands and laptopModels list what parts fit, alphabetically, by brand and by a part of the name", async () => {
    const brands = (await gql("{ laptopBrands }")).body.data.laptopBrands;
    expect(brands).toEqual(expect.arrayContaining(["Acer", "Apple", "ASUS", "Dell", "Framework", "HP", "Lenovo"]));
    expect([...brands].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(brands);
    const query =
      "query($brand: String, $search: String, $after: String) { laptopModels(first: 3, brand: $brand, search: $search, after: $after) { edges { node { brand model } } pageInfo { hasNextPage endCursor } } }";
    const all: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 20; page++) {
      const answer: any = await gql(query, { brand: "lenovo", after });
      const connection = answer.body.data.laptopModels;
      all.push(...connection.edges.map((edge: any) => `${edge.node.brand} ${edge.node.model}`));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(all.length).toBeGreaterThan(10);
    expect(all.every((name) => name.startsWith("Lenovo "))).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))).toEqual(all);
    const t14 = await gql(query, { search: "t14 GEN" });
    expect(t14.body.data.laptopModels.edges.map((edge: any) => edge.node.model)).toEqual([
      "ThinkPad T14 Gen 1",
      "ThinkPad T14 Gen 2",
      "ThinkPad T14 Gen 3",
    ]);
    expect(errorCode(await gql(query, { after: "bm9wZQ" }))).toBe("BAD_USER_INPUT");
  });
});

describe("setCompatibleModels (the service the admin form will call)", () => {
  it("only admins may: visitors are asked to sign in, customers refused", async () => {
    const [partId] = await insertParts([{ name: `Guarded ${uniqueWord()}` }]);
    const customer = await domain.actor((await newCustomer("compat")).email);
    const models = [{ brand: "Dell", model: "Latitude 5420" }];
    expect(await shopError(domain.compatibility.setCompatibleModels(null, partId, models))).toMatchObject({
      code: "UNAUTHENTICATED",
    });
    expect(await shopError(domain.compatibility.setCompatibleModels(customer, partId, models))).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(modelNames(await gql(PART_MODELS, { id: partId }))).toEqual([]);
  });

  it("replaces the part's models; the part page and the search show the change at once", async () => {
    const word = uniqueWord();
    const [partId] = await insertParts([{ name: `Adapter ${word}` }]);
    const modelA = uniqueWord();
    const modelB = uniqueWord();
    const set = await domain.compatibility.setCompatibleModels(admin, partId, [
      { brand: "Lenovo", model: `ThinkPad ${modelA}` },
      { brand: "Acer", model: `Swift ${modelB}` },
    ]);
    expect(set.map((model) => model.name)).toEqual([`Acer Swift ${modelB}`, `Lenovo ThinkPad ${modelA}`]);
    expect(modelNames(await gql(PART_MODELS, { id: partId }))).toEqual([
      `Acer Swift ${modelB}`,
      `Lenovo ThinkPad ${modelA}`,
    ]);
    expect((await rest("GET", `/parts?q=${modelA}`)).body.map((part: any) => part._id)).toEqual([partId]);
    // Cached answers are dropped when the models change.
    expect(modelNames(await gql(PART_MODELS, { id: partId }))).toHaveLength(2);

    await domain.compatibility.setCompatibleModels(admin, partId, [{ brand: "Acer", model: `Swift ${modelB}` }]);
    expect(modelNames(await gql(PART_MODELS, { id: partId }))).toEqual([`Acer Swift ${modelB}`]);
    expect((await rest("GET", `/parts?q=${modelA}`)).body).toEqual([]);
    expect((await rest("GET", `/parts?q=${modelB}`)).body.map((part: any) => part._id)).toEqual([partId]);
    expect((await rest("GET", `/parts?q=${word}&brand=acer`)).body.map((part: any) => part._id)).toEqual([partId]);

    expect(await domain.compatibility.setCompatibleModels(admin, partId, [])).toEqual([]);
    expect(modelNames(await gql(PART_MODELS, { id: partId }))).toEqual([]);
    expect((await rest("GET", `/parts?q=${modelB}`)).body).toEqual([]);
  });

  it("a brand or model filter follows the part's laptops: set, a laptop's brand or model renamed, removed", async () => {
    const word = uniqueWord();
    const [partId] = await insertParts([{ name: `Bracket ${word}` }]);
    const brand = `Make${word}`.slice(0, 40);
    const renamed = `Remade${word}`.slice(0, 40);
    // Each check asks in a letter case of its own: no answer of an earlier one can serve it.
    const found = async (query: string) => (await rest("GET", `/parts?${query}`)).body.map((part: any) => part._id);
    const foundByGraphql = async (filter: Record<string, unknown>) =>
      (
        await gql("query($filter: PartFilter) { parts(filter: $filter, first: 5) { edges { node { databaseId } } } }", {
          filter,
        })
      ).body.data.parts.edges.map((edge: any) => edge.node.databaseId);

    await domain.compatibility.setCompatibleModels(admin, partId, [
      { brand, model: "One" },
      { brand: "Dell", model: "Latitude 5420" },
    ]);
    expect(await found(`brand=${brand}`)).toEqual([partId]);
    expect(await found(`q=${word}&brand=${brand.toUpperCase()}`)).toEqual([partId]);
    expect(await found(`q=${word}&brand=dell`)).toEqual([partId]);
    expect(await foundByGraphql({ brand: brand.toLowerCase() })).toEqual([partId]);
    expect(await found(`q=${word}&model=ONE`)).toEqual([partId]);
    expect(await found(`q=${word}&brand=${brand}&model=one`)).toEqual([partId]);
    expect(await found(`q=${word}&brand=Dell&model=One`)).toEqual([]);
    expect(await foundByGraphql({ brand: brand.toUpperCase(), model: "oNE" })).toEqual([partId]);

    await withDatabase((client) =>
      client.query("UPDATE laptop_models SET brand = $2 WHERE brand = $1", [brand, renamed]),
    );
    expect(await found(`q=${word}&brand=${renamed}`)).toEqual([partId]);
    expect(await found(`q=${word}&brand=${brand.toLowerCase()}`)).toEqual([]);
    expect(await foundByGraphql({ brand: renamed.toUpperCase() })).toEqual([partId]);
    expect(await found(`q=${word}&brand=${renamed}&model=One`)).toEqual([partId]);
    expect(await found(`q=${word}&brand=${brand}&model=One`)).toEqual([]);
    await withDatabase((client) => client.query("UPDATE laptop_models SET model = 'Two' WHERE brand = $1", [renamed]));
    expect(await found(`q=${word}&model=two`)).toEqual([partId]);
    expect(await foundByGraphql({ brand: renamed, model: "One" })).toEqual([]);

    await domain.compatibility.setCompatibleModels(admin, partId, [{ brand: "Dell", model: "Latitude 5420" }]);
    expect(await found(`q=${word}&brand=${renamed.toLowerCase()}`)).toEqual([]);
    expect(await foundByGraphql({ brand: renamed.toLowerCase() })).toEqual([]);
    expect(await found(`q=${word}&brand=DELL`)).toEqual([partId]);
    expect(await found(`q=${word}&model=Two`)).toEqual([]);
    const row = await withDatabase(
      async (client) =>
        (await client.query("SELECT laptop_brands, laptop_models FROM parts WHERE id = $1", [partId])).rows[0],
    );
    expect(row.laptop_brands).toEqual(["dell"]);
    // Each model alone and with its brand, joined by chr(31) (migration 1764750000000).
    expect([...row.laptop_models].sort()).toEqual(["\u001flatitude 5420", "dell\u001flatitude 5420"].sort());
  });

  it("tidies names, counts a model once whatever the case, and spells a brand as it already is", async () => {
    const [partId] = await insertParts([{ name: `Tidy ${uniqueWord()}` }]);
    const model = `IdeaPad ${uniqueWord()}`;
    const set = await domain.compatibility.setCompatibleModels(admin, partId, [
      { brand: "  LENOVO ", model: `  ${model.replace(" ", "   ")}  ` },
      { brand: "lenovo", model: model.toUpperCase() },
      { brand: "Dell", model: "LATITUDE 5420" },
    ]);
    // The brands and the existing Dell model keep their spelling.
    expect(set.map((entry) => entry.name)).toEqual(["Dell Latitude 5420", `Lenovo ${model}`]);
    const rows = await withDatabase(
      async (client) => (await client.query("SELECT brand, model FROM laptop_models WHERE model = $1", [model])).rows,
    );
    expect(rows).toEqual([{ brand: "Lenovo", model }]);
  });

  it("refuses an unknown part, blank or too long names and too many models, changing nothing", async () => {
    const [partId] = await insertParts([{ name: `Refusing ${uniqueWord()}` }]);
    await domain.compatibility.setCompatibleModels(admin, partId, [{ brand: "HP", model: "ProBook 440 G8" }]);
    const cases: Array<[unknown, string]> = [
      [[{ brand: " ", model: "X" }], "Each model needs a brand"],
      [[{ brand: "HP", model: "" }], "Each model needs a model name"],
      [[{ brand: "x".repeat(41), model: "X" }], "Brand must be at most 40 characters"],
      [[{ brand: "HP", model: "x".repeat(81) }], "Model must be at most 80 characters"],
      [
        Array.from({ length: 201 }, (_, i) => ({ brand: "HP", model: `Model ${i}` })),
        "A part can list at most 200 laptop models",
      ],
      ["HP ProBook", "Models must be a list of brands and model names"],
    ];
    for (const [models, message] of cases) {
      expect(await shopError(domain.compatibility.setCompatibleModels(admin, partId, models as any)), message).toEqual({
        code: "BAD_USER_INPUT",
        message,
      });
    }
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect(await shopError(domain.compatibility.setCompatibleModels(admin, id, []))).toEqual({
        code: "NOT_FOUND",
        message: "Part not found",
      });
    }
    expect(modelNames(await gql(PART_MODELS, { id: partId }))).toEqual(["HP ProBook 440 G8"]);
    // 200 is allowed.
    const many = Array.from({ length: 200 }, (_, i) => ({ brand: "HP", model: `Bulk ${partId.slice(0, 8)} ${i}` }));
    expect(await domain.compatibility.setCompatibleModels(admin, partId, many)).toHaveLength(200);
  });

  it("the search vocabulary learns new model names, so their typos are forgiven too", async () => {
    const [partId] = await insertParts([{ name: `Bracket ${uniqueWord()}` }]);
    const family = uniqueWord(10);
    await domain.compatibility.setCompatibleModels(admin, partId, [{ brand: "Framework", model: `${family} 16` }]);
    const typo = family.slice(0, 4) + family.slice(5);
    expect((await rest("GET", `/parts?q=${typo}%2016`)).body.map((part: any) => part._id)).toEqual([partId]);
  });
});

describe("reviews of parts (for best rated)", () => {
  const review = { name: "Rosa Diaz", ratings: 4, description: "Exact fit.", img: "https://example.com/rosa.png" };

  it("a review may name the part it is about (REST partId, GraphQL partId); the part's rating follows", async () => {
    const customer = await newCustomer("partreview");
    const [partId] = await insertParts([{ name: `Reviewed ${uniqueWord()}` }]);
    const added = await rest("POST", "/review", { token: customer.token, body: { ...review, partId } });
    expect(added.status).toBe(201);
    const globalId = Buffer.from(`Part:${partId}`).toString("base64url");
    const viaGraphql = await gql(
      "mutation($input: AddReviewInput!) { addReview(input: $input) { ratings part { databaseId name rating reviewCount } } }",
      { input: { ...review, ratings: 5, partId: globalId } },
      customer.token,
    );
    expect(viaGraphql.body.data.addReview).toMatchObject({
      ratings: 5,
      part: { databaseId: partId, rating: 4.5, reviewCount: 2 },
    });
    // GET /review answers the spec's shape, as before.
    const list = await rest("GET", "/review");
    expect(list.body.find((r: any) => r._id === added.body.insertedId)).toEqual({
      _id: added.body.insertedId,
      ...review,
    });
  });

  it("without a part (or with a blank one) it is a review of the shop; an unknown part is 404 / NOT_FOUND", async () => {
    const customer = await newCustomer("shopreview");
    for (const partId of [undefined, null, "", "  "]) {
      const added = await rest("POST", "/review", { token: customer.token, body: { ...review, partId } });
      expect(added.status, String(partId)).toBe(201);
      const part = await withDatabase(
        async (client) =>
          (await client.query("SELECT part_id FROM reviews WHERE id = $1", [added.body.insertedId])).rows[0],
      );
      expect(part.part_id).toBeNull();
    }
    for (const partId of ["00000000-0000-4000-8000-000000000000", "garbage", 42]) {
      const refused = await rest("POST", "/review", { token: customer.token, body: { ...review, partId } });
      expect(refused.status, String(partId)).toBe(partId === 42 ? 400 : 404);
    }
    const unknown = await gql(
      "mutation($input: AddReviewInput!) { addReview(input: $input) { id } }",
      {
        input: { ...review, partId: Buffer.from("Product:00000000-0000-4000-8000-000000000000").toString("base64url") },
      },
      customer.token,
    );
    expect(errorCode(unknown)).toBe("NOT_FOUND");
    const shopReview = await gql(
      "mutation($input: AddReviewInput!) { addReview(input: $input) { part { id } } }",
      { input: review },
      customer.token,
    );
    expect(shopReview.body.data.addReview.part).toBeNull();
  });
});
