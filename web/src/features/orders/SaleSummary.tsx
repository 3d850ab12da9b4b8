import { getFragmentData, type FragmentType } from "@/lib/gql";
import { AddressLines } from "@/features/addresses";
import { deliveryEstimate, formatPrice } from "@/ui/format";
import { SaleSummaryFieldsFragment } from "./saleSummaryFields";
import "./SaleSummary.css";

interface Props {
  sale: FragmentType<typeof SaleSummaryFieldsFragment>;
  /** The heading's id, for the section that labels itself by it. */
  headingId: string;
  /** The order is still to be paid: without a method yet, its shipping is chosen on the payment page. */
  unpaid?: boolean;
}

/**
 * What a whole order comes to (subtotal, shipping with its method and estimate, tax with its zone,
 * total) and where it ships, as the order keeps them (docs/product.md, "Shipping and tax").
 */
export function SaleSummary({ sale: saleRef, headingId, unpaid = false }: Props) {
  const sale = getFragmentData(SaleSummaryFieldsFragment, saleRef);
  const estimate = deliveryEstimate(sale.minDays, sale.maxDays);
  const shipTo = sale.shipTo;
  return (
    <section className="card sale-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>Order total</h2>
      <dl className="facts facts--stacked" data-testid="sale-summary">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPrice(sale.subtotal)}</dd>
        </div>
        <div>
          <dt>
            Shipping
            {sale.shippingMethodName && (
              <span className="sale-summary__detail">
                {" "}
                ({[sale.shippingMethodName, estimate].filter(Boolean).join(", ")})
              </span>
            )}
          </dt>
          <dd>{sale.shippingMethodName || !unpaid ? formatPrice(sale.shipping) : "Chosen at payment"}</dd>
        </div>
        <div>
          <dt>
            Tax
            {sale.taxZoneName && (
              <span className="sale-summary__detail">
                {" "}
                ({sale.taxZoneName}
                {sale.pricesIncludeTax ? ", incl. in shown prices" : ""})
              </span>
            )}
          </dt>
          <dd>{formatPrice(sale.tax)}</dd>
        </div>
        <div className="facts__total">
          <dt>Total</dt>
          <dd>{formatPrice(sale.total)}</dd>
        </div>
      </dl>
      {shipTo && (
        <>
          <h3 className="sale-summary__ship-to">Ships to</h3>
          <AddressLines address={shipTo} className="sale-summary__address" lineClassName="sale-summary__line" />
        </>
      )}
    </section>
  );
}
