import { useState } from "react";
import { useMutation } from "@apollo/client/react";
import { getFragmentData, type FragmentType } from "@/lib/gql";
import { errorMessage } from "@/lib/apollo/errors";
import { formatDateTime } from "@/ui/formatFigures";
import { useToast } from "@/ui/toast";
import { MarkShipmentDeliveredDocument, ShipmentFieldsFragment } from "./shipmentFields";
import "./fulfilment.css";

interface Props {
  shipments: ReadonlyArray<FragmentType<typeof ShipmentFieldsFragment>>;
  /** Admins may mark a parcel delivered. */
  canMarkDelivered: boolean;
  /** Called once a parcel is marked delivered: the order's own state changes with it. */
  onChanged?: () => Promise<unknown>;
}

/** Each parcel of an order, oldest first: its carrier, tracking link, lines, and when it left and arrived. */
export function ShipmentList({ shipments: shipmentRefs, canMarkDelivered, onChanged }: Props) {
  const shipments = shipmentRefs.map((ref) => getFragmentData(ShipmentFieldsFragment, ref));
  const toast = useToast();
  const [markingId, setMarkingId] = useState<string | null>(null);
  const [markDelivered] = useMutation(MarkShipmentDeliveredDocument);

  const onMarkDelivered = async (shipment: (typeof shipments)[number]) => {
    setMarkingId(shipment.id);
    try {
      await markDelivered({ variables: { input: { shipmentId: shipment.id } } });
      toast.success(`${shipment.carrier.name} ${shipment.trackingNumber} marked delivered`);
      await onChanged?.();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setMarkingId(null);
    }
  };

  return (
    <ol className="shipments" aria-label="Shipments">
      {shipments.map((shipment, index) => (
        <li key={shipment.id} className="shipment">
          <h3 className="shipment__title">
            Parcel {index + 1}: {shipment.carrier.name}
          </h3>
          <p className="shipment__tracking">
            Tracking number{" "}
            <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="shipment__link">
              {shipment.trackingNumber}
            </a>
          </p>
          <ul className="shipment__lines" aria-label={`In parcel ${index + 1}`}>
            {shipment.lines.map((line) => (
              <li key={line.order.id}>
                {line.quantity} × <span className="shipment__part">{line.partName}</span>{" "}
                <span className="small">(#{line.order.number})</span>
              </li>
            ))}
          </ul>
          <dl className="facts shipment__dates">
            <div>
              <dt>Shipped</dt>
              <dd>
                <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Delivered</dt>
              <dd>
                {shipment.deliveredAt ? (
                  <time dateTime={shipment.deliveredAt}>{formatDateTime(shipment.deliveredAt)}</time>
                ) : (
                  "On its way"
                )}
              </dd>
            </div>
          </dl>
          {canMarkDelivered && !shipment.deliveredAt && (
            <button
              type="button"
              className="btn btn--small btn--outline"
              disabled={markingId === shipment.id}
              onClick={() => void onMarkDelivered(shipment)}
              aria-label={`Mark parcel ${index + 1} (${shipment.trackingNumber}) delivered`}
            >
              {markingId === shipment.id ? "Marking…" : "Mark delivered"}
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
