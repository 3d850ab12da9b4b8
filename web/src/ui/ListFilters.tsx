import { useState, type FormEvent, type ReactNode } from "react";
import "./ListFilters.css";

interface Props {
  /** The search form's accessible name ("Orders", "Parts list"). */
  name: string;
  /** The search box's id, label and placeholder. */
  searchId: string;
  searchLabel: string;
  placeholder: string;
  /** The search in effect (from the address): the box starts with it. */
  search: string;
  /** A search sent (the box's text as typed: the page trims it). */
  onSearch: (text: string) => void;
  /** The list's other filters, beside the search (FilterSelect, a checkbox). */
  children?: ReactNode;
  /** Given while some filter is set: a "Clear filters" button empties the box and calls it. */
  onClear?: () => void;
}

/**
 * An admin list's filter bar: a search box sent with its button or Enter, the list's other
 * filters beside it, and "Clear filters" while any is set.
 */
export function ListFilters({ name, searchId, searchLabel, placeholder, search, onSearch, children, onClear }: Props) {
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <div className={children ? "card filters" : "card filters filters--single"}>
      <form className="filters__search" role="search" aria-label={name} onSubmit={submit}>
        <label htmlFor={searchId} className="field__label">
          {searchLabel}
        </label>
        <div className="filters__search-row">
          <input
            id={searchId}
            type="search"
            placeholder={placeholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="btn btn--outline">
            Search
          </button>
        </div>
      </form>
      {children}
      {onClear && (
        <button
          type="button"
          className="btn btn--small filters__clear"
          onClick={() => {
            setText("");
            onClear();
          }}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

interface SelectProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}

/** A labelled choice in a filter bar ("Show: All orders, Unpaid…"). */
export function FilterSelect<T extends string>({ id, label, value, options, onChange }: SelectProps<T>) {
  return (
    <div className="filters__field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
