import { NavLink } from "react-router-dom";
import { useCart, useMergeVisitorCartAtSignIn } from "./useCart";
import { cartLinkLabel, shownCartCount } from "./cartCount";
import "./CartLink.css";

/** The cart icon of the navigation bar, with how many units the cart holds. */
export function CartLink() {
  useMergeVisitorCartAtSignIn();
  const { itemCount } = useCart();
  return (
    <NavLink to="/cart" className="cart-link" aria-label={cartLinkLabel(itemCount)} data-testid="cart-link">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19.5" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
      </svg>
      <span className="cart-link__count" data-testid="cart-count" aria-hidden="true">
        {shownCartCount(itemCount)}
      </span>
    </NavLink>
  );
}
