import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/gql";
import { apiUrl } from "@/apiUrl";
import { formatPrice } from "@/ui/format";
import { Stars } from "@/ui/Stars";
import { AddToCartButton } from "@/cart/AddToCartButton";
import { partPath } from "../storefront/paths";

export const PartResultCardFragment = graphql(`
  fragment PartResultCard_part on Part {
    id
    databaseId
    slug
    name
    partNumber
    img
    price
    available
    minOrderQuantity
    rating
    reviewCount
    compatibleModels {
      id
      brand
      model
      name
    }
  }
`);

/** How many laptop models a card names before "and N more". */
const MODELS_SHOWN = 3;

/** "Lenovo ThinkPad T14 Gen 1, Lenovo ThinkPad T14 Gen 2 and 4 more" */
export function fitsSummary(models: ReadonlyArray<{ name: string }>): string {
  const shown = models.slice(0, MODELS_SHOWN).map((model) => model.name);
  const more = models.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

/** The laptop the shopper filters by comes first ("Fits Lenovo ThinkPad T14 Gen 2, ..."). */
export function laptopsFirst<T extends { brand: string; model: string }>(
  models: readonly T[],
  laptop: { brand: string; model: string },
): T[] {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const score = (entry: T) =>
    (laptop.model && same(entry.model, laptop.model) ? 2 : 0) +
    (laptop.brand && same(entry.brand, laptop.brand) ? 1 : 0);
  return [...models].sort((a, b) => score(b) - score(a));
}

/** A part found in the catalogue: what a shopper compares, and the way to its page. */
export function PartResultCard(props: {
  part: FragmentType<typeof PartResultCardFragment>;
  laptop: { brand: string; model: string };
}) {
  const part = getFragmentData(PartResultCardFragment, props.part);
  const headingId = `result-${part.databaseId}-name`;
  const orderable = part.available >= part.minOrderQuantity;
  return (
    <article className="card card--hoverable part-result" aria-labelledby={headingId}>
      <div className="card__media">
        <img src={apiUrl(part.img)} alt={part.name} loading="lazy" width="400" height="260" />
      </div>
      <div className="card__body">
        <h2 className="card__title part-result__name" id={headingId}>
          {part.name}
        </h2>
        <p className="small part-result__number">Part no. {part.partNumber}</p>
        <p className="price">{formatPrice(part.price)}</p>
        <p className="part-result__badges">
          {orderable ? (
            <span className="badge badge--success">In stock</span>
          ) : (
            <span className="badge badge--warning">Out of stock</span>
          )}
          <span className="part-result__stock">
            {part.available} available, minimum order {part.minOrderQuantity}
          </span>
        </p>
        {part.rating != null && (
          <p className="part-result__rating">
            <Stars rating={part.rating} />
            <span>
              {part.rating.toFixed(1)} ({part.reviewCount} {part.reviewCount === 1 ? "review" : "reviews"})
            </span>
          </p>
        )}
        {part.compatibleModels.length > 0 && (
          <p className="card__text part-result__fits">
            <span className="part-result__fits-label">Fits </span>
            {fitsSummary(laptopsFirst(part.compatibleModels, props.laptop))}
          </p>
        )}
      </div>
      <div className="card__footer card__footer--actions">
        <Link to={partPath(part.slug)} className="btn btn--primary btn--block" aria-describedby={headingId}>
          View and reserve
        </Link>
        <AddToCartButton part={part} />
      </div>
    </article>
  );
}
