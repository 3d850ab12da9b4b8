import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/apollo/errors";
import { useToast } from "@/ui/toast";
import { ADD_TO_CART_PLAIN, CART_LINES_ACTION, useCartFormToken } from "./cartForm";
import { checkQuantityInput } from "./quantity";
import { useCart, type CartablePart } from "./useCart";
import "@/ui/toast.css";
import "./AddToCartButton.css";

interface Props {
  part: CartablePart & { retired?: boolean };
  /** Classes of the button (a card's full-width button, the part page's...). */
  className?: string;
  /** A number input for how many units (the part's page); otherwise the part's minimum order is added. */
  withQuantity?: boolean;
}

/**
 * Puts the part's minimum order (or the quantity chosen) in the cart; says so in a toast. It is a
 * form posting to the shop's cart route, so with no script the shop adds it and shows the cart;
 * on a storefront page plain script answers it until React has the page (addToCartScript.ts).
 */
export function AddToCartButton({ part, className = "btn btn--outline btn--block", withQuantity = false }: Props) {
  const { add } = useCart();
  const toast = useToast();
  const token = useCartFormToken();
  const quantityId = useId();
  const [adding, setAdding] = useState(false);
  const orderable = !part.retired && part.available >= part.minOrderQuantity;

  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = Number(new FormData(event.currentTarget).get("quantity"));
    setAdding(true);
    try {
      await add(part, Number.isInteger(chosen) && chosen > 0 ? chosen : part.minOrderQuantity);
      toast.success(`${part.name} is in your cart.`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <form
      method="post"
      action={CART_LINES_ACTION}
      className="add-to-cart"
      data-plain={ADD_TO_CART_PLAIN}
      data-part-name={part.name}
      onSubmit={(event) => void onAdd(event)}
    >
      <input type="hidden" name="part" value={part.id} />
      <input type="hidden" name="token" value={token} />
      {withQuantity && orderable ? (
        <div className="field add-to-cart__quantity">
          <label className="field__label" htmlFor={quantityId}>
            Quantity
          </label>
          <input
            id={quantityId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={part.minOrderQuantity}
            max={part.available}
            step={1}
            defaultValue={part.minOrderQuantity}
            required
            onChange={(event) => checkQuantityInput(event.currentTarget)}
          />
        </div>
      ) : (
        <input type="hidden" name="quantity" value={part.minOrderQuantity} />
      )}
      <button
        type="submit"
        className={className}
        disabled={!orderable || adding}
        aria-label={`Add to cart: ${part.name}`}
      >
        {adding ? "Adding…" : "Add to cart"}
      </button>
    </form>
  );
}
