// The fulfilment feature's face to routes: the state badge, an order's parcels and the ship form.
export { FulfilmentBadge, FULFILMENT_LABELS } from "./FulfilmentBadge";
export { ShipmentList } from "./ShipmentList";
export { ShipForm, type LineToShip } from "./ShipForm";
export {
  ShipmentFieldsFragment,
  CarriersDocument,
  RecordShipmentDocument,
  MarkShipmentDeliveredDocument,
} from "./shipmentFields";
