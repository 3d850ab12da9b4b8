import { In, type EntityManager, type FindOptionsSelect } from "typeorm";
import { Checkout } from "../checkout.entity";

/** The columns of a header a summary shows. */
const SUMMARY_COLUMNS = [
  "databaseId",
  "subtotalCents",
  "discountCents",
  "shippingCents",
  "taxCents",
  "totalCents",
  "pricesIncludeTax",
  "taxZoneName",
  "shipTo",
  "shippingMethodName",
  "shippingMinDays",
  "shippingMaxDays",
] as const satisfies readonly (keyof Checkout)[];
const SELECT: FindOptionsSelect<Checkout> = Object.fromEntries(SUMMARY_COLUMNS.map((column) => [column, true]));

/** The headers of `ids` (their lines not read), in one statement. */
export function readSummaryHeaders(manager: EntityManager, ids: readonly string[]): Promise<Checkout[]> {
  return manager.getRepository(Checkout).find({ select: SELECT, where: { databaseId: In([...ids]) } });
}
