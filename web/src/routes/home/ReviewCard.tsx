import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import { ResponsiveImage, ResponsiveImageFragment } from "@/ui/ResponsiveImage";
import { Stars } from "@/ui/Stars";
import "./ReviewCard.css";

export const ReviewCardFragment = graphql(`
  fragment ReviewCard_review on Review {
    id
    name
    ratings
    description
    image {
      ...ResponsiveImage_image
    }
  }
`);

export function ReviewCard(props: { review: FragmentType<typeof ReviewCardFragment> }) {
  const review = getFragmentData(ReviewCardFragment, props.review);
  return (
    <figure className="card review-card">
      <figcaption className="review-card__author">
        <ResponsiveImage
          image={getFragmentData(ResponsiveImageFragment, review.image)}
          alt={`Photo from ${review.name}`}
          sizes="56px"
          fallbackSize={{ width: 56, height: 56 }}
          className="review-card__photo"
        />
        <div>
          <p className="review-card__name">{review.name}</p>
          <Stars rating={review.ratings} />
        </div>
      </figcaption>
      <blockquote className="review-card__text">
        <p>{review.description}</p>
      </blockquote>
    </figure>
  );
}
