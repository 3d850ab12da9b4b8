import { DataSource, EntityManager } from "typeorm";
import { User } from "../accounts/user.entity";
import { Actor, authorize } from "../actor";
import { badInput } from "../errors";
import { databaseIdOf } from "../ids";
import { Page, PageRequest, paginate } from "../pagination";
import { AuditAction, AuditEntityType, AuditEntry, Snapshot } from "./audit-entry.entity";
import type { AuditFilter } from "./audit-filter";
import { whereAuditMatches } from "./queries/audit-lookups";

/** One admin change, as the service that makes it describes it. */
export interface AuditRecord {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** The record before the change (null when it is created) and after it (null when it is deleted). */
  before: Snapshot | null;
  after: Snapshot | null;
}

/** Who made a change: an admin, or the shop itself (or its payment provider) with no admin behind it. */
export type AuditActor = Pick<User, "databaseId" | "email">;

/** The id the history gives changes nobody made by hand: the nil uuid, which no account has. */
export const NO_ADMIN_ID = "00000000-0000-0000-0000-000000000000";
/** The shop acting on its own rules (a role ADMIN_EMAILS no longer grants, a payment for a cancelled order refunded). */
export const SHOP_ITSELF: AuditActor = { databaseId: NO_ADMIN_ID, email: "partshop" };
/** Stripe telling the shop of something done there (a refund in its dashboard, a dispute). */
export const PAYMENT_PROVIDER: AuditActor = { databaseId: NO_ADMIN_ID, email: "stripe" };

/**
 * Writes the history entry of a change inside the change's own transaction: both are committed
 * together or neither is. Every service that changes something on an admin's behalf, or on its
 * own rules, calls this with its transaction.
 */
export async function recordAudit(tx: EntityManager, actor: AuditActor, record: AuditRecord): Promise<void> {
  await recordAudits(tx, actor, [record]);
}

/** Several history entries in one statement (the lines of an import, which they name by `importId`). */
export async function recordAudits(
  tx: EntityManager,
  actor: AuditActor,
  records: readonly AuditRecord[],
  importId: string | null = null,
): Promise<void> {
  if (records.length === 0) return;
  const json = (snapshot: Snapshot | null) => (snapshot === null ? null : JSON.stringify(snapshot));
  await tx.query(
    `INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after, import_id)
     SELECT $1, $2, entry.action, entry.entity_type, entry.entity_id, entry.before::json, entry.after::json, $8::uuid
     FROM unnest($3::text[], $4::text[], $5::uuid[], $6::text[], $7::text[]) WITH ORDINALITY AS entry (action, entity_type, entity_id, before, after, position)
     ORDER BY entry.position`,
    [
      actor.databaseId,
      actor.email,
      records.map((record) => record.action),
      records.map((record) => record.entityType),
      records.map((record) => record.entityId),
      records.map((record) => json(record.before)),
      records.map((record) => json(record.after)),
      importId,
    ],
  );
}

const NOTHING: Page<AuditEntry> = { edges: [], pageInfo: { hasNextPage: false, endCursor: null } };

/** Reads the history of admin changes (admins only), newest first. */
export class AuditService {
  constructor(private readonly db: DataSource) {}

  /**
   * The entries the filter selects, newest first. An id that cannot be a record's, an import's
   * or an admin's names nothing: an empty page, not an error. A range that ends before it starts
   * is refused.
   */
  list(actor: Actor, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>> {
    authorize(actor, "ADMIN");
    if (filter.from && filter.to && filter.from.getTime() > filter.to.getTime())
      throw badInput("from must not be after to", { fields: { from: ["The range ends before it starts"] } });
    const ids = { entityId: filter.entityId, importId: filter.importId, actorId: filter.actorId };
    const checked: Partial<Record<keyof typeof ids, string>> = {};
    for (const [name, id] of Object.entries(ids) as Array<[keyof typeof ids, string | null | undefined]>) {
      if (id === undefined || id === null) continue;
      const databaseId = databaseIdOf(id);
      if (!databaseId) return Promise.resolve(NOTHING);
      checked[name] = databaseId;
    }
    const query = whereAuditMatches(this.db.getRepository(AuditEntry).createQueryBuilder("entry"), {
      ...filter,
      ...checked,
    });
    return paginate(query, page, "DESC");
  }
}
