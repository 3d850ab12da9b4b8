import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { ResponsiveImage, ResponsiveImageFragment } from "@/ui/ResponsiveImage";
import { CARD_IMAGE_BOX } from "@/ui/imageSizes";
import { Stars } from "@/ui/Stars";
import { AddToCartButton } from "@/features/cart/AddToCartButton";
import { partPath } from "@/features/catalogue/paths";
import { ShownPrice } from "@/features/catalogue/ShownPrice";

export const PartResultCardFragment = graphql(`
  fragment PartResultCard_part on Part {
    id
    databaseId
    slug
    name
    partNumber
    image {
      ...ResponsiveImage_image
    }
    price
    shownPrice
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

/**
 * How wide a result's image is drawn (CataloguePage.css): the grid beside the 260 px filters from
 * 900 px has two columns, three from 1200 px; under 900 px it is .card-grid's one or two.
 */
const RESULT_IMAGE_SIZES =
  "(min-width: 1200px) 271px, (min-width: 900px) calc(50vw - 174px), (min-width: 600px) calc(50vw - 26px), calc(100vw - 32px)";

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
        <ResponsiveImage
          image={getFragmentData(ResponsiveImageFragment, part.image)}
          alt={part.name}
          sizes={RESULT_IMAGE_SIZES}
          fallbackSize={CARD_IMAGE_BOX}
        />
      </div>
      <div className="card__body">
        <h2 className="card__title part-result__name" id={headingId}>
          {part.name}
        </h2>
        <p className="small part-result__number">Part no. {part.partNumber}</p>
        <ShownPrice price={part.shownPrice} className="price" />
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
