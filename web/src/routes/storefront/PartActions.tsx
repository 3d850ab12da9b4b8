import { Link } from "react-router-dom";
import { AddToCartButton } from "@/features/cart/AddToCartButton";
import type { CartablePart } from "@/features/cart/useCart";

/**
 * What a shopper can do with a part on its public page: put it in the cart, or "Reserve" it on
 * its own (/parts/{id}, which signs a visitor in first and comes back).
 */
export function PartActions({ part, orderable }: { part: CartablePart & { databaseId: string }; orderable: boolean }) {
  return (
    <div className="part-actions">
      {orderable ? (
        <>
          <AddToCartButton part={part} className="btn btn--primary btn--block" withQuantity />
          <Link
            to={`/parts/${part.databaseId}`}
            className="btn btn--outline btn--block"
            aria-label={`Reserve ${part.name}`}
          >
            Reserve
          </Link>
        </>
      ) : (
        <p className="part-actions__note">Out of stock: fewer units are left than the minimum order.</p>
      )}
    </div>
  );
}
