import { badInput } from "../errors";

/** A carrier the shop ships with, and how its tracking link is made ({tracking} stands for the number). */
export interface Carrier {
  code: string;
  name: string;
  trackingUrlTemplate: string;
}

/** The carriers the shop ships with, in the order the ship form lists them. */
export const CARRIERS: readonly Carrier[] = [
  { code: "ups", name: "UPS", trackingUrlTemplate: "https://www.ups.com/track?tracknum={tracking}" },
  { code: "fedex", name: "FedEx", trackingUrlTemplate: "https://www.fedex.com/fedextrack/?trknbr={tracking}" },
  {
    code: "usps",
    name: "USPS",
    trackingUrlTemplate: "https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}",
  },
  {
    code: "dhl",
    name: "DHL",
    trackingUrlTemplate: "https://www.dhl.com/global-en/home/tracking.html?tracking-id={tracking}",
  },
  {
    code: "royal-mail",
    name: "Royal Mail",
    trackingUrlTemplate: "https://www.royalmail.com/track-your-item#/tracking-results/{tracking}",
  },
  {
    code: "canada-post",
    name: "Canada Post",
    trackingUrlTemplate: "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={tracking}",
  },
  {
    code: "australia-post",
    name: "Australia Post",
    trackingUrlTemplate: "https://auspost.com.au/mypost/track/details/{tracking}",
  },
  { code: "postnl", name: "PostNL", trackingUrlTemplate: "https://jouw.postnl.nl/track-and-trace/{tracking}" },
  {
    code: "la-poste",
    name: "La Poste",
    trackingUrlTemplate: "https://www.laposte.fr/outils/suivre-vos-envois?code={tracking}",
  },
  { code: "dpd", name: "DPD", trackingUrlTemplate: "https://tracking.dpd.de/status/en_US/parcel/{tracking}" },
];

const BY_CODE = new Map(CARRIERS.map((carrier) => [carrier.code, carrier]));

/** The carrier of `code`, or null for a code the shop does not ship with. */
export const carrierOf = (code: string): Carrier | null => BY_CODE.get(code) ?? null;

/** The carrier a shipment names: BAD_USER_INPUT naming `carrier` for any other code. */
export function carrierNamed(code: string): Carrier {
  const carrier = carrierOf(code.trim().toLowerCase());
  if (!carrier)
    throw badInput(`carrier must be one of ${CARRIERS.map((known) => known.code).join(", ")}`, {
      fields: { carrier: ["Not a carrier the shop ships with"] },
    });
  return carrier;
}

/** What a tracking number may be typed as: letters, digits, spaces and dashes. */
const TYPED_TRACKING = /^[A-Za-z0-9 -]+$/;

/**
 * A tracking number as the shop keeps it: upper-cased, without its spaces (labels print them in
 * groups), 5 to 40 characters. BAD_USER_INPUT naming `trackingNumber` otherwise.
 */
export function trackingNumberOf(typed: string): string {
  const kept = typed.replace(/ /g, "").toUpperCase();
  if (!TYPED_TRACKING.test(typed) || kept.length < 5 || kept.length > 40)
    throw badInput("trackingNumber must be 5 to 40 letters, digits or dashes (spaces are ignored)", {
      fields: { trackingNumber: ["5 to 40 letters, digits, spaces or dashes"] },
    });
  return kept;
}

/** The link a customer follows to track a parcel: the carrier's template with the number, URL-encoded. */
export const trackingUrlOf = (carrier: Carrier, trackingNumber: string): string =>
  carrier.trackingUrlTemplate.replace("{tracking}", encodeURIComponent(trackingNumber));
