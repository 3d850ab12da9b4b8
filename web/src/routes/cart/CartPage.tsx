import { use, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { getFragmentData } from "@/lib/gql";
import { errorMessage } from "@/lib/apollo/errors";
import { useCart, type CartLineView } from "@/features/cart/useCart";
import { DataCell, DataTable } from "@/ui/DataTable";
import { ErrorState } from "@/ui/QueryStates";
import { Spinner } from "@/ui/Spinner";
import { deliveryEstimate, formatPrice } from "@/ui/format";
import { useToast } from "@/ui/toast";
import { QuantitySelector, quantityError } from "@/features/cart/QuantitySelector";
import { AddressFieldsFragment } from "@/features/addresses";
import { SaleAddressesDocument, SaleTotals, optionPrice, useSaleQuote } from "@/features/checkout";
import { ServerCartContext } from "@/features/cart/serverCart";
import { ServerCartPage } from "./ServerCartPage";
import { CartLinePartCell, EmptyCartPage } from "./CartPieces";
import "./CartPage.css";

/**
 * The cart: its lines with their quantities (changeable within the part's bounds), warnings and
 * total. Rendered by the server from this browser's cart as plain forms (works with no script);
 * in the browser the app renders it from the cart it knows.
 */
export function CartPage() {
  const fromServer = use(ServerCartContext);
  return fromServer ? <ServerCartPage cart={fromServer} /> : <BrowserCartPage />;
}

function BrowserCartPage() {
  const cart = useCart();
  const navigate = useNavigate();

  if (cart.loading) return <Spinner label="Loading your cart…" />;
  if (cart.error) return <ErrorState error={cart.error} onRetry={cart.retry} title="Could not load your cart" />;
  const lines = cart.cart?.lines.edges.map((edge) => edge.node) ?? [];
  if (cart.empty || lines.length === 0) {
    return <EmptyCartPage />;
  }

  const canCheckOut = cart.cart?.canCheckOut ?? false;
  return (
    <div className="container page cart-page">
      <h1>Your cart</h1>
      <DataTable caption="The parts in your cart" columns={["Part", "Unit price", "Quantity", "Total", "Actions"]}>
        {lines.map((line) => (
          <CartLineRow key={line.id} line={line} />
        ))}
      </DataTable>
      <section className="card cart-summary" aria-labelledby="cart-summary-heading">
        <h2 id="cart-summary-heading">Summary</h2>
        <dl className="facts facts--stacked">
          <div>
            <dt>Items</dt>
            <dd data-testid="cart-items">{cart.cart?.itemCount ?? 0}</dd>
          </div>
        </dl>
        <CartEstimate
          lines={lines}
          subtotal={cart.cart?.subtotal ?? 0}
          signedIn={cart.signedIn}
          canCheckOut={canCheckOut}
        />
        {!canCheckOut && (
          <p className="notice notice--warning" role="status">
            Change or remove the lines marked above to check out.
          </p>
        )}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={!canCheckOut}
          onClick={() => navigate("/checkout")}
        >
          Check out
        </button>
        {!cart.signedIn && <p className="small">You sign in (or create an account) before you pay.</p>}
      </section>
    </div>
  );
}

/**
 * Shipping and tax as an estimate: for a signed-in customer with a default address, the shop's
 * quote to it by the cheapest method that can ship the cart, and every method that address allows
 * with its price and estimate; for anyone else, a word that they are worked out at checkout.
 */
function CartEstimate({
  lines,
  subtotal,
  signedIn,
  canCheckOut,
}: {
  lines: CartLineView[];
  subtotal: number;
  signedIn: boolean;
  canCheckOut: boolean;
}) {
  const book = useQuery(SaleAddressesDocument, { skip: !signedIn });
  const home = (book.data?.viewer?.addresses ?? [])
    .map((entry) => getFragmentData(AddressFieldsFragment, entry))
    .find((address) => address.isDefault);
  const goods = { lines: lines.map((line) => ({ partId: line.part.id, quantity: line.quantity })) };
  // A cart that cannot be checked out as it is has no sale to estimate.
  const quote = useSaleQuote(goods, home && canCheckOut ? { addressId: home.id } : null, null);
  const refusal = quote.options?.shippingRefusal;
  return (
    <>
      <SaleTotals
        amounts={refusal ? null : quote.sale}
        subtotal={subtotal}
        estimated
        testIdPrefix="cart"
        pending={
          home && quote.loading ? "Estimating shipping and tax…" : "Shipping and tax are worked out at checkout."
        }
      />
      {home && quote.sale && !refusal && (
        <p className="small" data-testid="cart-estimate-basis">
          Estimated for your default address ({home.city}, {home.countryName}) by{" "}
          {quote.sale.chosenShipping?.name ?? "the cheapest method"}.
        </p>
      )}
      {home && quote.options && !refusal && (
        <ul className="cart-shipping-options small" aria-label="Shipping to your default address">
          {quote.options.shippingOptions
            .filter((option) => option.available)
            .map((option) => (
              <li key={option.methodId}>
                {option.name}: {optionPrice(option)}, {deliveryEstimate(option.minDays, option.maxDays)}
              </li>
            ))}
        </ul>
      )}
      {refusal && (
        <p className="notice notice--warning" role="status">
          {refusal}
        </p>
      )}
    </>
  );
}

/** Whether a line's quantity can be changed at all: a part retired or sold out can only be removed. */
function adjustable(line: CartLineView): boolean {
  return line.warning !== "RETIRED" && line.warning !== "SOLD_OUT";
}

function CartLineRow({ line }: { line: CartLineView }) {
  const { setQuantity, remove } = useCart();
  const toast = useToast();
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { part } = line;
  const value = draft ?? String(line.quantity);
  const inputId = `cart-quantity-${part.databaseId}`;
  const draftError = draft === null ? undefined : quantityError(draft, line.minQuantity, line.maxQuantity);

  const onQuantity = async (next: string) => {
    setDraft(next);
    if (quantityError(next, line.minQuantity, line.maxQuantity)) return;
    try {
      await setQuantity(part.id, Number(next));
      setDraft(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onRemove = async () => {
    setBusy(true);
    try {
      await remove(part.id);
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <tr>
      <CartLinePartCell
        name={part.name}
        slug={part.slug}
        partNumber={part.partNumber}
        warningMessage={line.warningMessage}
      />
      <DataCell label="Unit price" kind="number">
        {formatPrice(part.price)}
      </DataCell>
      <DataCell label="Quantity">
        {adjustable(line) ? (
          <QuantitySelector
            id={inputId}
            value={value}
            min={line.minQuantity}
            max={line.maxQuantity}
            onChange={(next) => void onQuantity(next)}
            error={draftError}
            name={part.name}
          />
        ) : (
          <span>{line.quantity}</span>
        )}
      </DataCell>
      <DataCell label="Total" kind="number">
        {formatPrice(line.lineTotal)}
      </DataCell>
      <DataCell label="Actions" kind="actions">
        <button
          type="button"
          className="btn btn--small btn--danger"
          disabled={busy}
          onClick={() => void onRemove()}
          aria-label={`Remove ${part.name} from the cart`}
        >
          {busy ? "Removing…" : "Remove"}
        </button>
      </DataCell>
    </tr>
  );
}
