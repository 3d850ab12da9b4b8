import type { DataSource, EntityManager } from "typeorm";
import { type Actor, authorize } from "../actor";
import { badInput, conflict, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { type AddressInput, checkAddress, type PostalAddress } from "./address-rules";
import type { Address } from "./address.entity";
import { ADDRESS_COUNTRIES, type AddressCountry } from "./countries";
import {
  bookOf,
  deleteAddress,
  insertAddress,
  lockBookOf,
  makeDefault,
  newestAddress,
  ownedAddress,
  sizeOfBook,
  updateAddress,
} from "./queries/address-book.queries";

/** The most addresses one customer keeps. */
export const MAX_ADDRESSES = 20;

/** Another customer's address is answered as no address at all, so ids cannot be probed. */
const addressNotFound = () => new ShopError("NOT_FOUND", "Address not found", { fields: { id: ["Not found"] } });

/** The address as the shop keeps it, or BAD_USER_INPUT naming every field at fault. */
export function postalAddressOf(input: AddressInput): PostalAddress {
  const checked = checkAddress(input);
  if ("address" in checked) return checked.address;
  const fields: Record<string, string[]> = {};
  for (const { field, message } of checked.problems) fields[field] = [message];
  throw badInput(checked.problems.map((problem) => problem.message).join("; "), { fields });
}

/**
 * A customer's address book (docs/product.md, "Beyond the spec"). A customer keeps up to 20
 * addresses and, whenever they have any, exactly one default: the first added becomes it, making
 * another the default unsets the old one in the same transaction, and removing the default hands
 * it to the newest address left. Every change to a book runs under the customer's lock, so two
 * at once cannot leave two defaults or none. A customer only ever reaches their own addresses.
 */
export class AddressBookService {
  constructor(private readonly db: DataSource) {}

  /** The countries an address may be in, with the regions to choose from where one is required. */
  countries(): readonly AddressCountry[] {
    return ADDRESS_COUNTRIES;
  }

  /** The caller's addresses, the default first, then the newest first. */
  async list(actor: Actor): Promise<Address[]> {
    const customer = authorize(actor, "USER");
    return bookOf(this.db.manager, customer.databaseId);
  }

  /** One of the caller's addresses. */
  async get(actor: Actor, id: string): Promise<Address> {
    const customer = authorize(actor, "USER");
    return this.owned(this.db.manager, customer.databaseId, id);
  }

  /** The caller's default address, or null with an empty book (what checkout fills in). */
  async defaultOf(actor: Actor): Promise<Address | null> {
    const [first] = await this.list(actor);
    return first?.isDefault ? first : null;
  }

  /** Adds an address; the first one becomes the default. CONFLICT when the book is full. */
  async add(actor: Actor, input: AddressInput): Promise<Address> {
    const customer = authorize(actor, "USER");
    const address = postalAddressOf(input);
    return this.changeBook(customer.databaseId, async (tx, userId) => {
      const size = await sizeOfBook(tx, userId);
      if (size >= MAX_ADDRESSES)
        throw conflict(`Your address book holds at most ${MAX_ADDRESSES} addresses: remove one first`);
      return insertAddress(tx, userId, address, size === 0);
    });
  }

  /** Replaces an address's fields; whether it is the default does not change. */
  async update(actor: Actor, id: string, input: AddressInput): Promise<Address> {
    const customer = authorize(actor, "USER");
    const address = postalAddressOf(input);
    return this.changeBook(customer.databaseId, async (tx, userId) => {
      if (!(await updateAddress(tx, userId, this.idOf(id), address))) throw addressNotFound();
      return this.owned(tx, userId, id);
    });
  }

  /** Removes an address; when it was the default, the newest address left becomes the default. */
  async remove(actor: Actor, id: string): Promise<Address> {
    const customer = authorize(actor, "USER");
    return this.changeBook(customer.databaseId, async (tx, userId) => {
      const removed = await this.owned(tx, userId, id);
      await deleteAddress(tx, userId, removed.databaseId);
      if (removed.isDefault) {
        const heir = await newestAddress(tx, userId);
        if (heir) await makeDefault(tx, userId, heir.databaseId);
      }
      return removed;
    });
  }

  /** Makes an address the default, and the old default an ordinary one. */
  async setDefault(actor: Actor, id: string): Promise<Address> {
    const customer = authorize(actor, "USER");
    return this.changeBook(customer.databaseId, async (tx, userId) => {
      const chosen = await this.owned(tx, userId, id);
      if (!chosen.isDefault) await makeDefault(tx, userId, chosen.databaseId);
      return this.owned(tx, userId, id);
    });
  }

  /** One change of a customer's book, in a transaction under their lock. */
  private changeBook<T>(userId: string, change: (tx: EntityManager, userId: string) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await lockBookOf(tx, userId);
      return change(tx, userId);
    });
  }

  private async owned(manager: EntityManager, userId: string, id: string): Promise<Address> {
    const address = await ownedAddress(manager, userId, this.idOf(id));
    if (!address) throw addressNotFound();
    return address;
  }

  /** The database id `id` names, checked before it reaches SQL as a uuid. */
  private idOf(id: string): string {
    const databaseId = databaseIdOf(id);
    if (!databaseId) throw addressNotFound();
    return databaseId;
  }
}
