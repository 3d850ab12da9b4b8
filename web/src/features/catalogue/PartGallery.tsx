import { useState } from "react";
import { ResponsiveImage, type ResponsiveImageData } from "@/ui/ResponsiveImage";
import { MAIN_IMAGE_BOX } from "@/ui/imageSizes";
import "./PartGallery.css";

/** One of a part's images as PartSummary_part reads it (GraphQL's PartImage). */
export interface GalleryImage extends ResponsiveImageData {
  id: string;
  alt: string;
}

/** The thumbnails' width in CSS pixels (PartGallery.css); 16:10 like the main image. */
const THUMB_BOX = { width: 72, height: 45 };

/**
 * A part's images on its page: the chosen one large (loaded first: it is above the fold), and,
 * when there are several, a row of thumbnails that choose it. Each thumbnail is a button named
 * by its image's alt text and pressed while its image is shown, so a keyboard (Tab, then Enter
 * or Space) and a screen reader choose as a pointer does.
 */
export function PartGallery({
  name,
  images,
  img,
  sizes,
}: {
  /** The part's name: the alt text of an image its admin described with none. */
  name: string;
  images: readonly GalleryImage[];
  /** The part's img, shown should images be empty (the API lists img as the first of them). */
  img: string;
  /** How wide the main image is drawn on this page (its sizes attribute). */
  sizes: string;
}) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const shown = images.find((image) => image.id === chosenId) ?? images[0];
  const altOf = (image: GalleryImage) =>
    image.alt || (images.length > 1 ? `${name}, image ${images.indexOf(image) + 1}` : name);
  return (
    // Answered in plain script until the page's island starts (galleryScript.ts).
    <div className="part-gallery" data-plain="gallery">
      <div className="card__media">
        <ResponsiveImage
          // A new <picture> for a new image: the browser chooses among the new sources at once.
          key={shown?.id ?? img}
          image={shown ?? { url: img }}
          alt={shown ? altOf(shown) : name}
          sizes={sizes}
          fallbackSize={MAIN_IMAGE_BOX}
          priority
        />
      </div>
      {images.length > 1 && (
        <ul className="part-gallery__thumbs" aria-label={`Images of ${name}`}>
          {images.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                className="part-gallery__thumb"
                aria-pressed={image === shown}
                onClick={() => setChosenId(image.id)}
              >
                <ResponsiveImage
                  image={image}
                  alt={altOf(image)}
                  sizes={`${THUMB_BOX.width}px`}
                  fallbackSize={THUMB_BOX}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
