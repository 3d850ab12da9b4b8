// The cart's face to other features (they import "@/features/cart", never a file inside).
export { AddToCartButton } from "./AddToCartButton";
export { CartLink } from "./CartLink";
export { EmptyCart } from "./EmptyCart";
export { useCart, type CartablePart, type CartLineView } from "./useCart";
