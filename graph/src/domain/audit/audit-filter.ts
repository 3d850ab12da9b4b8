import type { AuditEntityType } from "./audit-entry.entity";

/** What an admin asks of the history: its own file, so the service and its lookups both read it without importing each other. */
export interface AuditFilter {
  entityType?: AuditEntityType | null;
  /** A database id; only with entityType. Its entries include those it has as a line of an import. */
  entityId?: string | null;
  /** The lines of this import (its database id): the parts it created or changed. */
  importId?: string | null;
  /** The changes of one admin (their database id; NO_ADMIN_ID: those the shop and Stripe made). */
  actorId?: string | null;
  /** Changes committed at or after this moment. */
  from?: Date | null;
  /** Changes committed before this moment. */
  to?: Date | null;
}
