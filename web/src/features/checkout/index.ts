// The checkout's face to routes (the checkout, the cart and the reservation's payment page): import "@/features/checkout".
export { DeliveryFields, type DeliveryValues } from "./DeliveryFields";
export { ShipToPicker, initialShipTo } from "./ShipToPicker";
export { ShippingMethods, optionPrice } from "./ShippingMethods";
export { SaleTotals, type SaleAmounts } from "./SaleTotals";
export { useSaleQuote, cheapestOption, SaleQuoteDocument, type SaleGoods, type ShippingOptionView } from "./saleQuote";
export { saleErrors, shipToInput, type SaleErrors, type ShipToChoice } from "./shipTo";
export {
  useSaleDelivery,
  SaleDeliveryFields,
  SaleAddressesDocument,
  type SaleDelivery,
  type SavedAddress,
} from "./SaleDelivery";
