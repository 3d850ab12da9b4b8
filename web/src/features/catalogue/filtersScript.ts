import { getFormAddress, onStepAside, plainTarget } from "@/lib/islands/plain";
import { cancelSwap, showInPlace } from "@/lib/islands/swap";

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
  // React hydrates what is on screen: a search still on its way is dropped, and React's own filters answer.
  onStepAside((root) => {
    if (root.querySelector("[data-plain='filters']")) cancelSwap();
  });
}
