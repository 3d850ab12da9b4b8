import { AddressLines } from "@/features/addresses";
import type { ToShipQueueQuery } from "@/lib/gql/graphql";

type OrderToShip = ToShipQueueQuery["toShip"]["edges"][number]["node"];

/** Where an order goes: its ship-to line by line, or the free-text address a reservation paid without a delivery gave. */
export function ShipTo({ order }: { order: Pick<OrderToShip, "shipTo" | "address"> }) {
  if (!order.shipTo) return <address className="ship-to">{order.address}</address>;
  return <AddressLines address={order.shipTo} className="ship-to" lineClassName="ship-to__line" />;
}
