import { SelectQueryBuilder } from "typeorm";
import type { AuditEntry } from "../audit-entry.entity";
import type { AuditFilter } from "../audit-filter";

/**
 * The history's filter as conditions on `audit_log` (their ids already checked): the kind of
 * record (audit_log_by_type), the record (audit_log_by_entity), an import's lines
 * (audit_log_by_import), the admin (audit_log_by_actor) and a time range, walked by seq. Without
 * a record or an import, an import is listed once: its lines are behind it.
 */
export function whereAuditMatches(
  query: SelectQueryBuilder<AuditEntry>,
  filter: AuditFilter,
): SelectQueryBuilder<AuditEntry> {
  const entry = query.alias;
  if (filter.entityType) query.andWhere(`${entry}.entity_type = :type`, { type: filter.entityType });
  if (filter.entityId) query.andWhere(`${entry}.entity_id = :entityId`, { entityId: filter.entityId });
  if (filter.importId) query.andWhere(`${entry}.import_id = :importId`, { importId: filter.importId });
  else if (!filter.entityId) query.andWhere(`${entry}.import_id IS NULL`);
  if (filter.actorId) query.andWhere(`${entry}.actor_id = :actorId`, { actorId: filter.actorId });
  if (filter.from) query.andWhere(`${entry}.at >= :from`, { from: filter.from });
  if (filter.to) query.andWhere(`${entry}.at < :to`, { to: filter.to });
  return query;
}
