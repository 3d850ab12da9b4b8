import type { ServerCart, ServerCartLine } from "@/features/cart/serverCart";
import { DataCell, DataTable } from "@/ui/DataTable";
import { formatPrice } from "@/ui/format";
import { CartLinePartCell, EmptyCartPage } from "./CartPieces";

/**
 * The cart page as the server renders it from this browser's cart: every change is a form post
 * to the cart's routes, answered with this page again, so it works with no script. Checking out
 * is the app's (it needs script for the card).
 */
export function ServerCartPage({ cart }: { cart: ServerCart }) {
  const notice = cart.notice && (
    <p className="notice notice--info" role="status" data-testid="cart-notice">
      {cart.notice}
    </p>
  );
  if (cart.lines.length === 0) {
    return <EmptyCartPage notice={notice} />;
  }
  return (
    <div className="container page cart-page">
      <h1>Your cart</h1>
      {notice}
      <DataTable caption="The parts in your cart" columns={["Part", "Unit price", "Quantity", "Total", "Actions"]}>
        {cart.lines.map((line) => (
          <ServerCartLineRow key={line.partId} line={line} token={cart.formToken} />
        ))}
      </DataTable>
      <section className="card cart-summary" aria-labelledby="cart-summary-heading">
        <h2 id="cart-summary-heading">Summary</h2>
        <dl className="facts facts--stacked">
          <div>
            <dt>Items</dt>
            <dd data-testid="cart-items">{cart.itemCount}</dd>
          </div>
          <div>
            <dt>Subtotal</dt>
            <dd data-testid="cart-subtotal">{formatPrice(cart.subtotal)}</dd>
          </div>
        </dl>
        <p className="small">Shipping and tax are worked out at checkout.</p>
        {cart.canCheckOut ? (
          <a href="/checkout" className="btn btn--primary btn--block">
            Check out
          </a>
        ) : (
          <p className="notice notice--warning" role="status">
            Change or remove the lines marked above to check out.
          </p>
        )}
        <p className="small">You sign in (or create an account) before you pay.</p>
      </section>
    </div>
  );
}

function ServerCartLineRow({ line, token }: { line: ServerCartLine; token: string }) {
  const action = `/cart/lines/${encodeURIComponent(line.partId)}`;
  const inputId = `cart-quantity-${line.databaseId}`;
  return (
    <tr>
      <CartLinePartCell
        name={line.name}
        slug={line.slug}
        partNumber={line.partNumber}
        warningMessage={line.warningMessage}
      />
      <DataCell label="Unit price" kind="number">
        {formatPrice(line.price)}
      </DataCell>
      <DataCell label="Quantity">
        {line.adjustable ? (
          <form method="post" action={action} className="cart-line__quantity-form">
            <input type="hidden" name="token" value={token} />
            <input
              id={inputId}
              className="quantity__input"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={line.minQuantity}
              max={line.maxQuantity}
              step={1}
              defaultValue={line.quantity}
              required
              aria-label={`Quantity of ${line.name}`}
              aria-describedby={`${inputId}-hint`}
            />
            <button
              type="submit"
              className="btn btn--small btn--outline"
              aria-label={`Update quantity of ${line.name}`}
            >
              Update
            </button>
            <p className="field__hint" id={`${inputId}-hint`}>
              Between {line.minQuantity} and {line.maxQuantity}
            </p>
          </form>
        ) : (
          <span>{line.quantity}</span>
        )}
      </DataCell>
      <DataCell label="Total" kind="number">
        {formatPrice(line.lineTotal)}
      </DataCell>
      <DataCell label="Actions" kind="actions">
        <form method="post" action={action}>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="remove" value="1" />
          <button type="submit" className="btn btn--small btn--danger" aria-label={`Remove ${line.name} from the cart`}>
            Remove
          </button>
        </form>
      </DataCell>
    </tr>
  );
}
