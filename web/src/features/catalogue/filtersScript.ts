import { getFormAddress, plainTarget } from "@/lib/islands/plain";

/**
 * The catalogue's filters applied on change in plain script (CatalogueFilters' GET form,
 * `data-plain="filters"`): ticking a box or choosing a brand or model loads the search it makes,
 * as the form's button would, without React. Prices still apply with their button.
 */
export function applyFiltersInPlainScript(): void {
  document.addEventListener("change", (event) => {
    const form = plainTarget(event, "filters");
    const control = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const isBox = control instanceof HTMLInputElement && control.type === "checkbox";
    if (!isBox && !(control instanceof HTMLSelectElement)) return;
    // A new brand's models are other models (as the page's own onChange says).
    location.assign(getFormAddress(form, control.name === "brand" ? ["model"] : []));
  });
}
