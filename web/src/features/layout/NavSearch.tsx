import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { catalogueHref, readSearch, writeSearch } from "@/features/catalogue";
import { persistedHashOf } from "@/lib/apollo/createApolloClient";
import { DOCUMENT_HASH_ATTRIBUTE, SUGGESTIONS_ID } from "./searchSuggestions";
import { SearchSuggestionsDocument } from "./searchSuggestionsDocument";

/**
 * The search box of the navigation bar: it opens the catalogue (/parts) with the words typed.
 * On the catalogue it shows the current words and keeps the filters and order of the search.
 */
export function NavSearch() {
  const location = useLocation();
  const onCatalogue = location.pathname === "/parts";
  const current = onCatalogue ? readSearch(new URLSearchParams(location.search)) : null;
  // Remounted with the address's words (back, forward, a link), so it always shows them.
  return <SearchForm key={current?.q ?? ""} initial={current?.q ?? ""} keep={current} />;
}

function SearchForm({ initial, keep }: { initial: string; keep: ReturnType<typeof readSearch> | null }) {
  const [words, setWords] = useState(initial);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(catalogueHref({ ...keep, q: words.trim() }));
  };
  return (
    // A GET form of the catalogue: with no script the browser goes to /parts?q=… itself; before
    // the header's island starts, plain script does (searchScript.ts).
    <form
      className="nav-search"
      role="search"
      aria-label="Parts"
      method="get"
      action="/parts"
      onSubmit={submit}
      data-plain="search"
    >
      {keep &&
        [...writeSearch({ ...keep, q: "" })].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <label htmlFor="nav-search-input" className="visually-hidden">
        Search parts
      </label>
      <input
        id="nav-search-input"
        type="search"
        name="q"
        value={words}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search parts or laptops"
        onChange={(event) => setWords(event.target.value)}
        // Its suggestions are drawn by plain script, whoever owns the page (searchSuggestions.ts).
        aria-autocomplete="list"
        aria-controls={SUGGESTIONS_ID}
      />
      <div
        id={SUGGESTIONS_ID}
        role="listbox"
        aria-label="Suggested parts"
        className="nav-search__suggestions"
        hidden
        {...{ [DOCUMENT_HASH_ATTRIBUTE]: persistedHashOf(SearchSuggestionsDocument) }}
      />
      <span id={`${SUGGESTIONS_ID}-status`} role="status" className="visually-hidden" />
      <button type="submit" className="nav-search__button">
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}
