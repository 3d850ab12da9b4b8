import { useLocation, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { getFragmentData, graphql } from "@/lib/gql";
import { ResponsiveImageFragment } from "@/ui/ResponsiveImage";
import { formatPrice } from "@/ui/format";
import { idOfSlug, productPath } from "@/features/catalogue/paths";
import { recordFallback } from "./RecordFallback";
import { JsonLd } from "@/features/catalogue/JsonLd";
import { useOrigin } from "@/lib/page/origin";
import { productJsonLd } from "@/features/catalogue/structuredData";
import { Breadcrumbs } from "./Breadcrumbs";
import { SHOP_NAME } from "@/lib/page/pageHead";
import { usePageHead } from "@/lib/page/usePageHead";
import { ProductFacts, ProductMedia } from "@/features/catalogue/ProductCard";
import "@/features/catalogue/ProductCard.css";
import "./PartPage.css";

export const ProductPageDocument = graphql(`
  query ProductPage($id: ID!) {
    product(id: $id) {
      id
      databaseId
      slug
      name
      img
      image {
        ...ResponsiveImage_image
      }
      price
      availableQuantity
      minQuantity
      description
    }
  }
`);

/** The product's photo spans the page's container (at most 1180 px less its 1.5 rem paddings). */
const PRODUCT_IMAGE_SIZES = "(min-width: 1180px) 1132px, calc(100vw - 32px)";

/** A new arrival's public page (/products/{slug}); an unknown one is the 404 page. */
export function ProductPage() {
  const { productSlug: slug = "" } = useParams();
  const { search, hash } = useLocation();
  const id = idOfSlug(slug);
  const origin = useOrigin();
  const { data, loading, error, refetch } = useQuery(ProductPageDocument, { variables: { id: id ?? "" }, skip: !id });
  const shown = data?.product && data.product.slug === slug ? data.product : null;
  usePageHead(
    shown && {
      title: shown.name,
      description: shown.description
        ? `${shown.name}: ${shown.description}`
        : `${shown.name}, a new arrival at ${SHOP_NAME}.`,
      path: productPath(shown.slug),
      image: shown.img,
      type: "product",
    },
  );
  const fallback = recordFallback({
    id,
    slug,
    found: data?.product,
    loading,
    error,
    retry: () => void refetch().catch(() => undefined),
    what: "product",
    pathOf: productPath,
    search,
    hash,
  });
  const product = data?.product;
  if (fallback || !product) return fallback;
  const available = product.availableQuantity != null && product.availableQuantity >= (product.minQuantity ?? 1);
  return (
    <div className="container page part-page">
      <JsonLd
        data={productJsonLd(origin, {
          name: product.name,
          description: product.description ?? product.name,
          path: productPath(product.slug),
          image: product.img,
          sku: product.databaseId,
          price: product.price,
          availability: available ? "InStock" : "OutOfStock",
          rating: null,
          reviewCount: 0,
          reviews: [],
        })}
      />
      <Breadcrumbs
        trail={[
          { name: "Home", path: "/" },
          { name: "New arrivals", path: "/#new-arrivals" },
          { name: product.name, path: productPath(product.slug) },
        ]}
      />
      <article className="card product-details">
        <ProductMedia
          name={product.name}
          image={getFragmentData(ResponsiveImageFragment, product.image)}
          sizes={PRODUCT_IMAGE_SIZES}
          priority
        />
        <div className="card__body">
          <h1 className="part-summary__name">{product.name}</h1>
          {product.price != null && <p className="price price--large">{formatPrice(product.price)}</p>}
          <ProductFacts availableQuantity={product.availableQuantity} minQuantity={product.minQuantity} />
          {product.description && <p className="card__text">{product.description}</p>}
          <p className="product-details__note">
            A new arrival: it comes to the parts catalogue when it can be reserved.
          </p>
        </div>
      </article>
    </div>
  );
}
