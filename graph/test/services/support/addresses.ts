import type { AddressInput } from "../../../src/domain/addresses/address-rules";

/** Addresses the rules accept, one per country the shop ships to most. */
export const ADDRESSES = {
  us: {
    name: "Grace Hopper",
    company: "Fleet Repairs Inc",
    line1: "100 Market Street",
    line2: "Suite 300",
    city: "San Francisco",
    region: "CA",
    postalCode: "94105",
    country: "US",
    phone: "+1 415 555 0100",
  },
  gb: {
    name: "Ada Lovelace",
    line1: "12 Harbour Road",
    city: "Bristol",
    postalCode: "BS1 5TY",
    country: "GB",
    phone: "+44 117 496 0000",
  },
  de: {
    name: "Emmy Noether",
    line1: "Unter den Linden 6",
    city: "Berlin",
    postalCode: "10117",
    country: "DE",
    phone: "+49 30 209312345",
  },
} satisfies Record<string, AddressInput>;

/** The n-th of many distinct addresses (a book filled to its limit). */
export const nthAddress = (n: number): AddressInput => ({ ...ADDRESSES.gb, line1: `${n} Harbour Road` });
