/** The admins' shipping and tax zones: the documents, the lists and the forms the two pages compose. */
export * from "./zoneDocuments";
export { BandsEditor } from "./BandsEditor";
export { PlacesFields, type KnownPlace } from "./PlacesFields";
export { ShippingMethodForm } from "./ShippingMethodForm";
export { ShippingZoneForm, type ShippingZoneSettings } from "./ShippingZoneForm";
export { ShippingZoneSection, shippingZoneOf, type ShippingMethodShown } from "./ShippingZoneSection";
export { TaxZoneForm } from "./TaxZoneForm";
export { TaxZoneRow, TAX_ZONE_COLUMNS, taxZoneOf } from "./TaxZoneRow";
export { formatPercent, formatWeight, bandLabel, placeLabel } from "./zoneFormat";
export { useScrollToHash } from "./useScrollToHash";
