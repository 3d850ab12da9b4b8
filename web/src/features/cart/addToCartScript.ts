import { onStepAside, plainTarget } from "@/lib/islands/plain";
import { startIslandAround } from "@/lib/islands/islands";
import { showToast } from "@/ui/toastQueue";
import { addToBrowserCart, loadBrowserCart, readBrowserCart } from "./browserCartStore";
import { handNoticesOver, showCartNotice } from "./cartNotice";
import { ADD_TO_CART_PLAIN } from "./cartRoutes";
import { checkQuantityInput } from "./quantity";

/**
 * "Add to cart" in plain script (AddToCartButton's form, `data-plain="add-to-cart"`): a visitor's
 * part goes into this browser's cart through the shop's cart route (browserCartStore.ts), the
 * cart count follows the store, and a toast says so, all without React. The quantity input keeps
 * to the part's minimum order and stock in the shop's words. The form still posts on its own if
 * the shop cannot be reached by script.
 */

/** The button's words while its part is being added (as AddToCartButton says it). */
const ADDING = "Adding…";

/** Forms whose part is on its way to the cart: their button, and its words before. */
const adding = new Map<HTMLFormElement, { button: HTMLButtonElement | null; text: string }>();
/** A signed-in shopper's submission, held for React (their cart is the account's, which React changes). */
let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

function stopAdding(form: HTMLFormElement): void {
  const entry = adding.get(form);
  if (!entry) return;
  adding.delete(form);
  if (!entry.button) return;
  entry.button.disabled = false;
  entry.button.textContent = entry.text;
}

async function add(form: HTMLFormElement, partId: string, quantity: number, partName: string): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>("button[type='submit']");
  adding.set(form, { button, text: button?.textContent ?? "" });
  if (button) {
    button.disabled = true;
    button.textContent = ADDING;
  }
  // Said as a plain notice; or as the app's toast if React took the form meanwhile (it is no longer ours).
  const say = (message: string, variant: "success" | "error") =>
    (adding.has(form) ? showCartNotice : showToast)(message, variant);
  try {
    // The page's first read (cartCount.ts) leaves an account's cart this browser still holds first.
    if (!readBrowserCart().loaded) await loadBrowserCart();
    await addToBrowserCart(partId, quantity);
    say(`${partName} is in your cart.`, "success");
  } catch (error) {
    // The shop was not reached (fetch's TypeError): the form posts, and the shop answers it as a page.
    if (error instanceof TypeError) form.submit();
    else say(error instanceof Error ? error.message : String(error), "error");
  } finally {
    stopAdding(form);
  }
}

/**
 * Answers the add-to-cart forms on the page until React takes them. `visitor` says whether the
 * shopper is signed out (read at each press): a signed-in shopper's cart is the account's, so their press is held,
 * the form's island started, and the press done again once React has it.
 */
export function addToCartInPlainScript({ visitor }: { visitor: () => boolean }): void {
  document.addEventListener("submit", (event) => {
    const form = plainTarget(event, ADD_TO_CART_PLAIN);
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    if (adding.has(form)) return;
    if (!visitor()) {
      held = { form, submitter: event.submitter };
      void startIslandAround(form);
      return;
    }
    const data = new FormData(form);
    const partId = String(data.get("part") ?? "");
    const quantity = Number(data.get("quantity"));
    // What the form's own post would do better: the shop then applies the part's minimum order.
    if (!partId || !Number.isInteger(quantity) || quantity < 1) form.submit();
    else void add(form, partId, quantity, form.dataset.partName ?? "The part");
  });
  document.addEventListener("input", (event) => {
    if (
      plainTarget(event, ADD_TO_CART_PLAIN) &&
      event.target instanceof HTMLInputElement &&
      event.target.type === "number"
    )
      checkQuantityInput(event.target);
  });
  // React hydrates the button as the server rendered it. Once it has the page, its toasts show
  // what plain script said, and a submission held for it is done again.
  onStepAside((root) => {
    for (const form of adding.keys()) if (root.contains(form)) stopAdding(form);
    const submission = held && root.contains(held.form) ? held : null;
    if (submission) held = null;
    return () => {
      handNoticesOver(showToast);
      if (!submission?.form.isConnected) return;
      const { form, submitter } = submission;
      form.requestSubmit(submitter?.isConnected && submitter.closest("form") === form ? submitter : null);
    };
  });
}
