import type { ToShipQueueQuery } from "@/lib/gql/graphql";

type OrderToShip = ToShipQueueQuery["toShip"]["edges"][number]["node"];

/** Where an order goes: its ship-to line by line, or the free-text address a reservation paid without a delivery gave. */
export function ShipTo({ order }: { order: Pick<OrderToShip, "shipTo" | "address"> }) {
  const shipTo = order.shipTo;
  if (!shipTo) return <address className="ship-to">{order.address}</address>;
  const place = [shipTo.city, shipTo.region, shipTo.postalCode].filter(Boolean).join(" ");
  return (
    <address className="ship-to">
      {[shipTo.name, shipTo.company, shipTo.line1, shipTo.line2, place, shipTo.countryName, shipTo.phone]
        .filter(Boolean)
        .map((line, index) => (
          <span key={index} className="ship-to__line">
            {line}
          </span>
        ))}
    </address>
  );
}
