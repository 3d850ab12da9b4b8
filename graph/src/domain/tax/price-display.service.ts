import type { DataSource } from "typeorm";
import type { Actor } from "../actor";
import type { AddressBookService } from "../addresses/address-book.service";
import { type Place, zoneFor } from "../addresses/places";
import type { Part } from "../catalogue/part.entity";
import { shownUnitPriceCents, type TaxZoneRates } from "./tax-lines";
import * as rows from "./queries/tax-zone-rows";

/** How the storefront shows prices to one caller: the place they are shown for, and its tax zone (null: none). */
export interface PriceDisplay {
  place: Place;
  zone: TaxZoneRates | null;
}

/**
 * Prices as the caller's place shows them (docs/product.md, "Shipping and tax"): a signed-in
 * customer's default address, else the display place of the configuration. A zone that shows
 * prices with tax gets each unit's tax added (rounded per unit, as the sale rounds it); anywhere
 * else a price is shown as entered, and tax is added at checkout.
 */
export class PriceDisplayService {
  constructor(
    private readonly db: DataSource,
    private readonly addresses: AddressBookService,
    private readonly displayPlace: Place,
  ) {}

  /** The caller's place and its zone: read once per request (the zones are a small list, read whole). */
  async forCaller(actor: Actor): Promise<PriceDisplay> {
    const own = actor ? await this.addresses.defaultOf(actor) : null;
    const place: Place = own ? { country: own.country, region: own.region } : this.displayPlace;
    return { place, zone: zoneFor(await rows.readZones(this.db.manager), place) };
  }
}

/** A part's unit price, in cents, as `display` shows it. */
export function shownPriceCents(display: PriceDisplay, part: Pick<Part, "priceCents" | "taxCategory">): number {
  return shownUnitPriceCents(display.zone, part.priceCents, part.taxCategory);
}
