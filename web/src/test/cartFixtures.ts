import { CartDocument, CartPreviewDocument } from "@/features/cart/useCart";

/** A part as the cart's queries read it. */
export function cartPart(n: number, overrides: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: "Part",
    id: `part-${n}`,
    databaseId: `p-${n}`,
    slug: `part-${n}-p-${n}`,
    name: `Part ${n}`,
    partNumber: `PN-${n}`,
    img: `/images/${n}.png`,
    price: 10 * n,
    available: 100,
    minOrderQuantity: 2,
    retired: false,
    ...overrides,
  };
}

export interface LineSpec {
  n: number;
  quantity: number;
  warning?: "SOLD_OUT" | "RETIRED" | "OVER_AVAILABLE" | "BELOW_MINIMUM" | null;
  warningMessage?: string | null;
  part?: Partial<Record<string, unknown>>;
}

/** A cart answer (cart, cartPreview or a cart mutation) with these lines at 10 × n dollars a unit. */
export function cartAnswer(lines: LineSpec[], id = "cart-1") {
  const nodes = lines.map(({ n, quantity, warning = null, warningMessage = null, part }) => {
    const node = cartPart(n, part);
    return {
      __typename: "CartLine",
      id: `line-${n}`,
      quantity,
      minQuantity: node.minOrderQuantity,
      maxQuantity: node.available,
      lineTotal: node.price * quantity,
      warning,
      warningMessage,
      part: node,
    };
  });
  return {
    __typename: "Cart",
    id,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    lineCount: lines.length,
    subtotal: nodes.reduce((sum, node) => sum + node.lineTotal, 0),
    canCheckOut: lines.length > 0 && nodes.every((node) => node.warning === null),
    lines: {
      __typename: "CartLineConnection",
      edges: nodes.map((node) => ({ __typename: "CartLineEdge", node })),
    },
  };
}

export const cartMock = (lines: LineSpec[]) => ({
  request: { query: CartDocument },
  result: { data: { cart: cartAnswer(lines) } },
  maxUsageCount: 10,
});

export const cartPreviewMock = (lines: LineSpec[]) => ({
  request: {
    query: CartPreviewDocument,
    variables: { lines: lines.map(({ n, quantity }) => ({ partId: `part-${n}`, quantity })) },
  },
  result: { data: { cartPreview: cartAnswer(lines, "preview") } },
  maxUsageCount: 10,
});
