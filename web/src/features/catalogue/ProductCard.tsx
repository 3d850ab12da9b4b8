import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { ResponsiveImage, ResponsiveImageFragment, type ResponsiveImageData } from "@/ui/ResponsiveImage";
import { CARD_GRID_IMAGE_SIZES, CARD_IMAGE_BOX, MAIN_IMAGE_BOX } from "@/ui/imageSizes";
import { formatPrice } from "@/ui/format";
import { productPath } from "./paths";
import "./ProductCard.css";

export const ProductCardFragment = graphql(`
  fragment ProductCard_product on Product {
    id
    databaseId
    slug
    name
    image {
      ...ResponsiveImage_image
    }
    price
    availableQuantity
    minQuantity
    description
  }
`);

export function ProductCard(props: { product: FragmentType<typeof ProductCardFragment> }) {
  const product = getFragmentData(ProductCardFragment, props.product);
  return (
    <article className="card card--hoverable product-card">
      <ProductMedia
        name={product.name}
        image={getFragmentData(ResponsiveImageFragment, product.image)}
        sizes={CARD_GRID_IMAGE_SIZES}
      />
      <div className="card__body">
        <h3 className="card__title">
          <Link to={productPath(product.slug)} className="card__title-link">
            {product.name}
          </Link>
        </h3>
        {product.price != null && <p className="price">{formatPrice(product.price)}</p>}
        <ProductFacts availableQuantity={product.availableQuantity} minQuantity={product.minQuantity} />
        {product.description && <p className="card__text">{product.description}</p>}
      </div>
    </article>
  );
}

/** A new arrival's quantities, where its admin gave them. */
export function ProductFacts({
  availableQuantity,
  minQuantity,
}: {
  availableQuantity?: number | null;
  minQuantity?: number | null;
}) {
  return (
    <dl className="facts">
      {availableQuantity != null && (
        <div>
          <dt>Available</dt>
          <dd>{availableQuantity}</dd>
        </div>
      )}
      {minQuantity != null && (
        <div>
          <dt>Minimum order</dt>
          <dd>{minQuantity}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * A new arrival's photo (or its initial until it has one) with the New badge: lazy on a card, the
 * page's main image (`priority`: fetched first, larger) on its own page.
 */
export function ProductMedia({
  name,
  image,
  sizes,
  priority = false,
}: {
  name: string;
  image?: ResponsiveImageData | null;
  /** How wide the photo is drawn (its sizes attribute). */
  sizes: string;
  priority?: boolean;
}) {
  return (
    <div className="card__media">
      {image ? (
        <ResponsiveImage
          image={image}
          alt={name}
          sizes={sizes}
          fallbackSize={priority ? MAIN_IMAGE_BOX : CARD_IMAGE_BOX}
          priority={priority}
        />
      ) : (
        <div className="card__placeholder" role="img" aria-label={`${name} (no photo yet)`}>
          {name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <span className="badge">New</span>
    </div>
  );
}
