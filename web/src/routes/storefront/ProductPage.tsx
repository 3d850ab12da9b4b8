import { Link, useLocation, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql";
import { apiUrl } from "../../apiUrl";
import { errorCode } from "../../apollo/errors";
import { formatPrice } from "../../ui/format";
import { Spinner } from "../../ui/Spinner";
import { ErrorState } from "../../ui/QueryStates";
import { HttpStatus, MovedTo } from "../../ssr/PageResponse";
import { NotFoundPage } from "../notFound/NotFoundPage";
import { idOfSlug, productPath } from "./paths";
import { JsonLd } from "./JsonLd";
import { breadcrumbJsonLd, productJsonLd } from "./structuredData";
import { SHOP_NAME, usePageHead } from "./usePageHead";
import "../home/ProductCard.css";
import "./PartPage.css";

export const ProductPageDocument = graphql(`
  query ProductPage($id: ID!) {
    product(id: $id) {
      id
      databaseId
      slug
      name
      img
      price
      availableQuantity
      minQuantity
      description
    }
  }
`);

/** A new arrival's public page (/products/{slug}); an unknown one is the 404 page. */
export function ProductPage() {
  const { slug = "" } = useParams();
  const { search, hash } = useLocation();
  const id = idOfSlug(slug);
  const { data, loading, error, refetch } = useQuery(ProductPageDocument, { variables: { id: id ?? "" }, skip: !id });
  const shown = data?.product && data.product.slug === slug ? data.product : null;
  usePageHead(
    shown && {
      title: shown.name,
      description: shown.description ? `${shown.name}: ${shown.description}` : `${shown.name}, a new arrival at ${SHOP_NAME}.`,
      path: productPath(shown.slug),
      image: shown.img,
      type: "product",
    },
  );
  if (!id) return <NotFoundPage />;
  if (!data && loading) return <Spinner label="Loading the product…" />;
  const product = data?.product;
  if (!product) {
    if (errorCode(error) === "NOT_FOUND" || errorCode(error) === "BAD_USER_INPUT") return <NotFoundPage />;
    return (
      <div className="container page">
        <HttpStatus code={503} />
        <ErrorState error={error} onRetry={() => void refetch().catch(() => undefined)} title="Could not load this product" />
      </div>
    );
  }
  if (slug !== product.slug) return <MovedTo to={`${productPath(product.slug)}${search}${hash}`} />;
  const origin = window.location.origin;
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
      <JsonLd
        data={breadcrumbJsonLd(origin, [
          { name: "Home", path: "/" },
          { name: "New arrivals", path: "/#new-arrivals" },
          { name: product.name, path: productPath(product.slug) },
        ])}
      />
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/#new-arrivals">New arrivals</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <article className="card product-details">
        <div className="card__media">
          {product.img ? (
            <img src={apiUrl(product.img)} alt={product.name} width="600" height="390" fetchPriority="high" />
          ) : (
            <div className="card__placeholder" role="img" aria-label={`${product.name} (no photo yet)`}>
              {product.name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <span className="badge">New</span>
        </div>
        <div className="card__body">
          <h1 className="part-summary__name">{product.name}</h1>
          {product.price != null && <p className="price price--large">{formatPrice(product.price)}</p>}
          <dl className="facts">
            {product.availableQuantity != null && (
              <div>
                <dt>Available</dt>
                <dd>{product.availableQuantity}</dd>
              </div>
            )}
            {product.minQuantity != null && (
              <div>
                <dt>Minimum order</dt>
                <dd>{product.minQuantity}</dd>
              </div>
            )}
          </dl>
          {product.description && <p className="card__text">{product.description}</p>}
          <p className="product-details__note">A new arrival: it comes to the parts catalogue when it can be reserved.</p>
        </div>
      </article>
    </div>
  );
}
