import { formatPrice } from "@/ui/format";

/** The amounts of a sale as the shop computed them (a quote, or what an order froze). */
export interface SaleAmounts {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  pricesIncludeTax: boolean;
  taxZoneName?: string | null;
}

interface Props {
  /** The amounts; null while there are none yet (no address or method chosen). */
  amounts: SaleAmounts | null;
  /** The goods' subtotal to show while there are no amounts yet. */
  subtotal: number;
  /** Said in place of shipping and tax while there are no amounts. */
  pending?: string;
  /** The amounts are an estimate (the cart, before checkout). */
  estimated?: boolean;
  /** Prefix of the rows' test ids: "checkout" gives checkout-subtotal ... checkout-total. */
  testIdPrefix: string;
}

function taxLabel(amounts: SaleAmounts, estimated: boolean): string {
  const zone = amounts.taxZoneName ? ` (${amounts.taxZoneName})` : "";
  return `${estimated ? "Estimated tax" : "Tax"}${zone}`;
}

/**
 * Subtotal, shipping, tax and total, as the server computed them (docs/product.md#shipping-and-tax):
 * never added up here. "Incl. tax" where the zone shows prices with tax.
 */
export function SaleTotals({ amounts, subtotal, pending, estimated = false, testIdPrefix }: Props) {
  const id = (row: string) => `${testIdPrefix}-${row}`;
  return (
    <div className="sale-totals">
      <dl className="facts facts--stacked">
        <div>
          <dt>{amounts?.pricesIncludeTax ? "Subtotal (excl. tax)" : "Subtotal"}</dt>
          <dd data-testid={id("subtotal")}>{formatPrice(amounts?.subtotal ?? subtotal)}</dd>
        </div>
        {amounts && (
          <>
            <div>
              <dt>{estimated ? "Estimated shipping" : "Shipping"}</dt>
              <dd data-testid={id("shipping")}>{amounts.shipping === 0 ? "Free" : formatPrice(amounts.shipping)}</dd>
            </div>
            <div>
              <dt>{taxLabel(amounts, estimated)}</dt>
              <dd data-testid={id("tax")}>{formatPrice(amounts.tax)}</dd>
            </div>
            <div className="facts__total">
              <dt>
                {estimated ? "Estimated total" : "Total"}
                {amounts.pricesIncludeTax ? " (incl. tax)" : ""}
              </dt>
              <dd data-testid={id("total")}>{formatPrice(amounts.total)}</dd>
            </div>
          </>
        )}
      </dl>
      {!amounts && pending && <p className="small sale-totals__pending">{pending}</p>}
    </div>
  );
}
