import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * search_lexemes announces its changes like search_words (docs/performance.md): the shop keeps each search
 * text's tsqueries (domain/catalogue/search/search-queries.ts) until one of the two tables it reads
 * changes. Its rows come from a trigger on parts' names and descriptions, so the announcement
 * already came as a change of parts; naming the table lets a stock change (every order) pass.
 */
export class SearchLexemesNotify1764720000000 implements MigrationInterface {
  name = "SearchLexemesNotify1764720000000";

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TRIGGER search_lexemes_notify_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_lexemes
       FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS search_lexemes_notify_catalogue_changed ON search_lexemes`);
  }
}
