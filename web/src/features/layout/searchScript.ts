import { getFormAddress, plainTarget } from "@/lib/islands/plain";

/**
 * The navigation bar's search box in plain script (NavSearch's GET form, `data-plain="search"`):
 * typing starts no island, and a search opens the catalogue at the address the app writes
 * (words trimmed, nothing empty), as React's NavSearch would.
 */
export function searchInPlainScript(): void {
  document.addEventListener("submit", (event) => {
    const form = plainTarget(event, "search");
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    location.assign(getFormAddress(form));
  });
}
