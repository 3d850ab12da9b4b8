import { LRUCache } from "lru-cache";
import type { DataSource, SelectQueryBuilder } from "typeorm";
import { runStatement } from "../../../db/prepared";
import { entitiesOfRows } from "../../pagination";
import type { Part } from "../part.entity";
import { partsQuery, QueryMode } from "./part-query";
import type { Plan } from "./plan";

/** A shape's SQL, up to its LIMIT, and the names of its parameters in the order of their placeholders. */
export interface Statement {
  text: string;
  names: string[];
  /** The query it was made from: how its rows are read as parts. */
  query: SelectQueryBuilder<Part>;
}

/** Rows a statement read, and the parts they are. */
export interface Rows {
  raw: Record<string, unknown>[];
  entities: Part[];
}

/** A parameter's stand-in while a shape's SQL is made. */
class ParameterName {
  constructor(readonly name: string) {}
}

/**
 * The SQL of each shape of search seen: made by TypeORM on its first sight, kept with the names of
 * its parameters in the order of their placeholders, and run on the pool past TypeORM's query
 * runner, since building it for every request would be a real share of a search's CPU. The
 * statements are not prepared: PostgreSQL plans each for its values, which decide between the
 * search's index and an order's.
 */
export class ShapeStatements {
  private readonly statements = new LRUCache<string, Statement>({ max: 1000 });

  constructor(private readonly db: DataSource) {}

  /** The statement of a plan's shape in `mode`, its parameters named as in `values`. */
  of(plan: Plan, mode: QueryMode, values: Record<string, unknown>): Statement {
    const key = mode === "page" ? plan.key : `${plan.key}:${mode}`;
    const known = this.statements.get(key);
    if (known) return known;
    const query = partsQuery(this.db, plan.shape, mode);
    // Each parameter's value is its name while the SQL is made: the values it lists are the names in placeholder order.
    query.setParameters(Object.fromEntries(Object.keys(values).map((name) => [name, new ParameterName(name)])));
    const [text, names] = query.getQueryAndParameters();
    const statement = { text, names: names.map((name) => (name as ParameterName).name), query };
    this.statements.set(key, statement);
    return statement;
  }

  /** The first `limit` rows of a statement for `values`, and the parts they are. */
  async rows(
    statement: Statement,
    values: Record<string, unknown>,
    limit: number,
    properties: readonly string[] | undefined,
  ): Promise<Rows> {
    const parameters = statement.names.map((name) => values[name]);
    const raw = await runStatement<Record<string, unknown>>(
      this.db,
      `${statement.text} LIMIT $${parameters.push(limit)}`,
      parameters,
    );
    return { raw, entities: entitiesOfRows(statement.query, raw, properties) };
  }
}

/** A query's ORDER BY over the rows it selects, which TypeORM names `<alias>_<column>`. */
export function orderOfRows(query: SelectQueryBuilder<Part>): string {
  const metadata = query.expressionMap.mainAlias!.metadata;
  return Object.entries(query.expressionMap.orderBys)
    .map(([key, direction]) => {
      const [alias, property] = key.split(".");
      const column = property === undefined ? undefined : metadata.findColumnWithPropertyName(property);
      const name = column ? `${alias}_${column.databaseName}` : key;
      return `"${name}" ${typeof direction === "string" ? direction : direction.order}`;
    })
    .join(", ");
}
