import { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { runPrepared, runPreparedIn, type PreparedStatement } from "../db/prepared";
import { badInput } from "./errors";

export interface PageRequest {
  first: number;
  after?: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface Page<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
}

/** Cursors are opaque to clients; inside they are the row's insertion sequence number. */
export const encodeCursor = (seq: string) => Buffer.from(`seq:${seq}`).toString("base64url");

/** An edge whose cursor is encoded when first read: REST's lists and documents asking for no cursor never pay for it. */
class LazyEdge<T> implements Edge<T> {
  private encoded: string | undefined;

  constructor(
    readonly node: T,
    private readonly index: number,
    private readonly cursorOf: (node: T, index: number) => string,
  ) {}

  get cursor(): string {
    return (this.encoded ??= this.cursorOf(this.node, this.index));
  }
}

/**
 * A page of `rows`, read one past the page to tell whether another follows; `cursorOf` encodes the
 * cursor of the row at an index.
 */
export function pageOf<T>(rows: T[], first: number, cursorOf: (node: T, index: number) => string): Page<T> {
  const edges: Edge<T>[] = rows.slice(0, first).map((node, index) => new LazyEdge(node, index, cursorOf));
  return {
    edges,
    pageInfo: { hasNextPage: rows.length > first, endCursor: edges.length ? edges[edges.length - 1].cursor : null },
  };
}

const cursorOfSeq = (node: { seq: string }) => encodeCursor(node.seq);

export function decodeCursor(cursor: string): string {
  const decoded = /^[A-Za-z0-9_-]{1,100}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const match = /^seq:(\d{1,18})$/.exec(decoded);
  if (!match) throw badInput("after is not a valid cursor");
  return match[1];
}

/** Keyset pagination on the indexed seq column: one query per page whatever the page number. */
export async function paginate<T extends ObjectLiteral & { seq: string }>(
  query: SelectQueryBuilder<T>,
  page: PageRequest,
  direction: "ASC" | "DESC",
): Promise<Page<T>> {
  const alias = query.alias;
  if (page.after) {
    query.andWhere(`${alias}.seq ${direction === "ASC" ? ">" : "<"} :afterSeq`, { afterSeq: decodeCursor(page.after) });
  }
  return pageOf(
    await entitiesOf(query.orderBy(`${alias}.seq`, direction).limit(page.first + 1)),
    page.first,
    cursorOfSeq,
  );
}

/** What a cursor stands for before the first row, per direction (seq is a positive bigint). */
const BEFORE_FIRST = { ASC: "0", DESC: "9223372036854775807" } as const;

/** What a prepared read is: its statement's name, the table's alias, its filter, and the properties it reads (all by default). */
interface PreparedQueryOptions {
  name: string;
  alias: string;
  where: string;
  /** Follows the WHERE clause (ORDER BY, LIMIT). */
  tail?: string;
  properties?: readonly string[];
  /** Related entities read by the same statement (an inner join each), set on each entity's `property`. */
  joins?: readonly PreparedJoin[];
}

/** A relation a prepared read joins: `on` relates its alias to the main one's, e.g. `"p"."id" = "o"."part_id"`. */
export interface PreparedJoin {
  property: string;
  entity: EntityTarget<ObjectLiteral>;
  alias: string;
  on: string;
  /** The related entity's properties read, all by default. */
  properties?: readonly string[];
}

/**
 * Entities of one table read with fixed SQL ($1... are its values): a prepared statement and the
 * row mapper below, no query builder. With `properties`, only those columns are read and set; with
 * `joins`, related entities come in the same rows.
 */
export class PreparedQuery<T extends ObjectLiteral> {
  private statement: PreparedStatement | null = null;
  private read: ((raw: Record<string, unknown>) => T) | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly entity: EntityTarget<T>,
    private readonly options: PreparedQueryOptions,
  ) {}

  async entities(values: unknown[]): Promise<T[]> {
    const rows = await runPrepared<Record<string, unknown>>(this.db, this.prepare(), values);
    return rows.map(this.read!);
  }

  /** The same inside the transaction `tx`, in its snapshot. */
  async entitiesIn(tx: EntityManager, values: unknown[]): Promise<T[]> {
    const rows = await runPreparedIn<Record<string, unknown>>(tx, this.prepare(), values);
    return rows.map(this.read!);
  }

  private prepare(): PreparedStatement {
    if (this.statement) return this.statement;
    const { name, alias, where, tail, properties, joins = [] } = this.options;
    const metadata = this.db.getMetadata(this.entity);
    const joined = joins.map((join) => ({ ...join, metadata: this.db.getMetadata(join.entity) }));
    const columns = [
      selectionOf(metadata, alias, properties),
      ...joined.map((join) => selectionOf(join.metadata, join.alias, join.properties)),
    ];
    const from = [
      `"${metadata.tableName}" "${alias}"`,
      ...joined.map((join) => `JOIN "${join.metadata.tableName}" "${join.alias}" ON ${join.on}`),
    ];
    this.read = withJoined(
      entityReader<T>(metadata, alias, properties),
      joined.map((join) => ({
        property: join.property,
        read: entityReader(join.metadata, join.alias, join.properties),
      })),
    );
    return (this.statement = {
      name,
      text: `SELECT ${columns.join(", ")} FROM ${from.join(" ")} WHERE ${where}${tail ? ` ${tail}` : ""}`,
    });
  }
}

/** The columns of `metadata` a prepared read selects, named as entityReader reads them. */
function selectionOf(metadata: EntityMetadata, alias: string, properties?: readonly string[]): string {
  return metadata.columns
    .filter((column) => !column.isVirtual && (!properties || properties.includes(column.propertyName)))
    .map((column) => `"${alias}"."${column.databaseName}" AS "${alias}_${column.databaseName}"`)
    .join(", ");
}

/** A row reader that also sets each joined entity, read from the same row, on its property. */
function withJoined<T>(
  read: (raw: Record<string, unknown>) => T,
  joined: { property: string; read: (raw: Record<string, unknown>) => unknown }[],
): (raw: Record<string, unknown>) => T {
  if (joined.length === 0) return read;
  return (raw) => {
    const entity = read(raw) as Record<string, unknown>;
    for (const join of joined) entity[join.property] = join.read(raw);
    return entity as T;
  };
}

/** The same pages as `paginate`, of a PreparedQuery whose filter takes `filterValues` values. */
export class PreparedList<T extends ObjectLiteral & { seq: string }> {
  private readonly query: PreparedQuery<T>;

  constructor(
    db: DataSource,
    entity: EntityTarget<T>,
    private readonly options: Omit<PreparedQueryOptions, "tail"> & { filterValues: number; direction: "ASC" | "DESC" },
  ) {
    const { name, alias, where, filterValues, direction, properties, joins } = options;
    this.query = new PreparedQuery(db, entity, {
      name,
      alias,
      joins,
      // The cursor is the seq of a page's last row.
      properties: properties && [...new Set([...properties, "seq"])],
      where: `(${where}) AND "${alias}"."seq" ${direction === "ASC" ? ">" : "<"} $${filterValues + 1}::bigint`,
      tail: `ORDER BY "${alias}"."seq" ${direction} LIMIT $${filterValues + 2}`,
    });
  }

  async page(filterValues: unknown[], page: PageRequest): Promise<Page<T>> {
    const after = page.after ? decodeCursor(page.after) : BEFORE_FIRST[this.options.direction];
    return pageOf(await this.query.entities([...filterValues, after, page.first + 1]), page.first, cursorOfSeq);
  }
}

/** REST answers bare arrays; this bounds them so no request can ask for an unbounded list. */
export const REST_LIST_LIMIT = 1000;
export const allOf = <T>(page: Page<T>): T[] => page.edges.map((edge) => edge.node);

/** What `query.getMany()` answers, for a query of one plain table (see entityReader). */
export async function entitiesOf<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): Promise<T[]> {
  return (await rowsAndEntitiesOf(query)).entities;
}

/** What `query.getRawAndEntities()` answers, for a query of one plain table with extra selections; `properties` are those it selects, if not all. */
export async function rowsAndEntitiesOf<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  properties?: readonly string[],
): Promise<{ raw: Record<string, unknown>[]; entities: T[] }> {
  const raw: Record<string, unknown>[] = await query.getRawMany();
  return { raw, entities: entitiesOfRows(query, raw, properties) };
}

/** The entities of rows a query's selection made (read by another statement that selects them whole). */
export function entitiesOfRows<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  raw: Record<string, unknown>[],
  properties?: readonly string[],
): T[] {
  return raw.map(entityReader<T>(query.expressionMap.mainAlias!.metadata, query.alias, properties));
}

const readers = new WeakMap<EntityMetadata, Map<string, (raw: Record<string, unknown>) => unknown>>();

/**
 * Entities from a query's raw rows, as `getMany` would make them for our plain tables (no joins,
 * no embedded columns): pg has already parsed each value, and a column's transformer applies (to
 * null too, as TypeORM does). The
 * profile of a list past the cache found TypeORM's general row transformer about a tenth of its
 * CPU; this reads each row with a mapper built once per entity (and selection, if partial).
 */
function entityReader<T>(
  metadata: EntityMetadata,
  alias: string,
  properties?: readonly string[],
): (raw: Record<string, unknown>) => T {
  let byAlias = readers.get(metadata);
  if (!byAlias) readers.set(metadata, (byAlias = new Map()));
  const readerKey = properties ? `${alias}:${properties.join(",")}` : alias;
  let read = byAlias.get(readerKey);
  if (!read) {
    const columns = metadata.columns
      .filter((column) => !column.isVirtual && (!properties || properties.includes(column.propertyName)))
      .map((column) => {
        const transformer = column.transformer && !Array.isArray(column.transformer) ? column.transformer : null;
        return {
          key: `${alias}_${column.databaseName}`,
          property: column.propertyName,
          from: transformer ? (value: unknown) => transformer.from(value) : null,
        };
      });
    const prototype = (metadata.target as { prototype: object }).prototype;
    read = (raw) => {
      const entity = Object.create(prototype) as Record<string, unknown>;
      for (const { key, property, from } of columns) {
        const value = raw[key];
        entity[property] = from ? from(value) : value;
      }
      return entity;
    };
    byAlias.set(readerKey, read);
  }
  return read as (raw: Record<string, unknown>) => T;
}
