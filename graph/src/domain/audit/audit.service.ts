import { DataSource, EntityManager } from "typeorm";
import { User } from "../accounts/user.entity";
import { Actor, authorize } from "../actor";
import { databaseIdOf } from "../ids";
import { Page, PageRequest, paginate } from "../pagination";
import { AuditAction, AuditEntityType, AuditEntry, Snapshot } from "./audit-entry.entity";

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
  await tx.query(
    `INSERT INTO audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::json, $7::json)`,
    [
      actor.databaseId,
      actor.email,
      record.action,
      record.entityType,
      record.entityId,
      record.before === null ? null : JSON.stringify(record.before),
      record.after === null ? null : JSON.stringify(record.after),
    ],
  );
}

export interface AuditFilter {
  entityType?: AuditEntityType | null;
  /** A database id; only with entityType. */
  entityId?: string | null;
}

/** Reads the history of admin changes (admins only), newest first. */
export class AuditService {
  constructor(private readonly db: DataSource) {}

  list(actor: Actor, filter: AuditFilter, page: PageRequest): Promise<Page<AuditEntry>> {
    authorize(actor, "ADMIN");
    const query = this.db.getRepository(AuditEntry).createQueryBuilder("entry");
    if (filter.entityType) query.andWhere("entry.entity_type = :type", { type: filter.entityType });
    if (filter.entityId !== undefined && filter.entityId !== null) {
      const entityId = databaseIdOf(filter.entityId);
      // An id that cannot be a record's names nothing: an empty page, not an error.
      if (!entityId) return Promise.resolve({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
      query.andWhere("entry.entity_id = :entityId", { entityId });
    }
    return paginate(query, page, "DESC");
  }
}
