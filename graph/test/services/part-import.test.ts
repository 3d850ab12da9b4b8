import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/domain/accounts/user.entity";
import { AuditAction, AuditEntityType } from "../../src/domain/audit/audit-entry.entity";
import { ImportOutcome } from "../../src/domain/catalogue/part-import-decisions";
import { REST_LIST_LIMIT } from "../../src/domain/pagination";
import { checkInvariants } from "../../src/ops/check-invariants";
import {
  csv,
  exportedText,
  FORMER_HEADER,
  HEADER,
  importFile,
  importServices,
  uniqueNumber,
  uniqueWord,
} from "./support/part-import";
import { customer, database, withClient } from "./support/services";

/*
 * Bulk import and export of parts, as the import service runs them: a CSV read line by line,
 * dry-run first, applied by part number, recorded in History as one import; the export writes the
 * same format back. What a single line decides is the unit tier's
 * (src/domain/catalogue/part-import-decisions.spec.ts); the REST route, the importParts mutation
 * and who may call them are test/part-import.test.ts's.
 */

let db: Awaited<ReturnType<typeof database>>;
let services: ReturnType<typeof importServices>;
let admin: User;
beforeAll(async () => {
  db = await database();
  services = importServices(db);
  admin = await customer(db, "importer", "admin");
});

const dryRun = (file: string | Buffer) => importFile(services.partImports, admin, file, { dryRun: true });
const apply = (file: string | Buffer) => importFile(services.partImports, admin, file, { dryRun: false });

function createPart(partNumber: string, price = 20) {
  return services.parts.create(admin, {
    name: `Imported hinge ${partNumber}`,
    partNumber,
    shortDesc: "A hinge for the import",
    img: "/images/parts/dc-jack.svg",
    price,
    available: 5,
    minOrderQuantity: 1,
  });
}

const partByNumber = async (number: string) =>
  (
    await db.query(`SELECT id, name, price_cents, available, retired_at FROM parts WHERE part_number = $1`, [number])
  )[0];

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
    const report = await dryRun(file);
    expect(report).toMatchObject({
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
    const [created, changed, badPrice, badStock, twice] = report.shown;
    expect(created).toMatchObject({
      line: 2,
      partNumber: fresh,
      name: "Imported fan",
      outcome: ImportOutcome.CREATED,
      partId: null,
      problems: [],
    });
    expect(changed).toMatchObject({
      line: 3,
      outcome: ImportOutcome.CHANGED,
      partId: existing.databaseId,
      changes: [{ field: "price", before: 20, after: 24.75 }],
    });
    expect(badPrice).toMatchObject({
      line: 4,
      outcome: ImportOutcome.REFUSED,
      problems: ['Price must be an amount in dollars with at most two decimals, not "twelve"'],
    });
    expect(badStock.line).toBe(5);
    expect(badStock.problems).toEqual([
      'Stock must be a whole number, not "-2"',
      expect.stringMatching(/^Images: "ftp:\/\/example.com\/a.png" is not an http\(s\) URL/),
    ]);
    expect(twice).toMatchObject({
      line: 6,
      outcome: ImportOutcome.REFUSED,
      problems: [`Part number ${fresh} is on line 2 already: a file names each part once`],
    });
    // Nothing written.
    expect(await partByNumber(fresh)).toBeUndefined();
    expect((await partByNumber(existing.partNumber)).price_cents).toBe(2000);
  });

  it("a line of a field that spans lines is named by the line it starts on", async () => {
    const file = csv("part_number,price", `${uniqueNumber()},"1"`, `${uniqueNumber()},"a\nb"`, `${uniqueNumber()},x`);
    const report = await dryRun(file);
    expect(report.shown.map((line) => line.line)).toEqual([2, 3, 5]);
  });
});

describe("applying an import", () => {
  it("creates and changes parts by number, records one import with its lines in History, and changes nothing the second time", async () => {
    const existing = await createPart(uniqueNumber(), 20);
    const fresh = uniqueNumber();
    const fru = uniqueNumber("FRU");
    // Models of its own: a model fitted here would change what the file's other tests find by it.
    const [lenovo, dell] = [`ThinkPad ${uniqueWord()}`, `Latitude ${uniqueWord()}`];
    const file = csv(
      FORMER_HEADER,
      `${fresh},Imported keyboard,49.00,12,2,3,"A keyboard, backlit",Lenovo ${lenovo}; Dell ${dell},${fru},/images/parts/keyboard.svg,no`,
      `${existing.partNumber},${existing.name},22.00,9,1,10,A hinge for the import,,,/images/parts/dc-jack.svg,yes`,
      `${uniqueNumber()},,1.00,1,1,1,x,,,/images/parts/fan.svg,no`,
    );
    const first = await apply(file);
    expect(first).toMatchObject({ dryRun: false, lines: 3, created: 1, changed: 1, unchanged: 0, refused: 1 });
    expect(first.shown[2].problems).toEqual(["Name is required"]);
    expect(first.importId).toMatch(/^[0-9a-f-]{36}$/);
    const created = await partByNumber(fresh);
    expect(created).toMatchObject({ name: "Imported keyboard", price_cents: 4900, available: 12, retired_at: null });
    expect(first.shown[0].partId).toBe(created.id);
    expect(await partByNumber(existing.partNumber)).toMatchObject({
      price_cents: 2200,
      available: 9,
      retired_at: expect.any(Date),
    });

    // The part's page shows what the line gave; its FRU number finds it.
    expect((await services.parts.get(created.id)).partNumber).toBe(fresh);
    expect(await services.parts.alternativeNumbers([created.id])).toEqual([[fru]]);
    const models = (await services.compatibility.modelsOfParts([created.id])).get(created.id)!;
    expect(models.map(({ brand, model }) => ({ brand, model }))).toEqual(
      expect.arrayContaining([
        { brand: "Dell", model: dell },
        { brand: "Lenovo", model: lenovo },
      ]),
    );
    expect(models).toHaveLength(2);
    const found = await services.partSearch.listing({ search: fru.toLowerCase() }, REST_LIST_LIMIT);
    expect(found.map((part) => part.databaseId)).toEqual([created.id]);

    // History: the import once, its lines behind it; each part's own history has its line.
    const [entry] = (await services.audit.list(admin, {}, { first: 1 })).edges.map((edge) => edge.node);
    expect(entry).toMatchObject({
      action: AuditAction.PARTS_IMPORTED,
      entityType: AuditEntityType.IMPORT,
      entityId: first.importId,
    });
    expect(entry.after).toMatchObject({
      fileName: "catalogue.csv",
      lines: 3,
      created: 1,
      changed: 1,
      unchanged: 0,
      refused: 1,
    });
    const lines = (await services.audit.list(admin, { importId: entry.entityId }, { first: 10 })).edges.map(
      (edge) => edge.node,
    );
    expect(lines.map((line) => [line.action, line.entityId]).sort()).toEqual(
      [
        [AuditAction.PART_CREATED, created.id],
        [AuditAction.PART_UPDATED, existing.databaseId],
      ].sort(),
    );
    const update = lines.find((line) => line.action === AuditAction.PART_UPDATED)!;
    expect(update.before).toMatchObject({ price: 20, available: 5, retired: false });
    expect(update.after).toMatchObject({ price: 22, available: 9, retired: true });
    const own = await services.audit.list(
      admin,
      { entityType: AuditEntityType.PART, entityId: existing.databaseId },
      { first: 5 },
    );
    expect(own.edges.map((edge) => edge.node.action)).toEqual([AuditAction.PART_UPDATED, AuditAction.PART_CREATED]);

    const again = await apply(file);
    expect(again).toMatchObject({ importId: null, lines: 3, created: 0, changed: 0, unchanged: 2, refused: 1 });
    const [latest] = (await services.audit.list(admin, {}, { first: 1 })).edges;
    expect(latest.node.entityId).toBe(entry.entityId);

    const report = await withClient((client) => checkInvariants(client));
    expect(report.violations).toEqual([]);
  });

  it("an alternative number another part holds is refused, naming that part", async () => {
    const holder = await createPart(uniqueNumber());
    const other = await createPart(uniqueNumber());
    const taken = uniqueNumber("ALT");
    await services.parts.update(admin, holder.databaseId, { alternativeNumbers: [taken] });
    const report = await dryRun(csv("part_number,alternative_numbers", `${other.partNumber},${taken}`, `${taken},`));
    expect(report.shown[0].problems).toEqual([
      `The alternative number ${taken} belongs to ${holder.name} (part number ${holder.partNumber}): a number names one part`,
    ]);
    expect(report.shown[1].problems).toEqual([
      `${taken} is an alternative number of ${holder.name} (part number ${holder.partNumber}): a line names a part by its own number`,
    ]);
  });
});

describe("files the import refuses whole", () => {
  const refusal = (file: string | Buffer) =>
    dryRun(file).then(
      (report) => ({ refused: false, report }),
      (error) => ({ code: error.code, message: error.message as string }),
    );

  it("a bad header, a quote never closed, a file that is not UTF-8 or empty are refused naming the line or column", async () => {
    expect(await refusal(csv("part_number,colour", "X1,red"))).toEqual({
      code: "BAD_USER_INPUT",
      message: expect.stringContaining('The header names a column this shop does not know, "colour"'),
    });
    expect(await refusal(csv("name,price", "A,1"))).toEqual({
      code: "BAD_USER_INPUT",
      message: expect.stringContaining("The header needs a part_number column"),
    });
    expect(await refusal(csv("part_number,price,price", "A,1,1"))).toEqual({
      code: "BAD_USER_INPUT",
      message: "The header names the column price twice",
    });
    expect(await refusal(csv("part_number,name", "A1,ok", 'A2,"never closed', "A3,x"))).toEqual({
      code: "BAD_USER_INPUT",
      message: expect.stringMatching(/^A quoted field is never closed \(line \d+\)/),
    });
    expect(
      await refusal(
        Buffer.concat([Buffer.from("part_number,name\r\nA1,caf"), Buffer.from([0xe9]), Buffer.from("\r\n")]),
      ),
    ).toEqual({
      code: "BAD_USER_INPUT",
      message: expect.stringContaining("The file is not UTF-8 text (a byte near offset"),
    });
    expect(await refusal("")).toEqual({
      code: "BAD_USER_INPUT",
      message: expect.stringContaining("The file is empty"),
    });
  });
});

describe("the export", () => {
  it("writes every part in the import's format: export, edit, import round-trips", async () => {
    const part = await createPart(uniqueNumber(), 31.5);
    const text = await exportedText(services.partImports, admin);
    expect(text.split("\r\n")[0]).toBe(HEADER);
    const line = text.split("\r\n").find((row) => row.startsWith(`${part.partNumber},`));
    expect(line).toBe(
      `${part.partNumber},${part.name},31.50,5,1,10,A hinge for the import,,,/images/parts/dc-jack.svg,no,0,,,,no,,standard`,
    );
    // (The file's other tests' parts are in it too; the byte-for-byte round trip is the 100,000-line test's.)
    const unchanged = await dryRun(text);
    expect(unchanged).toMatchObject({ created: 0 });
    expect(unchanged.shown.filter((row) => row.partNumber === part.partNumber)).toEqual([]);
    const edited = await dryRun(text.replace(line!, line!.replace(",31.50,", ",29.99,")));
    expect(edited.shown.filter((row) => row.partNumber === part.partNumber)).toEqual([
      expect.objectContaining({
        outcome: ImportOutcome.CHANGED,
        changes: [{ field: "price", before: 31.5, after: 29.99 }],
      }),
    ]);
  });
});

describe("what shipping and tax know of a part, in the CSV", () => {
  const shippingOf = async (number: string) =>
    (
      await db.query(
        `SELECT price_cents, weight_grams, length_mm, width_mm, height_mm, dangerous_goods, battery_wh::float AS battery_wh, tax_category
         FROM parts WHERE part_number = $1`,
        [number],
      )
    )[0];

  it("the export writes them, an edited file changes them field by field, and a file without their columns leaves them alone", async () => {
    const number = uniqueNumber("SHIP");
    const created = await services.parts.create(admin, {
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
      taxCategory: "reduced",
    });
    const text = await exportedText(services.partImports, admin);
    const line = text.split("\r\n").find((row) => row.startsWith(`${number},`))!;
    expect(line).toBe(
      `${number},${created.name},80.00,5,1,10,A large battery,,,/images/parts/battery.svg,no,480,300,210,12,yes,150,reduced`,
    );

    const edited = await dryRun(csv(HEADER, line.replace(",480,300,210,12,yes,150,", ",500,,,,yes,99.5,")));
    expect(edited.shown).toEqual([
      expect.objectContaining({
        outcome: ImportOutcome.CHANGED,
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
    expect(unmarked.shown[0].problems).toEqual([
      "A battery over 100 Wh (this one: 150 Wh) must be marked as dangerous goods: carriers only take lithium batteries that large as dangerous goods",
    ]);

    // A file of the former format changes the price and leaves the rest as it was.
    const former = line.split(",").slice(0, 11).join(",").replace(",80.00,", ",79.00,");
    expect(await apply(csv(FORMER_HEADER, former))).toMatchObject({ changed: 1, refused: 0 });
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
    expect(made, JSON.stringify(made.shown)).toMatchObject({ created: 2, refused: 0 });
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
