import type { CartCountQuery } from "@/lib/gql/graphql";
import { apiUrl } from "@/lib/apiUrl";
import { takenByReact } from "@/lib/islands/plain";
import { cartLinkLabel, shownCartCount } from "./cartCount";

/** On the cart link: the sha256 of the document a signed-in shopper's count is read with. */
export const COUNT_DOCUMENT_HASH_ATTRIBUTE = "data-count-document-hash";

/** The account's count as plain script read it, for the cart link's first render in React. */
let knownItemCount: number | null = null;

/** The signed-in shopper's cart count read before React took the header, or null. */
export const knownAccountItemCount = () => knownItemCount;

/** The account's cart count, through the persisted document the link names (as the app sends its documents). */
async function fetchAccountItemCount(documentHash: string, token: string): Promise<number> {
  const request = { operationName: "CartCount", variables: {} };
  const body = import.meta.env.PROD
    ? { ...request, extensions: { persistedQuery: { version: 1, sha256Hash: documentHash } } }
    : // The development server's documents change under a running shop: they go as text there.
      { ...request, query: (await import("graphql")).print((await import("./cartCountDocument")).CartCountDocument) };
  const response = await fetch(apiUrl("/graphql"), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: CartCountQuery | null };
  if (!answer.data) throw new Error(`The cart count could not be read (HTTP ${response.status})`);
  return answer.data.cart.itemCount;
}

/**
 * A signed-in shopper's cart count on a server-rendered page, in plain script: the page was
 * rendered for a visitor, and the account's cart is read with the shop's token. React's cart link
 * starts from the same number, so it hydrates what is shown; once React has the header, the count
 * is its own. Without an answer the server's count stays.
 */
export async function showAccountCartCount(link: HTMLElement, token: string): Promise<void> {
  const count = link.querySelector<HTMLElement>("[data-testid='cart-count']");
  const documentHash = link.getAttribute(COUNT_DOCUMENT_HASH_ATTRIBUTE);
  if (!count || !documentHash) return;
  const itemCount = await fetchAccountItemCount(documentHash, token).catch(() => null);
  if (itemCount === null || takenByReact(link)) return;
  knownItemCount = itemCount;
  link.setAttribute("aria-label", cartLinkLabel(itemCount));
  count.textContent = shownCartCount(itemCount);
}
