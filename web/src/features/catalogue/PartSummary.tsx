import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { Stars } from "@/ui/Stars";
import { catalogueHref } from "./catalogueSearch";
import { PartGallery } from "./PartGallery";
import "./PartSummary.css";
import { ShownPrice } from "./ShownPrice";

export const PartSummaryFragment = graphql(`
  fragment PartSummary_part on Part {
    id
    databaseId
    name
    partNumber
    alternativeNumbers
    img
    images {
      id
      alt
      url
      width
      height
      srcset
      sources {
        mime
        srcset
      }
    }
    price
    shownPrice
    available
    minOrderQuantity
    shortDesc
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
 * A part as its page and its reservation page show it: its images, price, stock, numbers and the
 * laptops it fits. `imageSizes` is how wide its main image is drawn in the page's layout.
 */
export function PartSummary(props: { part: FragmentType<typeof PartSummaryFragment>; imageSizes: string }) {
  const part = getFragmentData(PartSummaryFragment, props.part);
  return (
    <article className="card part-summary">
      <PartGallery name={part.name} images={part.images} img={part.img} sizes={props.imageSizes} />
      <div className="card__body">
        <h1 className="part-summary__name">{part.name}</h1>
        <ShownPrice price={part.shownPrice} className="price price--large" />
        {part.rating != null && (
          <p className="part-summary__rating">
            <Stars rating={part.rating} />
            <span>
              {part.rating.toFixed(1)} ({part.reviewCount} {part.reviewCount === 1 ? "review" : "reviews"})
            </span>
          </p>
        )}
        <dl className="facts">
          <div>
            <dt>Available</dt>
            <dd data-testid="part-available">{part.available}</dd>
          </div>
          <div>
            <dt>Minimum order</dt>
            <dd>{part.minOrderQuantity}</dd>
          </div>
          <div>
            <dt>Part number</dt>
            <dd data-testid="part-number">{part.partNumber}</dd>
          </div>
          {part.alternativeNumbers.length > 0 && (
            <div>
              <dt>Replaces</dt>
              <dd data-testid="part-alternative-numbers">{part.alternativeNumbers.join(", ")}</dd>
            </div>
          )}
        </dl>
        <p className="card__text">{part.shortDesc}</p>
        <section className="part-summary__fits" aria-labelledby="part-fits-heading">
          <h2 id="part-fits-heading" className="part-summary__fits-heading">
            Fits these laptops
          </h2>
          {part.compatibleModels.length === 0 ? (
            <p className="card__text">No laptop models are listed for this part yet.</p>
          ) : (
            <ul className="part-summary__models">
              {part.compatibleModels.map((model) => (
                <li key={model.id}>
                  <Link
                    to={catalogueHref({ brand: model.brand, model: model.model })}
                    title={`Parts for the ${model.name}`}
                  >
                    {model.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <p className="part-summary__review">
          <Link to={`/dashboard/add_review?part=${encodeURIComponent(part.databaseId)}`}>
            Write a review of this part
          </Link>
        </p>
      </div>
    </article>
  );
}
