import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { useAuth } from "@/lib/auth/AuthContext";
import { usePublicConfig } from "@/lib/config/PublicConfig";
import { FormField, fieldAria } from "@/ui/FormField";
import { useToast } from "@/ui/toast";
import { uploadImage } from "./uploadImage";
import "./AddReviewPage.css";

export const AddReviewDocument = graphql(`
  mutation AddReview($input: AddReviewInput!) {
    addReview(input: $input) {
      id
      name
      ratings
      description
      img
    }
  }
`);

/** The part a review is about, when the page is opened from a part (?part=<id>). */
export const ReviewedPartDocument = graphql(`
  query ReviewedPart($id: ID!) {
    part(id: $id) {
      id
      databaseId
      name
    }
  }
`);

export const REVIEW_MESSAGES = {
  name: "Name is Required",
  ratings: "Rating is Required",
  description: "Description is Required",
  image: "Image is Required",
};

interface ReviewValues {
  name: string;
  ratings: string;
  description: string;
  image: FileList | null;
}

const required = (message: string) => (value: string) => value.trim().length > 0 || message;
/** The server's own words: a rating is a whole number of stars, never rounded here (3.5 was sent as 4). */
const WHOLE_STARS = "Rating must be a whole number from 1 to 5";
const wholeStars = (value: string) => Number.isInteger(Number(value.trim())) || WHOLE_STARS;

export function AddReviewPage() {
  const { user } = useAuth();
  const { config } = usePublicConfig();
  const toast = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [params] = useSearchParams();
  const partParam = params.get("part")?.trim() ?? "";
  const reviewed = useQuery(ReviewedPartDocument, { variables: { id: partParam }, skip: !partParam });
  const reviewedPart = partParam ? (reviewed.data?.part ?? null) : null;
  const [addReview] = useMutation(AddReviewDocument, {
    // The home page lists reviews: drop the cached list so it shows the new one (and a part's
    // rating, where the review is about a part).
    update(cache, _result, { variables }) {
      cache.evict({ id: "ROOT_QUERY", fieldName: "reviews" });
      if (variables?.input.partId) {
        cache.evict({ id: "ROOT_QUERY", fieldName: "parts" });
        cache.evict({ id: "ROOT_QUERY", fieldName: "part" });
      }
      cache.gc();
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewValues>({
    defaultValues: { name: user?.displayName ?? "", ratings: "", description: "", image: null },
  });

  // A data: URL (not blob:) so the preview also works under a strict img-src policy.
  const files = watch("image");
  const file = files && files.length > 0 ? files[0] : null;
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    let active = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (active && typeof reader.result === "string") setPreview(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      active = false;
      reader.abort();
    };
  }, [file]);

  const onSubmit = async (values: ReviewValues) => {
    const image = values.image?.[0];
    if (!image) return;
    setFailure(null);
    setProgress(0);
    try {
      if (!config) throw new Error("The upload service is not available right now.");
      const img = await uploadImage(image, { uploadUrl: config.imageUploadUrl, onProgress: setProgress });
      const input = {
        name: values.name.trim(),
        ratings: Number(values.ratings.trim()),
        description: values.description.trim(),
        img,
      };
      await addReview({ variables: { input: reviewedPart ? { ...input, partId: reviewedPart.databaseId } : input } });
      toast.success("Review added successfully");
      reset({ name: values.name, ratings: "", description: "", image: null });
      setProgress(null);
    } catch (error) {
      toast.error("Failed to add Review");
      setFailure(error instanceof Error ? error.message : String(error));
      setProgress(null);
    }
  };

  return (
    <div className="dashboard-page">
      <h1>Add a review</h1>
      {partParam && reviewedPart && (
        <p className="notice notice--info" data-testid="reviewed-part">
          Your review of <strong>{reviewedPart.name}</strong>.{" "}
          <Link to="/dashboard/add_review">Review the shop instead</Link>
        </p>
      )}
      {partParam && !reviewedPart && reviewed.error && (
        <p className="notice notice--warning">
          That part was not found: this review will be about the shop. <Link to="/parts">Find the part</Link>
        </p>
      )}
      <form className="card form-card" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField id="review-name" label="Name" error={errors.name?.message}>
          <input
            id="review-name"
            type="text"
            autoComplete="name"
            {...register("name", { validate: required(REVIEW_MESSAGES.name) })}
            {...fieldAria("review-name", errors.name?.message)}
          />
        </FormField>
        <FormField id="review-ratings" label="Ratings" error={errors.ratings?.message}>
          <input
            id="review-ratings"
            type="number"
            inputMode="numeric"
            placeholder="1 to 5"
            {...register("ratings", { validate: { required: required(REVIEW_MESSAGES.ratings), wholeStars } })}
            {...fieldAria("review-ratings", errors.ratings?.message)}
          />
        </FormField>
        <FormField id="review-description" label="Description" error={errors.description?.message}>
          <textarea
            id="review-description"
            rows={4}
            {...register("description", { validate: required(REVIEW_MESSAGES.description) })}
            {...fieldAria("review-description", errors.description?.message)}
          />
        </FormField>
        <FormField id="review-image" label="Image" error={errors.image?.message}>
          <input
            id="review-image"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            {...register("image", { validate: (list) => (list != null && list.length > 0) || REVIEW_MESSAGES.image })}
            {...fieldAria("review-image", errors.image?.message)}
          />
        </FormField>
        {preview && <img src={preview} alt="Preview of the chosen image" className="upload-preview" />}
        {progress !== null && (
          <div className="upload-progress">
            <label htmlFor="review-upload-progress">Uploading image: {progress}%</label>
            <progress id="review-upload-progress" max={100} value={progress} />
          </div>
        )}
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary"
          disabled={isSubmitting || (Boolean(partParam) && reviewed.loading)}
        >
          {isSubmitting ? "Adding review…" : "Add review"}
        </button>
      </form>
    </div>
  );
}
