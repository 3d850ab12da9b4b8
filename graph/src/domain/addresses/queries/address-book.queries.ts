import type { EntityManager } from "typeorm";
import type { PostalAddress } from "../address-rules";
import { Address } from "../address.entity";

/*
 * How the address book is read and written: one customer's rows of `addresses`, always by their
 * user id, so no statement here can reach another customer's address.
 */

/** A customer's book changes one step at a time: their user row is locked, as their cart's changes lock it. */
export async function lockBookOf(tx: EntityManager, userId: string): Promise<void> {
  await tx.query(`SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
}

/** The customer's addresses, the default first, then the newest first. */
export function bookOf(manager: EntityManager, userId: string): Promise<Address[]> {
  return manager.getRepository(Address).find({
    where: { userId },
    order: { isDefault: "DESC", createdAt: "DESC", databaseId: "ASC" },
  });
}

/** How many addresses the customer keeps. */
export function sizeOfBook(manager: EntityManager, userId: string): Promise<number> {
  return manager.getRepository(Address).countBy({ userId });
}

/** One of the customer's addresses, or null when the id names none of theirs. */
export function ownedAddress(manager: EntityManager, userId: string, id: string): Promise<Address | null> {
  return manager.getRepository(Address).findOneBy({ userId, databaseId: id });
}

export async function insertAddress(
  tx: EntityManager,
  userId: string,
  address: PostalAddress,
  isDefault: boolean,
): Promise<Address> {
  const repository = tx.getRepository(Address);
  return repository.save(repository.create({ ...address, userId, isDefault }));
}

/** Replaces the fields of one of the customer's addresses; false when the id names none of theirs. */
export async function updateAddress(
  tx: EntityManager,
  userId: string,
  id: string,
  address: PostalAddress,
): Promise<boolean> {
  const result = await tx.getRepository(Address).update({ userId, databaseId: id }, address);
  return (result.affected ?? 0) > 0;
}

/** Deletes one of the customer's addresses; false when the id names none of theirs. */
export async function deleteAddress(tx: EntityManager, userId: string, id: string): Promise<boolean> {
  const result = await tx.getRepository(Address).delete({ userId, databaseId: id });
  return (result.affected ?? 0) > 0;
}

/** Makes `id` the customer's one default: the old default is unset first, as the unique index on defaults asks. */
export async function makeDefault(tx: EntityManager, userId: string, id: string): Promise<void> {
  const repository = tx.getRepository(Address);
  await repository.update({ userId, isDefault: true }, { isDefault: false });
  await repository.update({ userId, databaseId: id }, { isDefault: true });
}

/** The customer's most recently added address, or null when the book is empty. */
export function newestAddress(manager: EntityManager, userId: string): Promise<Address | null> {
  return manager.getRepository(Address).findOne({
    where: { userId },
    order: { createdAt: "DESC", databaseId: "ASC" },
  });
}
