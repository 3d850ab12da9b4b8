import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { ResponsiveImage, ResponsiveImageFragment } from "@/ui/ResponsiveImage";
import { CARD_GRID_IMAGE_SIZES, CARD_IMAGE_BOX } from "@/ui/imageSizes";
import { AddToCartButton } from "@/features/cart";
import { partPath } from "./paths";
import { ShownPrice } from "./ShownPrice";

export const PartCardFragment = graphql(`
  fragment PartCard_part on Part {
    id
    databaseId
    slug
    name
    image {
      ...ResponsiveImage_image
    }
    price
    shownPrice
    available
    minOrderQuantity
    shortDesc
  }
`);

export function PartCard(props: { part: FragmentType<typeof PartCardFragment> }) {
  const part = getFragmentData(PartCardFragment, props.part);
  const headingId = `part-${part.databaseId}-name`;
  return (
    <article className="card card--hoverable part-card" aria-labelledby={headingId}>
      <div className="card__media">
        <ResponsiveImage
          image={getFragmentData(ResponsiveImageFragment, part.image)}
          alt={part.name}
          sizes={CARD_GRID_IMAGE_SIZES}
          fallbackSize={CARD_IMAGE_BOX}
        />
      </div>
      <div className="card__body">
        <h3 className="card__title" id={headingId}>
          <Link to={partPath(part.slug)} className="card__title-link">
            {part.name}
          </Link>
        </h3>
        <ShownPrice price={part.shownPrice} className="price" />
        <dl className="facts">
          <div>
            <dt>Available</dt>
            <dd>{part.available}</dd>
          </div>
          <div>
            <dt>Minimum order</dt>
            <dd>{part.minOrderQuantity}</dd>
          </div>
        </dl>
        <p className="card__text">{part.shortDesc}</p>
      </div>
      <div className="card__footer card__footer--actions">
        <Link to={`/parts/${part.databaseId}`} className="btn btn--primary btn--block" aria-describedby={headingId}>
          Reserve
        </Link>
        <AddToCartButton part={part} />
      </div>
    </article>
  );
}
