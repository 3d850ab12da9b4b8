import { useCallback, useEffect, useRef, useState } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import type { ApolloCache } from "@apollo/client";
import { graphql, getFragmentData } from "@/lib/gql";
import type { CartContentsFragment, CartQuery } from "@/lib/gql/graphql";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { errorMessage } from "@/lib/apollo/errors";
import { useAuth } from "@/lib/auth/AuthContext";
import { useToast } from "@/ui/toast";
import { getAccessToken } from "@/lib/auth/accessToken";
import { clearLocalCart, useLocalCart, type LocalCartLine } from "./localCart";
import { knownAccountItemCount } from "./accountCartCount";
import {
  addToBrowserCart,
  isJoinedTo,
  joinBrowserCart,
  mergeIntoBrowserCart,
  refreshBrowserCart,
  removeFromBrowserCart,
  setBrowserCartQuantity,
  useBrowserCart,
} from "./browserCart";

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
 * The shopper's cart. A visitor's is this browser's, kept by the shop under its cookie (the cart
 * routes: browserCart.ts), the cart the no-script forms fill too; the shop describes its lines
 * (cartPreview: parts, totals, warnings). A signed-in customer's is the account's (the cart
 * query): at sign-in the browser's cart joins it, and at sign-out the browser leaves it. A cart
 * this app once kept in the browser's storage joins the shop's once, when found. The same calls
 * change either.
 */
export function useCart() {
  const { status, user } = useAuth();
  const signedIn = status === "signedIn";
  const visitor = !signedIn && status !== "loading";
  const localLines = useLocalCart();
  const browser = useBrowserCart(visitor);
  useJoinLocalCartAsVisitor(visitor && browser.loaded ? localLines : []);
  const joined = useJoinAtSignIn(signedIn ? (user?.uid ?? null) : null);
  // Signed in with lines still to join (this browser's cart, or its storage's): the account's
  // cart is read once they have, so an answer from before cannot overwrite the join.
  const joining = signedIn && (localLines.length > 0 || !joined);
  const server = useQuery(CartDocument, { skip: !signedIn || joining, fetchPolicy: "cache-and-network" });
  const visitorLines = browser.lines;
  const preview = useQuery(CartPreviewDocument, {
    variables: { lines: visitorLines.map(({ partId, quantity }) => ({ partId, quantity })) },
    skip: !visitor || visitorLines.length === 0,
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

  // While a changed visitor cart is being described again, keep showing the previous answer.
  const answer = signedIn ? server.data?.cart : (preview.data ?? preview.previousData)?.cartPreview;
  const cart = answer ? getFragmentData(CartContentsFragmentDoc, answer) : null;
  // The local cart of old is joining the shop's: the visitor's cart is shown once it has.
  const visitorReady = visitor && browser.loaded && localLines.length === 0;
  const emptyVisitorCart = visitorReady && !browser.error && visitorLines.length === 0;

  /** Adds `quantity` units (at least the part's minimum) to the part's line. Throws with a message naming the part. */
  const add = useCallback(
    async (part: CartablePart, quantity: number) => {
      if (signedIn) await addToCart({ variables: { line: { partId: part.id, quantity } } });
      else await addToBrowserCart(part.id, quantity);
    },
    [signedIn, addToCart],
  );

  const setQuantity = useCallback(
    async (partId: string, quantity: number) => {
      if (signedIn) await setCartQuantity({ variables: { line: { partId, quantity } } });
      else await setBrowserCartQuantity(partId, quantity);
    },
    [signedIn, setCartQuantity],
  );

  const remove = useCallback(
    async (partId: string) => {
      if (signedIn) await removeFromCart({ variables: { partId } });
      else await removeFromBrowserCart(partId);
    },
    [signedIn, removeFromCart],
  );

  // Until the account's cart is read here, the count plain script showed (the header hydrates it).
  const itemCount = signedIn ? (cart?.itemCount ?? knownAccountItemCount() ?? 0) : browser.itemCount;
  const visitorError = browser.error ?? preview.error;

  return {
    signedIn,
    cart: emptyVisitorCart || joining || (visitor && !visitorReady) ? null : cart,
    /** True when there is nothing to show yet (the first answer is on its way). */
    loading: signedIn
      ? joining || (!cart && server.loading)
      : status === "loading" || (!emptyVisitorCart && !cart && !visitorError),
    error: cart ? undefined : signedIn ? server.error : visitorError,
    retry: () =>
      void (signedIn ? server.refetch() : refreshBrowserCart().then(() => preview.refetch())).catch(() => undefined),
    empty: emptyVisitorCart || (cart !== null && cart.lineCount === 0),
    itemCount,
    add,
    setQuantity,
    remove,
  };
}

/**
 * A cart this app kept in the browser's storage before the shop kept visitors' carts joins the
 * shop's once, when found, then leaves the storage. Lines the shop refuses are dropped with a word
 * why; if the shop cannot be reached they stay and join at the next page load.
 */
function useJoinLocalCartAsVisitor(localLines: readonly LocalCartLine[]) {
  const toast = useToast();
  useEffect(() => {
    if (localLines.length === 0 || joiningLocal) return;
    joiningLocal = mergeIntoBrowserCart(localLines)
      .then(() => clearLocalCart())
      .catch((error: unknown) => {
        if (error instanceof TypeError) return; // not reached: tried again at the next load
        clearLocalCart();
        toast.error(`The cart kept in this browser could not be kept: ${errorMessage(error)}`);
      })
      .finally(() => {
        joiningLocal = null;
      });
  }, [localLines, toast]);
}
let joiningLocal: Promise<void> | null = null;

/**
 * At sign-in, this browser's cart joins the account's (`POST /cart/join`) once; answers whether
 * it has. If the shop cannot be reached the account's cart is shown anyway, and the browser's
 * joins at the next page load.
 */
function useJoinAtSignIn(uid: string | null): boolean {
  const [settled, setSettled] = useState<string | null>(null);
  const joined = uid !== null && (settled === uid || isJoinedTo(uid));
  useEffect(() => {
    if (uid === null || joined) return;
    let live = true;
    void joinBrowserCart(uid, getAccessToken())
      .catch(() => undefined)
      .then(() => {
        if (live) setSettled(uid);
      });
    return () => {
      live = false;
    };
  }, [uid, joined]);
  return joined;
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
