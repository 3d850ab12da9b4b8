import { NavLink } from "react-router-dom";
import { useCart, useMergeVisitorCartAtSignIn } from "./useCart";
import { cartLinkLabel, shownCartCount } from "./cartCount";
import { persistedHashOf } from "@/lib/apollo/createApolloClient";
import { COUNT_DOCUMENT_HASH_ATTRIBUTE } from "./accountCartCount";
import { CartCountDocument } from "./cartCountDocument";
import "./CartLink.css";

const countDocumentHash = { [COUNT_DOCUMENT_HASH_ATTRIBUTE]: persistedHashOf(CartCountDocument) };

/**
 * The cart icon of the navigation bar, with how many units the cart holds. It names the document
 * plain script reads a signed-in shopper's count with before React has the header.
 */
export function CartLink() {
  useMergeVisitorCartAtSignIn();
  const { itemCount } = useCart();
  return (
    <NavLink
      to="/cart"
      className="cart-link"
      aria-label={cartLinkLabel(itemCount)}
      data-testid="cart-link"
      {...countDocumentHash}
    >
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
