import { formatPrice } from "@/ui/format";
import { usePricesIncludeTax } from "./priceDisplay";

interface Props {
  /** Part.shownPrice: the price as the caller's place shows it. */
  price: number;
  className: string;
}

/**
 * A part's price as the caller's place shows it, with a small "incl. tax" where that zone shows
 * prices with tax included (docs/product.md, "Shipping and tax"). Elsewhere it is the price alone,
 * as the spec shows it.
 */
export function ShownPrice({ price, className }: Props) {
  const includesTax = usePricesIncludeTax();
  return (
    <p className={className}>
      {formatPrice(price)}
      {includesTax && <small className="price__tax-note"> incl. tax</small>}
    </p>
  );
}
