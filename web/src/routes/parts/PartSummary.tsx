import { graphql, getFragmentData, type FragmentType } from "../../gql";
import { apiUrl } from "../../apiUrl";
import { formatPrice } from "../../ui/format";
import "./PartSummary.css";

export const PartSummaryFragment = graphql(`
  fragment PartSummary_part on Part {
    id
    name
    img
    price
    available
    minOrderQuantity
    shortDesc
  }
`);

export function PartSummary(props: { part: FragmentType<typeof PartSummaryFragment> }) {
  const part = getFragmentData(PartSummaryFragment, props.part);
  return (
    <article className="card part-summary">
      <div className="card__media">
        <img src={apiUrl(part.img)} alt={part.name} width="600" height="390" />
      </div>
      <div className="card__body">
        <h1 className="part-summary__name">{part.name}</h1>
        <p className="price price--large">{formatPrice(part.price)}</p>
        <dl className="facts">
          <div>
            <dt>Available</dt>
            <dd data-testid="part-available">{part.available}</dd>
          </div>
          <div>
            <dt>Minimum order</dt>
            <dd>{part.minOrderQuantity}</dd>
          </div>
        </dl>
        <p className="card__text">{part.shortDesc}</p>
      </div>
    </article>
  );
}
