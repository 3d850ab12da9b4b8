import type { SearchSuggestionsQuery } from "@/lib/gql/graphql";
import { apiUrl } from "@/lib/apiUrl";
import { handValueToReact } from "@/lib/islands/islands";
import { onStepAside } from "@/lib/islands/plain";
import { partPath } from "@/features/catalogue";

/**
 * The navigation bar's search box suggests parts as the shopper types: a listbox of up to six
 * parts found for the words, each a link to the part. The box stays a search box (role searchbox,
 * as the journeys and assistive technology know it) with list autocomplete: `aria-controls` names
 * the list, `aria-activedescendant` the option the arrows chose, and a polite status says how many
 * parts are suggested (a search box has no `aria-expanded`). Arrows move through the options,
 * Enter opens the one chosen, Escape closes the list. NavSearch renders the box, an empty list and
 * the status, the same on the server and in React, and this plain script fills them whoever owns
 * the page: React never renders the list's options, so nothing is handed over. Answers come
 * through the persisted document SearchSuggestions (searchSuggestionsDocument.ts), sent by the
 * hash NavSearch writes on the list, as the app sends its documents: the generated documents stay
 * out of the storefront's entry.
 */

export const SUGGESTIONS_ID = "nav-search-suggestions";
/** On the list: the sha256 of the document its suggestions are fetched with. */
export const DOCUMENT_HASH_ATTRIBUTE = "data-document-hash";
const BOX_SELECTOR = "[data-plain='search'] input[aria-controls]";
/** Fewer letters than this find too much to suggest. */
const MIN_WORDS_LENGTH = 2;
/** The box's words sent once the shopper pauses this long (ms): a fast typist's keys are ~150 ms apart. */
export const SUGGESTIONS_DEBOUNCE_MS = 60;

export interface Suggestion {
  name: string;
  href: string;
}

/** The option active after `key` in a list of `count` options, from `active` (-1: none): arrows wrap around. */
export function nextActiveOption(key: string, active: number, count: number): number {
  if (count === 0) return -1;
  if (key === "ArrowDown") return active < 0 || active >= count - 1 ? 0 : active + 1;
  if (key === "ArrowUp") return active <= 0 ? count - 1 : active - 1;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return active;
}

/** Answers already fetched, by their words (backspace shows them again at once): the latest few. */
const answered = new Map<string, Suggestion[]>();
const ANSWERS_KEPT = 50;

/** The parts the shop finds for `words`, as suggestions (the same search as the catalogue's). */
export async function fetchSuggestions(
  words: string,
  documentHash: string,
  signal?: AbortSignal,
): Promise<Suggestion[]> {
  const known = answered.get(words);
  if (known) return known;
  const request = { operationName: "SearchSuggestions", variables: { search: words } };
  const body = import.meta.env.PROD
    ? { ...request, extensions: { persistedQuery: { version: 1, sha256Hash: documentHash } } }
    : // The development server's documents change under a running shop: they go as text there (as the app's do).
      {
        ...request,
        query: (await import("graphql")).print((await import("./searchSuggestionsDocument")).SearchSuggestionsDocument),
      };
  const response = await fetch(apiUrl("/graphql"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const answer = (await response.json()) as { data?: SearchSuggestionsQuery | null };
  if (!answer.data) throw new Error(`No suggestions for "${words}" (HTTP ${response.status})`);
  const suggestions = answer.data.parts.edges.map(({ node }) => ({ name: node.name, href: partPath(node.slug) }));
  answered.set(words, suggestions);
  if (answered.size > ANSWERS_KEPT) answered.delete(answered.keys().next().value!);
  return suggestions;
}

interface Combobox {
  box: HTMLInputElement;
  list: HTMLElement;
  status: HTMLElement | null;
}

function comboboxOf(target: EventTarget | null): Combobox | null {
  const box = target instanceof HTMLInputElement && target.matches(BOX_SELECTOR) ? target : null;
  const list = box && document.getElementById(box.getAttribute("aria-controls") ?? "");
  return box && list ? { box, list, status: document.getElementById(`${list.id}-status`) } : null;
}

/** "3 parts suggested", "1 part suggested", or nothing. */
export const suggestedText = (count: number) =>
  count === 0 ? "" : `${count} ${count === 1 ? "part" : "parts"} suggested: arrow keys to choose`;

const optionsOf = (list: HTMLElement) => [...list.querySelectorAll<HTMLAnchorElement>("[role='option']")];

function close({ box, list, status }: Combobox): void {
  list.hidden = true;
  list.replaceChildren();
  box.removeAttribute("aria-activedescendant");
  if (status) status.textContent = "";
}

/** Draws the suggestions (anew, each time) and opens the list; closes it when there are none. */
export function showSuggestions(combobox: Combobox, suggestions: readonly Suggestion[]): void {
  const { box, list, status } = combobox;
  if (suggestions.length === 0) return close(combobox);
  list.replaceChildren(
    ...suggestions.map(({ name, href }, index) => {
      const option = document.createElement("a");
      option.id = `${list.id}-${index}`;
      option.href = href;
      option.tabIndex = -1;
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      option.className = "nav-search__suggestion";
      option.textContent = name;
      return option;
    }),
  );
  list.hidden = false;
  box.removeAttribute("aria-activedescendant");
  if (status) status.textContent = suggestedText(suggestions.length);
}

function activate({ box, list }: Combobox, index: number): void {
  optionsOf(list).forEach((option, at) => option.setAttribute("aria-selected", String(at === index)));
  const active = optionsOf(list)[index];
  if (active) {
    box.setAttribute("aria-activedescendant", active.id);
    active.scrollIntoView({ block: "nearest" });
  } else box.removeAttribute("aria-activedescendant");
}

/** Answers a key in the box; true when it was the list's (the box does nothing else with it). */
export function answerKey(combobox: Combobox, key: string): boolean {
  const { box, list } = combobox;
  const options = optionsOf(list);
  const open = !list.hidden && options.length > 0;
  const active = options.findIndex((option) => option.id === box.getAttribute("aria-activedescendant"));
  if (key === "Escape") {
    if (!open) return false;
    close(combobox);
    return true;
  }
  if (key === "Enter") {
    if (!open || active < 0) return false;
    location.assign(options[active].href);
    return true;
  }
  if (!open || !["ArrowDown", "ArrowUp", "Home", "End"].includes(key)) return false;
  // Home and End move in the box's text, as in any text box, unless an option is active.
  if ((key === "Home" || key === "End") && active < 0) return false;
  activate(combobox, nextActiveOption(key, active, options.length));
  return true;
}

/**
 * Suggests as the shopper types, in every search box marked up for it (NavSearch), whether the
 * page is server HTML or React's.
 */
export function offerSearchSuggestions(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;

  const suggest = (combobox: Combobox) => {
    const words = combobox.box.value.trim();
    clearTimeout(timer);
    inFlight?.abort();
    if (words.length < MIN_WORDS_LENGTH) return close(combobox);
    const draw = (suggestions: Suggestion[]) => {
      // Only for the words still in the box (a slower answer for earlier words is dropped).
      if (combobox.box.isConnected && combobox.box.value.trim() === words) showSuggestions(combobox, suggestions);
    };
    const known = answered.get(words);
    if (known) return draw(known);
    timer = setTimeout(() => {
      const controller = new AbortController();
      inFlight = controller;
      fetchSuggestions(words, combobox.list.getAttribute(DOCUMENT_HASH_ATTRIBUTE) ?? "", controller.signal)
        .then(draw)
        // The box still searches without suggestions.
        .catch(() => undefined)
        .finally(() => {
          if (inFlight === controller) inFlight = null;
        });
    }, SUGGESTIONS_DEBOUNCE_MS);
  };

  document.addEventListener("input", (event) => {
    const combobox = comboboxOf(event.target);
    if (combobox) suggest(combobox);
  });
  document.addEventListener("keydown", (event) => {
    const combobox = comboboxOf(event.target);
    if (!combobox || event.defaultPrevented || event.isComposing) return;
    if (event.key === "ArrowDown" && combobox.list.hidden && combobox.box.value.trim()) {
      event.preventDefault();
      suggest(combobox);
      return;
    }
    if (answerKey(combobox, event.key)) event.preventDefault();
  });
  // Leaving the box closes the list; a press on an option keeps the focus in the box, and its link opens.
  document.addEventListener("focusout", (event) => {
    const combobox = comboboxOf(event.target);
    if (combobox) close(combobox);
  });
  document.addEventListener("mousedown", (event) => {
    if (event.target instanceof Element && event.target.closest(`#${SUGGESTIONS_ID}`)) event.preventDefault();
  });
  // React hydrates the box and list as the server rendered them (closed, empty), then is given the
  // words typed before (the box is plain script's until then: its typing starts no island).
  onStepAside((root) => {
    const combobox = comboboxOf(root.querySelector(BOX_SELECTOR));
    if (!combobox) return;
    close(combobox);
    const { box } = combobox;
    const typed = box.value;
    return () => {
      if (box.isConnected && typed !== box.defaultValue) handValueToReact(box, typed);
    };
  });
}
