import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { ResponsiveImage, ResponsiveImageFragment } from "@/ui/ResponsiveImage";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { Stars } from "@/ui/Stars";
import { formatDay } from "./formatDay";

export const PartReviewFragment = graphql(`
  fragment PartReview_review on Review {
    id
    name
    ratings
    description
    image {
      ...ResponsiveImage_image
    }
    createdAt
  }
`);

interface Props {
  reviews: {
    edges: ReadonlyArray<{ node: FragmentType<typeof PartReviewFragment> & { id: string } }>;
    pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  };
  onLoadMore: (after: string) => Promise<unknown>;
}

/** A part's reviews, newest first: stars, words and the reviewer's image. */
export function PartReviews({ reviews, onLoadMore }: Props) {
  return (
    <section className="part-page__section" aria-labelledby="part-reviews-heading">
      <h2 id="part-reviews-heading">Reviews</h2>
      {reviews.edges.length === 0 ? (
        <p className="part-page__empty">No reviews of this part yet.</p>
      ) : (
        <>
          <ul className="part-reviews">
            {reviews.edges.map(({ node }) => (
              <PartReview key={node.id} review={node} />
            ))}
          </ul>
          <LoadMoreButton pageInfo={reviews.pageInfo} label="More reviews" onLoadMore={onLoadMore} />
        </>
      )}
    </section>
  );
}

function PartReview(props: { review: FragmentType<typeof PartReviewFragment> }) {
  const review = getFragmentData(PartReviewFragment, props.review);
  return (
    <li className="card part-review">
      <ResponsiveImage
        image={getFragmentData(ResponsiveImageFragment, review.image)}
        alt={`Image from ${review.name}`}
        sizes="72px"
        fallbackSize={{ width: 72, height: 72 }}
        className="part-review__image"
      />
      <div className="part-review__body">
        <p className="part-review__meta">
          <span className="part-review__name">{review.name}</span>
          <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
        </p>
        <Stars rating={review.ratings} />
        <p className="part-review__text">{review.description}</p>
      </div>
    </li>
  );
}
