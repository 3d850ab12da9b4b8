import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import type { ApolloCache } from "@apollo/client";
import { graphql, getFragmentData } from "@/lib/gql";
import type { CartContentsFragment, CartQuery } from "@/lib/gql/graphql";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { errorMessage } from "@/lib/apollo/errors";
import { useAuth } from "@/lib/auth/AuthContext";
import { useToast } from "@/ui/toast";
import {
  clearLocalCart,
  readLocalCart,
  removeLocalLine,
  serverLocalCart,
  setLocalLine,
  subscribeLocalCart,
} from "./localCart";

/** The visitor's cart lines, re-rendering when they change (in this tab or another). */
const useLocalCart = () => useSyncExternalStore(subscribeLocalCart, readLocalCart, serverLocalCart);

export const CartContentsFragmentDoc = graphql(`
  fragment CartContents on Cart {
    id
    itemCount
    lineCount
    subtotal
    canCheckOut
    lines(first: 50) {
      edges {
        node {
          id
          quantity
          minQuantity
          maxQuantity
          lineTotal
          warning
          warningMessage
          part {
            id
            databaseId
            slug
            name
            partNumber
            img
            price
            available
            minOrderQuantity
            retired
          }
        }
      }
    }
  }
`);

export const CartDocument = graphql(`
  query Cart {
    cart {
      id
      ...CartContents
    }
  }
`);

export const CartPreviewDocument = graphql(`
  query CartPreview($lines: [CartLineInput!]!) {
    cartPreview(lines: $lines) {
      id
      ...CartContents
    }
  }
`);

export const AddToCartDocument = graphql(`
  mutation AddToCart($line: CartLineInput!) {
    addToCart(line: $line) {
      id
      ...CartContents
    }
  }
`);

export const SetCartQuantityDocument = graphql(`
  mutation SetCartQuantity($line: CartLineInput!) {
    setCartQuantity(line: $line) {
      id
      ...CartContents
    }
  }
`);

export const RemoveFromCartDocument = graphql(`
  mutation RemoveFromCart($partId: ID!) {
    removeFromCart(partId: $partId) {
      id
      ...CartContents
    }
  }
`);

export const MergeCartDocument = graphql(`
  mutation MergeCart($lines: [CartLineInput!]!) {
    mergeCart(lines: $lines) {
      id
      ...CartContents
    }
  }
`);

export type CartView = CartContentsFragment;
export type CartLineView = CartView["lines"]["edges"][number]["node"];

/** What "Add to cart" needs to know of a part. */
export interface CartablePart {
  id: string;
  name: string;
  available: number;
  minOrderQuantity: number;
}

/** A cart mutation's answer becomes the signed-in customer's cart (the cart query reads it from then on). */
function storeCart(cache: ApolloCache, cart: CartQuery["cart"] | undefined) {
  if (cart) cache.writeQuery({ query: CartDocument, data: { cart } });
}

/**
 * The shopper's cart: a signed-in customer's is the shop's (the cart query); a visitor's lives in
 * this browser (localStorage) and the shop only describes it (cartPreview: parts, totals,
 * warnings). The same calls change either.
 */
export function useCart() {
  const { status } = useAuth();
  const signedIn = status === "signedIn";
  const localLines = useLocalCart();
  // Signed in with lines still in this browser: they are joining the account's cart (mergeCart);
  // the account's cart is read once they have, so an answer from before cannot overwrite the join.
  const joining = signedIn && localLines.length > 0;
  const server = useQuery(CartDocument, { skip: !signedIn || joining, fetchPolicy: "cache-and-network" });
  const preview = useQuery(CartPreviewDocument, {
    variables: { lines: localLines.map(({ partId, quantity }) => ({ partId, quantity })) },
    skip: signedIn || status === "loading" || localLines.length === 0,
  });
  const [addToCart] = useMutation(AddToCartDocument, {
    update: (cache, { data }) => storeCart(cache, data?.addToCart),
  });
  const [setCartQuantity] = useMutation(SetCartQuantityDocument, {
    update: (cache, { data }) => storeCart(cache, data?.setCartQuantity),
  });
  const [removeFromCart] = useMutation(RemoveFromCartDocument, {
    update: (cache, { data }) => storeCart(cache, data?.removeFromCart),
  });

  const source = signedIn ? server : preview;
  // While a changed visitor cart is being described again, keep showing the previous answer.
  const answer = signedIn ? server.data?.cart : (preview.data ?? preview.previousData)?.cartPreview;
  const cart = answer ? getFragmentData(CartContentsFragmentDoc, answer) : null;
  const emptyVisitorCart = !signedIn && status !== "loading" && localLines.length === 0;

  /** Adds `quantity` units (at least the part's minimum) to the part's line. Throws with a message naming the part. */
  const add = useCallback(
    async (part: CartablePart, quantity: number) => {
      if (signedIn) {
        await addToCart({ variables: { line: { partId: part.id, quantity } } });
        return;
      }
      const existing = readLocalCart().find((line) => line.partId === part.id)?.quantity ?? 0;
      if (existing >= part.available) throw new Error(`Your cart already has all ${part.available} of ${part.name}.`);
      setLocalLine(part.id, Math.min(part.available, Math.max(existing + quantity, part.minOrderQuantity)));
    },
    [signedIn, addToCart],
  );

  const setQuantity = useCallback(
    async (partId: string, quantity: number) => {
      if (signedIn) await setCartQuantity({ variables: { line: { partId, quantity } } });
      else setLocalLine(partId, quantity);
    },
    [signedIn, setCartQuantity],
  );

  const remove = useCallback(
    async (partId: string) => {
      if (signedIn) await removeFromCart({ variables: { partId } });
      else removeLocalLine(partId);
    },
    [signedIn, removeFromCart],
  );

  const itemCount = signedIn ? (cart?.itemCount ?? 0) : localLines.reduce((sum, line) => sum + line.quantity, 0);

  return {
    signedIn,
    cart: emptyVisitorCart || joining ? null : cart,
    /** True when there is nothing to show yet (the first answer is on its way). */
    loading: joining || (!emptyVisitorCart && !cart && (source.loading || status === "loading")),
    error: cart ? undefined : source.error,
    retry: () => void source.refetch().catch(() => undefined),
    empty: emptyVisitorCart || (cart !== null && cart.lineCount === 0),
    itemCount,
    add,
    setQuantity,
    remove,
  };
}

/**
 * At sign-in, the cart filled as a visitor joins the account's cart (mergeCart), then leaves this
 * browser. Mounted once, in the navigation bar. Lines the shop refuses are dropped with a word
 * why; if the shop cannot be reached they stay here and join at the next page load.
 */
export function useMergeVisitorCartAtSignIn() {
  const { status } = useAuth();
  const localLines = useLocalCart();
  const [mergeCart] = useMutation(MergeCartDocument, {
    update: (cache, { data }) => storeCart(cache, data?.mergeCart),
  });
  const toast = useToast();
  const merging = useRef(false);
  useEffect(() => {
    if (status !== "signedIn" || localLines.length === 0 || merging.current) return;
    merging.current = true;
    const lines = localLines.map(({ partId, quantity }) => ({ partId, quantity }));
    void mergeCart({ variables: { lines } })
      .then(() => clearLocalCart())
      .catch((error: unknown) => {
        if (!CombinedGraphQLErrors.is(error)) return;
        clearLocalCart();
        toast.error(`The cart you filled before signing in could not be kept: ${errorMessage(error)}`);
      })
      .finally(() => {
        merging.current = false;
      });
  }, [status, localLines, mergeCart, toast]);
}
