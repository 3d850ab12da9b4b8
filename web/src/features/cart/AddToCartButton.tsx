import { useState } from "react";
import { errorMessage } from "@/lib/apollo/errors";
import { useToast } from "@/ui/toast";
import { useCart, type CartablePart } from "./useCart";

interface Props {
  part: CartablePart & { retired?: boolean };
  /** Classes of the button (a card's full-width button, the part page's...). */
  className?: string;
}

/** Puts the part's minimum order in the cart (or that many more units); says so in a toast. */
export function AddToCartButton({ part, className = "btn btn--outline btn--block" }: Props) {
  const { add } = useCart();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const orderable = !part.retired && part.available >= part.minOrderQuantity;

  const onAdd = async () => {
    setAdding(true);
    try {
      await add(part, part.minOrderQuantity);
      toast.success(`${part.name} is in your cart.`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      onClick={() => void onAdd()}
      disabled={!orderable || adding}
      aria-label={`Add to cart: ${part.name}`}
    >
      {adding ? "Adding…" : "Add to cart"}
    </button>
  );
}
