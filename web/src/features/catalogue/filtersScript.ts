import { getFormAddress, onStepAside, plainTarget } from "@/lib/islands/plain";
import { cancelSwap, fetchAhead, showInPlace } from "@/lib/islands/swap";

/**
 * What the catalogue's address changes: the page under the navigation bar (results, count,
 * chosen filters, "Show more parts", title) and the search box, which keeps the filters of the
 * search it shows.
 */
const CATALOGUE_REGIONS = ["[data-island='page']", "[data-plain='search']"];

/**
 * The catalogue's filters applied on change in plain script (CatalogueFilters' GET form,
 * `data-plain="filters"`): ticking a box or choosing a brand or model shows the search it makes
 * in place, from the server's HTML for its address (lib/islands/swap.ts), without React; if that
 * cannot be fetched, the browser loads it. Prices still apply with their button.
 */
export function applyFiltersInPlainScript(): void {
  document.addEventListener("change", (event) => {
    const form = plainTarget(event, "filters");
    const control = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const isBox = control instanceof HTMLInputElement && control.type === "checkbox";
    if (!isBox && !(control instanceof HTMLSelectElement)) return;
    // A new brand's models are other models (as the page's own onChange says).
    void showInPlace(getFormAddress(form, control.name === "brand" ? ["model"] : []), CATALOGUE_REGIONS);
  });
  fetchBoxesAhead();
  // React hydrates what is on screen: a search still on its way is dropped, and React's own filters answer.
  onStepAside((root) => {
    if (root.querySelector("[data-plain='filters']")) cancelSwap();
  });
}

/** How long a pointer rests on a box before its search is fetched ahead (a pointer passing by does not). */
const HOVER_MS = 60;

/**
 * A filter's box the pointer is on (pressed, or resting on it or its label) has its search
 * fetched ahead: the search it would show once ticked or unticked. A box is the one control
 * whose next state is known before it changes.
 */
function fetchBoxesAhead(): void {
  let resting: ReturnType<typeof setTimeout> | undefined;
  const fetchFor = (event: Event) => {
    const form = plainTarget(event, "filters");
    const box = boxOf(event.target);
    if (form instanceof HTMLFormElement && box && form.contains(box)) fetchAhead(addressIfToggled(form, box));
  };
  document.addEventListener("pointerdown", fetchFor, { capture: true });
  document.addEventListener("pointerover", (event) => {
    clearTimeout(resting);
    if (event.pointerType === "mouse") resting = setTimeout(() => fetchFor(event), HOVER_MS);
  });
  document.addEventListener("pointerout", () => clearTimeout(resting));
}

/** The checkbox an element is, or labels. */
function boxOf(target: EventTarget | null): HTMLInputElement | null {
  if (!(target instanceof Element)) return null;
  const control = target instanceof HTMLInputElement ? target : target.closest("label")?.control;
  return control instanceof HTMLInputElement && control.type === "checkbox" ? control : null;
}

/** The address the form would show with `box` ticked or unticked (it is put back at once, unseen). */
function addressIfToggled(form: HTMLFormElement, box: HTMLInputElement): string {
  box.checked = !box.checked;
  try {
    return getFormAddress(form);
  } finally {
    box.checked = !box.checked;
  }
}
