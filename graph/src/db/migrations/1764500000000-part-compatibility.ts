import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The laptop models a part fits: a model is a brand and a model name ("Lenovo", "ThinkPad T14
 * Gen 2"), unique whatever the letter case; a part fits any number of models and a model takes
 * any number of parts. Both tables are read by cached catalogue answers, so every change to them
 * sends NOTIFY catalogue_changed at commit, like parts, products and reviews (1763900000000).
 */
export class PartCompatibility1764500000000 implements MigrationInterface {
  name = "PartCompatibility1764500000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE laptop_models (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        brand varchar(40) NOT NULL CHECK (length(brand) > 0 AND brand = btrim(brand)),
        model varchar(80) NOT NULL CHECK (length(model) > 0 AND model = btrim(model)),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One model per brand and name whatever the case; also the order models are listed in.
    await db.query(`CREATE UNIQUE INDEX laptop_models_by_name ON laptop_models (lower(brand), lower(model))`);

    await db.query(`
      CREATE TABLE part_compatibility (
        part_id uuid NOT NULL REFERENCES parts(id) ON DELETE CASCADE,
        laptop_model_id uuid NOT NULL REFERENCES laptop_models(id) ON DELETE CASCADE,
        PRIMARY KEY (part_id, laptop_model_id)
      )`);
    // The parts of a model (the brand and model filters), without touching parts.
    await db.query(`CREATE INDEX part_compatibility_by_model ON part_compatibility (laptop_model_id, part_id)`);

    for (const table of ["laptop_models", "part_compatibility"]) {
      await db.query(
        `CREATE TRIGGER ${table}_notify_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS part_compatibility`);
    await db.query(`DROP TABLE IF EXISTS laptop_models`);
  }
}
