import type { DataSource } from "typeorm";
import { type Actor, authorize } from "../actor";
import { type AddressInput, checkAddress, countryName, type PostalAddress } from "../addresses/address-rules";
import type { AddressBookService } from "../addresses/address-book.service";
import type { Place } from "../addresses/places";
import { badInput, conflict, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { shippingChoices, type ShippingZone } from "../shipping/shipping-rates";
import type { TaxProvider } from "../tax/tax-lines";
import { quote } from "./quote";
import { priceSale, type SaleContext, type SaleLine, type SaleQuote } from "./sale";
import { deliveryRefusal } from "./sale-rules";
import { partsForSale, reservationOf, type ReservationRow } from "./queries/sale-reads";

/** At most this many lines are priced at once: a cart's most. */
export const MAX_SALE_LINES = 50;

/** No stock is larger: a quantity past it is refused before it is multiplied. */
const MAX_QUANTITY = 1_000_000;

/** Where a sale ships: one of the caller's addresses (by database id), or one typed now; exactly one. */
export interface ShipToRequest {
  addressId?: string | null;
  address?: AddressInput | null;
}

/** What a quote prices: cart lines at today's prices, or one of the caller's unpaid reservations. */
export interface SaleRequest {
  lines?: ReadonlyArray<{ partId: string; quantity: number }> | null;
  orderId?: string | null;
  shipTo?: ShipToRequest | null;
  /** The method's database id. */
  shippingMethodId?: string | null;
}

/** A line of a quote: the part it prices. */
export interface QuotedLine extends SaleLine {
  partId: string;
}

/** Where the zones and rates come from: read before a sale's transaction. */
export interface SaleSources {
  zonesForPricing(): Promise<ShippingZone[]>;
  providerForSale(): Promise<TaxProvider>;
}

const PART_FIELDS = (index: number) => `lines.${index}.partId`;

/** Another customer's order, or one that is not a reservation of one part, is answered as none. */
const orderNotFound = () => new ShopError("NOT_FOUND", "Order not found", { fields: { orderId: ["Not found"] } });

/**
 * A sale priced for an address and a method (docs/product.md, "Shipping and tax"): the cart, the
 * checkout and a reservation's payment page ask it, and checkout and a reservation's delivery
 * freeze what it answers. It reads the shop's zones and rates and the caller's address before any
 * transaction (`pricing`), so a sale priced under row locks reads nothing more; the whole
 * calculation is `priceSale`.
 */
export class SaleService {
  constructor(
    private readonly db: DataSource,
    private readonly addresses: AddressBookService,
    private readonly sources: SaleSources,
    /** The place whose tax a caller without an address is shown (configuration). */
    private readonly displayPlace: Place,
  ) {}

  /** Prices cart lines at today's prices, or the caller's unpaid reservation at its unit price, for an address and a method when given. */
  async quote(actor: Actor, request: SaleRequest): Promise<SaleQuote<QuotedLine>> {
    const hasLines = request.lines !== undefined && request.lines !== null;
    const hasOrder = request.orderId !== undefined && request.orderId !== null;
    if (hasLines === hasOrder)
      throw badInput("Give either the lines of a cart or an orderId", {
        fields: { lines: ["Give either lines or orderId"] },
      });
    const shipTo = request.shipTo ? await this.shipToOf(actor, request.shipTo) : null;
    const lines = hasOrder
      ? [saleLineOf(await this.ownReservation(actor, request.orderId!))]
      : await this.cartLines(request.lines!);
    const pricing = await this.pricing(shipTo, request.shippingMethodId ?? null);
    return request.shippingMethodId && shipTo ? pricing.priceToPlace(lines) : pricing.price(lines);
  }

  /**
   * The address a sale ships to: one of the caller's (NOT_FOUND, naming shipTo.addressId, for any
   * other) or one typed now, checked as the address book checks it (BAD_USER_INPUT naming
   * shipTo.address.<field>).
   */
  async shipToOf(actor: Actor, request: ShipToRequest): Promise<PostalAddress> {
    const hasId = request.addressId !== undefined && request.addressId !== null;
    const hasAddress = request.address !== undefined && request.address !== null;
    if (hasId === hasAddress)
      throw badInput("Give either one of your addresses or an address", {
        fields: { shipTo: ["Give either addressId or address"] },
      });
    if (hasAddress) return checkedAddress(request.address!);
    const customer = authorize(actor, "USER");
    try {
      return (await this.addresses.get(customer, request.addressId!)).postal;
    } catch (error) {
      if (error instanceof ShopError && error.code === "NOT_FOUND")
        throw new ShopError("NOT_FOUND", "Address not found", { fields: { "shipTo.addressId": ["Not found"] } });
      throw error;
    }
  }

  /** The zones and rates as they are now, for a sale to `shipTo` (none: the display place's tax) by a method. */
  async pricing(shipTo: PostalAddress | null, shippingMethodId: string | null): Promise<SalePricing> {
    const [shippingZones, tax] = await Promise.all([this.sources.zonesForPricing(), this.sources.providerForSale()]);
    return new SalePricing({
      shipTo: shipTo && { country: shipTo.country, region: shipTo.region, countryName: nameOf(shipTo.country) },
      displayPlace: this.displayPlace,
      shippingMethodId,
      shippingZones,
      tax,
    });
  }

  /** The caller's unpaid reservation of one part; NOT_FOUND for anyone else's, CONFLICT once it is not unpaid. */
  private async ownReservation(actor: Actor, orderId: string): Promise<ReservationRow> {
    const customer = authorize(actor, "USER");
    const id = databaseIdOf(orderId);
    const row = id ? await reservationOf(this.db.manager, customer.databaseId, id) : null;
    if (!row) throw orderNotFound();
    if (row.status !== "unpaid")
      throw conflict(`This order is ${row.status}: only an unpaid order can be priced again`);
    return row;
  }

  /** Cart lines with their parts as they are now: each part once, every one known. */
  private async cartLines(lines: ReadonlyArray<{ partId: string; quantity: number }>): Promise<QuotedLine[]> {
    if (lines.length === 0) throw badInput("Give at least one line", { fields: { lines: ["No lines"] } });
    if (lines.length > MAX_SALE_LINES)
      throw badInput(`A sale has at most ${MAX_SALE_LINES} lines`, { fields: { lines: ["Too many lines"] } });
    const ids = lines.map((line) => databaseIdOf(line.partId));
    const parts = await partsForSale(
      this.db.manager,
      ids.filter((id): id is string => id !== null),
    );
    const seen = new Map<string, number>();
    return lines.map((line, index) => {
      const part = ids[index] ? parts.get(ids[index]) : undefined;
      if (!part)
        throw new ShopError("NOT_FOUND", "Part not found", {
          line: index,
          fields: { [PART_FIELDS(index)]: ["Not found"] },
        });
      const earlier = seen.get(part.id);
      if (earlier !== undefined)
        throw badInput(`Line ${index + 1} names the same part as line ${earlier + 1}`, {
          line: index,
          fields: { [PART_FIELDS(index)]: ["Each part once"] },
        });
      seen.set(part.id, index);
      if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY)
        throw badInput("Quantity must be a whole number of at least 1", {
          line: index,
          fields: { [`lines.${index}.quantity`]: ["Quantity must be a whole number of at least 1"] },
        });
      return {
        partId: part.id,
        name: part.name,
        unitPriceCents: part.price_cents,
        quantity: line.quantity,
        weightGrams: part.weight_grams,
        dangerousGoods: part.dangerous_goods,
        category: part.tax_category,
      };
    });
  }
}

/**
 * The zones and rates of one sale, read before its transaction: prices lines as the calculation
 * does, and a sale to be placed only when it can ship.
 */
export class SalePricing {
  constructor(readonly context: SaleContext) {}

  /** The whole calculation; shipping only where an address and a method it can take are given. */
  price<L extends SaleLine>(lines: readonly L[]): Promise<SaleQuote<L>> {
    return priceSale(lines, this.context);
  }

  /**
   * A sale that ships: refused, with its reason, unless the address is in a zone and the method
   * chosen can take these lines (BAD_USER_INPUT naming shipTo or shippingMethodId).
   */
  priceToPlace<L extends SaleLine>(lines: readonly L[]): Promise<SaleQuote<L>> {
    const { shipTo, shippingZones, shippingMethodId } = this.context;
    if (!shipTo) throw badInput("Choose where to ship", { fields: { shipTo: ["Required"] } });
    // The goods as shipping's free-over threshold sees them: after the order's discount, as priceSale does.
    const goods = quote(lines, { discountCents: this.context.discountCents ?? 0 });
    const goodsCents = goods.subtotalCents - goods.discountCents;
    const refusal = deliveryRefusal(shippingChoices(shippingZones, shipTo, lines, goodsCents), shippingMethodId);
    if (refusal) throw badInput(refusal.message, { fields: { [refusal.field]: [refusal.message] } });
    return priceSale(lines, this.context);
  }
}

/** A reservation's line as the calculation takes it: its frozen unit price, its part's weight and category now. */
export function saleLineOf(row: ReservationRow): QuotedLine {
  return {
    partId: row.part_id,
    name: row.part_name,
    unitPriceCents: row.unit_price_cents,
    quantity: row.quantity,
    weightGrams: row.weight_grams,
    dangerousGoods: row.dangerous_goods,
    category: row.tax_category,
  };
}

const nameOf = (country: string) => countryName(country) ?? country;

/** A typed address as the shop keeps it, or BAD_USER_INPUT naming each field at fault (shipTo.address.<field>). */
function checkedAddress(input: AddressInput): PostalAddress {
  const checked = checkAddress(input);
  if ("address" in checked) return checked.address;
  const fields: Record<string, string[]> = {};
  for (const { field, message } of checked.problems) fields[`shipTo.address.${field}`] = [message];
  throw badInput(checked.problems.map((problem) => problem.message).join("; "), { fields });
}
