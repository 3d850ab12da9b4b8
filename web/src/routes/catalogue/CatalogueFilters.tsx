import { useState, type FormEvent, type MouseEvent } from "react";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { catalogueHref, PRICE, writeSearch, type CatalogueSearch } from "@/features/catalogue/catalogueSearch";

export const CatalogueBrandsDocument = graphql(`
  query CatalogueBrands {
    laptopBrands
  }
`);

export const CatalogueModelsDocument = graphql(`
  query CatalogueModels($brand: String!) {
    laptopModels(first: 100, brand: $brand) {
      edges {
        node {
          id
          model
        }
      }
    }
  }
`);

interface Props {
  search: CatalogueSearch;
  /** Applies changes to the search (a new history entry). */
  onChange(changes: Partial<CatalogueSearch>): void;
  onClear(): void;
  id: string;
  className: string;
}

/**
 * A search's fields as hidden inputs, for a GET form that changes the rest (`leave`): with no
 * script, each form of the catalogue keeps the rest of the search in the address it goes to.
 */
export function SearchFields({ search, leave = [] }: { search: CatalogueSearch; leave?: string[] }) {
  return (
    <>
      {[...writeSearch(search)]
        .filter(([name]) => !leave.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/** The filters' own fields, which their form sends itself. */
const FILTER_FIELDS = ["inStock", "minPrice", "maxPrice", "brand", "model"];

/**
 * In stock only, a price range and the laptop a part must fit. The checkbox and the laptop
 * choices apply at once; prices apply with their button (or Enter), once both make sense. It is
 * one GET form of /parts, so with no script "Apply price" (or "Apply filters") applies them all.
 */
export function CatalogueFilters({ search, onChange, onClear, id, className }: Props) {
  const brands = useQuery(CatalogueBrandsDocument);
  const models = useQuery(CatalogueModelsDocument, { variables: { brand: search.brand }, skip: !search.brand });
  const brandOptions = brands.data?.laptopBrands ?? [];
  const modelOptions = models.data?.laptopModels.edges.map((edge) => edge.node.model) ?? [];
  const filtered = search.inStock || search.minPrice || search.maxPrice || search.brand || search.model;

  const clear = (event: MouseEvent) => {
    event.preventDefault();
    onClear();
  };

  return (
    // Applied on change in plain script until the page's island starts (features/catalogue/filtersScript.ts).
    <form id={id} className={className} method="get" action="/parts" noValidate data-plain="filters">
      <SearchFields search={search} leave={FILTER_FIELDS} />
      <h2 className="catalogue__filters-title">Filters</h2>
      <div className="catalogue__filter-group">
        <label className="checkbox catalogue__checkbox">
          <input
            type="checkbox"
            name="inStock"
            value="1"
            checked={search.inStock}
            onChange={(event) => onChange({ inStock: event.target.checked })}
          />
          In stock only
        </label>
      </div>
      {/* Keyed by the prices in the address: going back shows that search's prices. */}
      <PriceRange
        key={`${search.minPrice}-${search.maxPrice}`}
        minPrice={search.minPrice}
        maxPrice={search.maxPrice}
        onApply={onChange}
      />
      <fieldset className="catalogue__filter-group">
        <legend>Fits laptop</legend>
        <div className="field">
          <label className="field__label" htmlFor="filter-brand">
            Brand
          </label>
          <select
            id="filter-brand"
            name="brand"
            value={search.brand}
            onChange={(event) => onChange({ brand: event.target.value, model: "" })}
          >
            <option value="">All brands</option>
            {/* A brand from a shared address that no part fits (yet) is still shown as chosen. */}
            {search.brand && !brandOptions.some((brand) => brand.toLowerCase() === search.brand.toLowerCase()) && (
              <option value={search.brand}>{search.brand}</option>
            )}
            {brandOptions.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="filter-model">
            Model
          </label>
          <select
            id="filter-model"
            name="model"
            value={search.model}
            disabled={!search.brand && !search.model}
            aria-describedby={!search.brand ? "filter-model-hint" : undefined}
            onChange={(event) => onChange({ model: event.target.value })}
          >
            <option value="">All models</option>
            {search.model && !modelOptions.some((model) => model.toLowerCase() === search.model.toLowerCase()) && (
              <option value={search.model}>{search.model}</option>
            )}
            {modelOptions.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
          {!search.brand && (
            <p className="field__hint" id="filter-model-hint">
              Choose a brand first.
            </p>
          )}
        </div>
      </fieldset>
      <noscript>
        <button type="submit" className="btn btn--primary btn--block">
          Apply filters
        </button>
      </noscript>
      {filtered && (
        <a
          href={catalogueHref({ q: search.q, sort: search.sort })}
          className="btn btn--outline btn--block"
          role="button"
          onClick={clear}
        >
          Clear filters
        </a>
      )}
    </form>
  );
}

function PriceRange({
  minPrice,
  maxPrice,
  onApply,
}: {
  minPrice: string;
  maxPrice: string;
  onApply: Props["onChange"];
}) {
  const [min, setMin] = useState(minPrice);
  const [max, setMax] = useState(maxPrice);
  const [error, setError] = useState<string | null>(null);

  // The filters' form submits with this button (or Enter in a price): with script it applies here.
  const apply = (event: FormEvent | MouseEvent) => {
    event.preventDefault();
    const low = min.trim();
    const high = max.trim();
    if ((low && !PRICE.test(low)) || (high && !PRICE.test(high))) {
      setError("Enter prices in dollars, like 25 or 19.99.");
      return;
    }
    if (low && high && Number(low) > Number(high)) {
      setError("The minimum price must not be more than the maximum.");
      return;
    }
    setError(null);
    onApply({ minPrice: low, maxPrice: high });
  };

  return (
    <div className="catalogue__filter-group">
      <fieldset>
        <legend>Price</legend>
        <div className="catalogue__price-inputs">
          <PriceInput
            id="filter-min-price"
            name="minPrice"
            label="Min ($)"
            value={min}
            onChange={setMin}
            invalid={Boolean(error)}
          />
          <PriceInput
            id="filter-max-price"
            name="maxPrice"
            label="Max ($)"
            value={max}
            onChange={setMax}
            invalid={Boolean(error)}
          />
        </div>
        {error && (
          <p className="field-error" id="filter-price-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--outline btn--small" onClick={apply}>
          Apply price
        </button>
      </fieldset>
    </div>
  );
}

/** One end of the price range; both ends share the range's error message. */
function PriceInput(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.invalid ? "filter-price-error" : undefined}
      />
    </div>
  );
}
