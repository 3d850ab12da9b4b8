import { DataSource, EntityManager } from "typeorm";
import { Actor, authorize } from "../actor";
import { badInput, notFound } from "../errors";
import { databaseIdOf } from "../ids";
import { Page, PageRequest, pageOf } from "../pagination";
import { LaptopModel } from "./laptop-model.entity";
import { PartCompatibility } from "./part-compatibility.entity";
import { type LaptopModelName, MAX_BRAND_LENGTH, MAX_MODEL_LENGTH, MAX_MODELS_PER_PART } from "./part-rules";

export interface LaptopModelFilter {
  /** Only this brand's models (any letter case). */
  brand?: string | null;
  /** Only models whose "brand model" name contains this text (any letter case). */
  search?: string | null;
}

/** Runs of white space become one space; the ends are trimmed. */
const tidy = (text: string) => text.replace(/\s+/gu, " ").trim();
/** Characters as PostgreSQL counts them (code points). */
const length = (text: string) => [...text].length;
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Cursors of the models list: the model's place in brand and model order (as PostgreSQL lower-cases them). */
const encodeModelCursor = (brandKey: string, modelKey: string) =>
  Buffer.from(JSON.stringify(["lm", brandKey, modelKey])).toString("base64url");

function decodeModelCursor(cursor: string): [string, string] {
  try {
    const decoded = /^[A-Za-z0-9_-]{1,400}$/.test(cursor)
      ? JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"))
      : null;
    if (
      Array.isArray(decoded) &&
      decoded.length === 3 &&
      decoded[0] === "lm" &&
      typeof decoded[1] === "string" &&
      typeof decoded[2] === "string"
    ) {
      return [decoded[1], decoded[2]];
    }
  } catch {
    // not JSON: refused below
  }
  throw badInput("after is not a valid cursor");
}

/** Checks and tidies the models an admin gives a part; duplicates (any letter case) count once. */
export function checkModelNames(models: unknown): LaptopModelName[] {
  if (!Array.isArray(models)) throw badInput("Models must be a list of brands and model names");
  const seen = new Map<string, LaptopModelName>();
  for (const entry of models) {
    const brand = typeof entry?.brand === "string" ? tidy(entry.brand) : "";
    const model = typeof entry?.model === "string" ? tidy(entry.model) : "";
    if (!brand) throw badInput("Each model needs a brand");
    if (!model) throw badInput("Each model needs a model name");
    if (length(brand) > MAX_BRAND_LENGTH) throw badInput(`Brand must be at most ${MAX_BRAND_LENGTH} characters`);
    if (length(model) > MAX_MODEL_LENGTH) throw badInput(`Model must be at most ${MAX_MODEL_LENGTH} characters`);
    const key = `${brand.toLowerCase()}\n${model.toLowerCase()}`;
    if (!seen.has(key)) seen.set(key, { brand, model });
  }
  if (seen.size > MAX_MODELS_PER_PART) throw badInput(`A part can list at most ${MAX_MODELS_PER_PART} laptop models`);
  return [...seen.values()];
}

/**
 * Makes `models` the laptop models the part fits, in the caller's transaction (the part's row is
 * locked, so concurrent changes of one part's models take turns). A model that does not exist yet
 * is added, spelt like the brand's existing models ("LENOVO" joins "Lenovo"); models no longer
 * listed stay for other parts. Triggers refresh the part's search document and notify caches.
 */
export async function replaceCompatibleModels(
  tx: EntityManager,
  partId: string,
  models: LaptopModelName[],
): Promise<void> {
  const [part] = await tx.query(`SELECT id FROM parts WHERE id = $1 FOR NO KEY UPDATE`, [partId]);
  if (!part) throw notFound("Part");
  await replaceCompatibleModelsOfParts(tx, [{ partId, models }]);
}

/**
 * The same for several parts at once (a batch of an import), in a few statements whatever their
 * number: the caller holds the parts' row locks. Each part's list replaces its models.
 */
export async function replaceCompatibleModelsOfParts(
  tx: EntityManager,
  entries: ReadonlyArray<{ partId: string; models: LaptopModelName[] }>,
): Promise<void> {
  if (entries.length === 0) return;
  const wanted = entries.flatMap(({ partId, models }) => models.map((entry) => ({ partId, ...entry })));
  const partIds = wanted.map((entry) => entry.partId);
  const brands = wanted.map((entry) => entry.brand);
  const names = wanted.map((entry) => entry.model);
  if (wanted.length) {
    await tx.query(
      `INSERT INTO laptop_models (brand, model)
       SELECT coalesce((SELECT known.brand FROM laptop_models known WHERE lower(known.brand) = lower(wanted.brand) ORDER BY known.seq LIMIT 1), wanted.brand),
              wanted.model
       FROM (SELECT DISTINCT ON (lower(brand), lower(model)) brand, model FROM unnest($1::text[], $2::text[]) AS given(brand, model)) AS wanted
       ON CONFLICT ((lower(brand)), (lower(model))) DO NOTHING`,
      [brands, names],
    );
  }
  // Each part's wanted models by id; the models it fits no more, removed; the new ones, added.
  await tx.query(
    `WITH wanted AS (
       SELECT DISTINCT given.part_id, m.id AS model_id FROM unnest($1::uuid[], $2::text[], $3::text[]) AS given(part_id, brand, model)
       JOIN laptop_models m ON lower(m.brand) = lower(given.brand) AND lower(m.model) = lower(given.model)),
     removed AS (
       DELETE FROM part_compatibility c WHERE c.part_id = ANY($4::uuid[])
         AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.part_id = c.part_id AND w.model_id = c.laptop_model_id))
     INSERT INTO part_compatibility (part_id, laptop_model_id) SELECT part_id, model_id FROM wanted ON CONFLICT DO NOTHING`,
    [partIds, brands, names, entries.map((entry) => entry.partId)],
  );
}

/** The laptop models parts fit: what a part's page lists and what the catalogue filters by. */
export class CompatibilityService {
  constructor(
    private readonly db: DataSource,
    /** Where the catalogue's reads go: the replicas when fresh enough (db/replica-reads.ts), else the primary. */
    private readonly reads: DataSource = db,
  ) {}

  /** The models each part fits, by brand then model name, keyed by part id (every id present). */
  async modelsOfParts(partIds: readonly string[]): Promise<Map<string, LaptopModel[]>> {
    const byPart = new Map<string, LaptopModel[]>(partIds.map((id) => [id, []]));
    if (partIds.length === 0) return byPart;
    const { entities, raw } = await this.reads
      .getRepository(LaptopModel)
      .createQueryBuilder("laptop")
      .innerJoin(PartCompatibility, "fit", "fit.laptopModelId = laptop.databaseId")
      .addSelect("fit.part_id", "fit_part_id")
      .where("fit.partId = ANY(:ids)", { ids: [...partIds] })
      .orderBy("lower(laptop.brand)")
      .addOrderBy("lower(laptop.model)")
      .getRawAndEntities();
    const models = new Map(entities.map((model) => [model.databaseId, model]));
    for (const row of raw as Array<{ fit_part_id: string; laptop_id: string }>) {
      const model = models.get(row.laptop_id);
      if (model) byPart.get(row.fit_part_id)?.push(model);
    }
    return byPart;
  }

  /** Brands that at least one part on sale fits, alphabetically. */
  async brands(): Promise<string[]> {
    const rows: Array<{ brand: string }> = await this.reads.query(
      `SELECT DISTINCT ON (lower(m.brand)) m.brand FROM laptop_models m
       WHERE EXISTS (SELECT 1 FROM part_compatibility c JOIN parts p ON p.id = c.part_id WHERE c.laptop_model_id = m.id AND p.retired_at IS NULL)
       ORDER BY lower(m.brand), m.seq`,
    );
    return rows.map((row) => row.brand);
  }

  /** Models that at least one part on sale fits, by brand then model name. */
  async listModels(filter: LaptopModelFilter, page: PageRequest): Promise<Page<LaptopModel>> {
    const query = this.reads
      .getRepository(LaptopModel)
      .createQueryBuilder("laptop")
      // Models of parts on sale only: a retired part has left the shop.
      .where(
        "EXISTS (SELECT 1 FROM part_compatibility fit JOIN parts p ON p.id = fit.part_id WHERE fit.laptop_model_id = laptop.id AND p.retired_at IS NULL)",
      );
    const brand = filter.brand ? tidy(filter.brand) : "";
    if (brand) query.andWhere("lower(laptop.brand) = lower(:brand)", { brand });
    const search = filter.search ? tidy(filter.search) : "";
    if (search)
      query.andWhere(`lower(laptop.brand || ' ' || laptop.model) LIKE :pattern`, { pattern: likePattern(search) });
    if (page.after) {
      const [afterBrand, afterModel] = decodeModelCursor(page.after);
      query.andWhere("(lower(laptop.brand), lower(laptop.model)) > (:afterBrand, :afterModel)", {
        afterBrand,
        afterModel,
      });
    }
    const { entities, raw } = await query
      .addSelect("lower(laptop.brand)", "brand_key")
      .addSelect("lower(laptop.model)", "model_key")
      .orderBy("brand_key")
      .addOrderBy("model_key")
      .limit(page.first + 1)
      .getRawAndEntities();
    const keys = raw as Array<{ brand_key: string; model_key: string }>;
    return pageOf(entities, page.first, (_, index) => encodeModelCursor(keys[index].brand_key, keys[index].model_key));
  }

  async getModel(id: string): Promise<LaptopModel> {
    const databaseId = databaseIdOf(id);
    const model = databaseId ? await this.reads.getRepository(LaptopModel).findOneBy({ databaseId }) : null;
    if (!model) throw notFound("Laptop model");
    return model;
  }

  /**
   * Admins: the laptop models a part fits, replaced by `models` (an empty list clears them).
   * Answers the part's models as they now are, by brand then model name.
   */
  async setCompatibleModels(actor: Actor, partId: string, models: LaptopModelName[]): Promise<LaptopModel[]> {
    authorize(actor, "ADMIN");
    const databaseId = databaseIdOf(partId);
    if (!databaseId) throw notFound("Part");
    const wanted = checkModelNames(models);
    await this.db.transaction((tx) => replaceCompatibleModels(tx, databaseId, wanted));
    return (await this.modelsOfParts([databaseId])).get(databaseId) ?? [];
  }
}
