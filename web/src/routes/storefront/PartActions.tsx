import { Link } from "react-router-dom";

/**
 * What a shopper can do with a part on its public page. "Reserve" opens the reservation page
 * (/parts/{id}), which signs a visitor in first and comes back.
 */
export function PartActions({ databaseId, name, orderable }: { databaseId: string; name: string; orderable: boolean }) {
  return (
    <div className="part-actions">
      {/* "Add to cart" (the cart) goes here, before "Reserve". */}
      {orderable ? (
        <Link to={`/parts/${databaseId}`} className="btn btn--primary btn--block" aria-label={`Reserve ${name}`}>
          Reserve
        </Link>
      ) : (
        <p className="part-actions__note">Out of stock: fewer units are left than the minimum order.</p>
      )}
    </div>
  );
}
