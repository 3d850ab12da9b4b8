import { Link } from "react-router-dom";
import { EmptyState } from "@/ui/QueryStates";

/** What a page that needs a cart shows when it is empty: the cart page's and the checkout's. */
export function EmptyCart() {
  return (
    <EmptyState>
      <p>Your cart is empty.</p>
      <Link to="/parts" className="btn btn--primary">
        Browse parts
      </Link>
    </EmptyState>
  );
}
