import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { partPath } from "@/features/catalogue/paths";
import { DataCell } from "@/ui/DataTable";
import { EmptyCart } from "@/features/cart";

/** A cart line's part cell, the same on the server's cart page and the app's: its name, number and warning. */
export function CartLinePartCell({
  name,
  slug,
  partNumber,
  warningMessage,
}: {
  name: string;
  slug: string;
  partNumber: string;
  warningMessage?: string | null;
}) {
  return (
    <DataCell label="Part">
      <Link to={partPath(slug)} className="cart-line__name">
        {name}
      </Link>
      <span className="small cart-line__number"> No. {partNumber}</span>
      {warningMessage && (
        <p className="cart-line__warning" role="status">
          {warningMessage}
        </p>
      )}
    </DataCell>
  );
}

/** The cart page of an empty cart, with a notice the last form post left (server page only). */
export function EmptyCartPage({ notice }: { notice?: ReactNode }) {
  return (
    <div className="container page cart-page">
      <h1>Your cart</h1>
      {notice}
      <EmptyCart />
    </div>
  );
}
