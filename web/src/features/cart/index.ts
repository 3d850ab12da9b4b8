// The cart's face to other features: what they may import (from "@/features/cart", never a file inside).
export { AddToCartButton } from "./AddToCartButton";
export { CartLink } from "./CartLink";
export { QuantitySelector, quantityError } from "./QuantitySelector";
export { useCart, type CartablePart, type CartLineView } from "./useCart";
