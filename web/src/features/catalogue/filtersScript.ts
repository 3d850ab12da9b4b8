import { plainTarget } from "@/lib/islands/plain";

/**
 * The catalogue's filters applied on change in plain script (CatalogueFilters' GET form,
 * `data-plain="filters"`): ticking a box or choosing a brand or model loads the search it makes,
 * as the form's button would, without React. Prices still apply with their button.
 */
function searchOf(form: HTMLFormElement, changed: HTMLInputElement | HTMLSelectElement): string {
  const fields = new FormData(form);
  // A new brand's models are other models (as the page's own onChange says).
  if (changed.name === "brand") fields.delete("model");
  const query = new URLSearchParams();
  for (const [name, value] of fields) if (typeof value === "string" && value !== "") query.append(name, value);
  const search = query.toString();
  return `${form.getAttribute("action") ?? location.pathname}${search ? `?${search}` : ""}`;
}

export function applyFiltersInPlainScript(): void {
  document.addEventListener("change", (event) => {
    const form = plainTarget(event, "filters");
    const control = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const isBox = control instanceof HTMLInputElement && control.type === "checkbox";
    if (!isBox && !(control instanceof HTMLSelectElement)) return;
    location.assign(searchOf(form, control));
  });
}
