import { formatPrice } from "@/ui/format";

export interface CheckoutLine {
  key: string;
  name: string;
  quantity: number;
  total: number;
  /** Why the line cannot be ordered, in a sentence naming the part; null when it can. */
  problem?: string | null;
  /** Shown after the name: the order's number once placed. */
  number?: string;
}

/** The lines of a checkout as a short list: "3 × Part name ... $29.97". */
export function CheckoutLines({ lines }: { lines: CheckoutLine[] }) {
  return (
    <ul className="checkout-lines">
      {lines.map((line) => (
        <li key={line.key} className={line.problem ? "checkout-line checkout-line--refused" : "checkout-line"}>
          <span className="checkout-line__name">
            {line.number && <span className="checkout-line__number">#{line.number} </span>}
            {line.quantity} × {line.name}
          </span>
          <span className="checkout-line__total">{formatPrice(line.total)}</span>
          {line.problem && <p className="checkout-line__problem">{line.problem}</p>}
        </li>
      ))}
    </ul>
  );
}
