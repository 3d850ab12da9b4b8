import { useEffect, useRef, useState, type DragEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { getFragmentData, graphql, type FragmentType } from "@/lib/gql";
import { errorMessage } from "@/lib/apollo/errors";
import { usePublicConfig } from "@/lib/config/PublicConfig";
import { FormField, fieldAria } from "@/ui/FormField";
import { ResponsiveImage } from "@/ui/ResponsiveImage";
import { useToast } from "@/ui/toast";
import { uploadImage } from "@/routes/dashboard/uploadImage";
import { ALT_TOO_LONG_MESSAGE, altTextProblem, MAX_PART_IMAGES, TOO_MANY_IMAGES_MESSAGE } from "@part-rules";
import { IMAGE_TYPES } from "../PhotoUpload";
import "./PartImages.css";

export const PartImagesFragment = graphql(`
  fragment PartImages_part on Part {
    id
    name
    img
    images {
      id
      position
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
  }
`);

export const AddPartImageDocument = graphql(`
  mutation AddPartImage($partId: ID!, $input: AddPartImageInput!) {
    addPartImage(partId: $partId, input: $input) {
      id
      ...PartImages_part
    }
  }
`);

export const ReorderPartImagesDocument = graphql(`
  mutation ReorderPartImages($partId: ID!, $imageIds: [ID!]!) {
    reorderPartImages(partId: $partId, imageIds: $imageIds) {
      id
      ...PartImages_part
    }
  }
`);

export const SetPartImageAltDocument = graphql(`
  mutation SetPartImageAlt($imageId: ID!, $alt: String!) {
    setPartImageAlt(imageId: $imageId, alt: $alt) {
      id
      ...PartImages_part
    }
  }
`);

export const RemovePartImageDocument = graphql(`
  mutation RemovePartImage($imageId: ID!) {
    removePartImage(imageId: $imageId) {
      id
      ...PartImages_part
    }
  }
`);

/** The server's limits and words (graph's part rules), checked here before anything is sent. */
export { MAX_PART_IMAGES };
export const TOO_MANY_IMAGES = TOO_MANY_IMAGES_MESSAGE;
export const ALT_TOO_LONG = ALT_TOO_LONG_MESSAGE;
const WEB_URL = /^https?:\/\/\S+$/i;

type PartImage = { id: string; alt: string };

/** How buttons and questions name an image: its place, and its alt text when it has one (shortened). */
export function imageName(index: number, alt: string): string {
  const short = [...alt].length > 40 ? `${[...alt].slice(0, 39).join("")}…` : alt;
  return short ? `image ${index + 1} (${short})` : `image ${index + 1}`;
}

/** The confirmation asked before removing an image. */
export const removeQuestion = (index: number, alt: string, partName: string) =>
  `Remove ${imageName(index, alt)} from ${partName}? Its page will no longer show it.`;

/** The ids in a new order: the one at `from` moved to `to`. */
function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

interface Upload {
  key: number;
  name: string;
  /** Percent uploaded; null once the image is being added to the part. */
  percent: number | null;
  error?: string;
}

/**
 * A part's images on its edit page: in order (the first is its main image, on its card), each with
 * its alt text, moved by drag and drop or by buttons, removed after a confirmation (never the
 * last: a part needs one); new ones dropped or chosen as files (uploaded, then added in the order
 * given) or given by URL.
 */
export function PartImages(props: { part: FragmentType<typeof PartImagesFragment> }) {
  const part = getFragmentData(PartImagesFragment, props.part);
  const images = part.images;
  const toast = useToast();
  const { config } = usePublicConfig();
  // Each change is an entry in the part's history, which the edit page shows beside.
  const inHistory = { refetchQueries: ["PartHistory"] };
  const [addImage] = useMutation(AddPartImageDocument, inHistory);
  const [reorderImages] = useMutation(ReorderPartImagesDocument, inHistory);
  const [setImageAlt] = useMutation(SetPartImageAltDocument, inHistory);
  const [removeImage] = useMutation(RemovePartImageDocument, inHistory);

  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  /** The alt texts being typed, by image id (absent: the saved one is shown). */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [altErrors, setAltErrors] = useState<Record<string, string>>({});
  const [altSaved, setAltSaved] = useState<string | null>(null);
  const altSaving = useRef(new Map<string, string>());
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [filesOver, setFilesOver] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [url, setUrl] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [addingUrl, setAddingUrl] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: "earlier" | "later" } | null>(null);
  /** Files are uploaded and added one after another, so the part gets them in the order given. */
  const queue = useRef<Promise<void>>(Promise.resolve());
  const queued = useRef(0);
  const uploadKey = useRef(0);
  const imageCount = useRef(images.length);
  imageCount.current = images.length;

  // A moved image keeps the keyboard's focus: on the button used, or the other one at either end.
  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, direction } = focusAfterMove;
    const index = images.findIndex((image) => image.id === id);
    const atEnd = direction === "earlier" ? index === 0 : index === images.length - 1;
    const other = direction === "earlier" ? "later" : "earlier";
    buttons.current.get(`${id}:${atEnd ? other : direction}`)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, images]);

  const buttonRef = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  const move = async (from: number, to: number, viaButton?: "earlier" | "later") => {
    if (busy || to < 0 || to >= images.length || from === to) return;
    const image = images[from];
    setBusy(true);
    try {
      await reorderImages({
        variables: {
          partId: part.id,
          imageIds: moved(
            images.map((each) => each.id),
            from,
            to,
          ),
        },
      });
      setAnnouncement(
        `${imageName(from, image.alt)} is now image ${to + 1} of ${images.length}${to === 0 ? ", the main image" : ""}`,
      );
      if (viaButton) setFocusAfterMove({ id: image.id, direction: viaButton });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (image: PartImage, index: number) => {
    if (busy || !window.confirm(removeQuestion(index, image.alt, part.name))) return;
    setBusy(true);
    try {
      await removeImage({ variables: { imageId: image.id } });
      toast.success(`Removed ${imageName(index, image.alt)} from ${part.name}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const forgetDraft = (id: string) => setDrafts(({ [id]: _dropped, ...rest }) => rest);

  const saveAlt = async (image: PartImage) => {
    const draft = drafts[image.id];
    if (draft === undefined) return;
    const alt = draft.trim();
    if (alt === image.alt) {
      forgetDraft(image.id);
      return;
    }
    if (altTextProblem(alt)) {
      setAltErrors((errors) => ({ ...errors, [image.id]: ALT_TOO_LONG }));
      return;
    }
    // Enter then leaving the field: the same text is sent once.
    if (altSaving.current.get(image.id) === alt) return;
    altSaving.current.set(image.id, alt);
    try {
      await setImageAlt({ variables: { imageId: image.id, alt } });
      setDrafts(({ [image.id]: typed, ...rest }) => (typed?.trim() === alt ? rest : { ...rest, [image.id]: typed }));
      setAltSaved(image.id);
    } catch (error) {
      setAltErrors((errors) => ({ ...errors, [image.id]: errorMessage(error) }));
    } finally {
      altSaving.current.delete(image.id);
    }
  };

  const typeAlt = (id: string, value: string) => {
    setDrafts((current) => ({ ...current, [id]: value }));
    setAltErrors(({ [id]: _cleared, ...rest }) => rest);
    if (altSaved === id) setAltSaved(null);
  };

  const updateUpload = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const fail = (key: number, name: string, message: string) => {
    updateUpload(key, { error: message, percent: null });
    toast.error(`Could not add ${name}: ${message}`);
  };

  const uploadAndAdd = async (file: File, key: number) => {
    try {
      if (!config) throw new Error("The upload service is not available right now.");
      const uploaded = await uploadImage(file, {
        uploadUrl: config.imageUploadUrl,
        onProgress: (percent) => updateUpload(key, { percent }),
      });
      updateUpload(key, { percent: null });
      await addImage({ variables: { partId: part.id, input: { url: uploaded } } });
      setUploads((current) => current.filter((upload) => upload.key !== key));
      toast.success(`Added ${file.name} to ${part.name}`);
    } catch (error) {
      fail(key, file.name, errorMessage(error));
    }
  };

  const addFiles = (files: File[]) => {
    // Failures of an earlier batch make way for this one's progress.
    setUploads((current) => current.filter((upload) => !upload.error));
    for (const file of files) {
      const key = (uploadKey.current += 1);
      setUploads((current) => [...current, { key, name: file.name, percent: 0 }]);
      if (imageCount.current + queued.current >= MAX_PART_IMAGES) {
        fail(key, file.name, TOO_MANY_IMAGES);
        continue;
      }
      queued.current += 1;
      queue.current = queue.current
        .then(() => uploadAndAdd(file, key))
        .finally(() => {
          queued.current -= 1;
        });
    }
  };

  const addByUrl = async () => {
    const address = url.trim();
    if (!WEB_URL.test(address)) {
      setUrlError("Image URL must be an http(s) URL, like https://example.com/photo.jpg");
      return;
    }
    if (images.length >= MAX_PART_IMAGES) {
      setUrlError(TOO_MANY_IMAGES);
      return;
    }
    setAddingUrl(true);
    setUrlError(null);
    try {
      await addImage({ variables: { partId: part.id, input: { url: address } } });
      setUrl("");
      toast.success(`Added the image at ${address} to ${part.name}`);
    } catch (error) {
      setUrlError(errorMessage(error));
    } finally {
      setAddingUrl(false);
    }
  };

  const onImageDrop = (event: DragEvent, index: number) => {
    if (!dragged) return;
    event.preventDefault();
    const from = images.findIndex((image) => image.id === dragged);
    setDragged(null);
    setDropTarget(null);
    if (from >= 0) void move(from, index);
  };

  const room = MAX_PART_IMAGES - images.length;

  return (
    <section className="card part-images" aria-labelledby="part-images-heading">
      <h2 id="part-images-heading">Images</h2>
      <p className="field__hint">
        The first is the main image, on the part&apos;s card and first on its page. Drag an image, or use its Move
        buttons, to change the order. Alt text says what an image shows to those who cannot see it; it is saved when you
        leave its field or press Enter.
      </p>
      <ol className="part-images__list">
        {images.map((image, index) => {
          const name = imageName(index, image.alt);
          const altId = `part-image-alt-${image.id}`;
          const altError = altErrors[image.id];
          return (
            <li
              key={image.id}
              className={[
                "part-images__item",
                dragged === image.id ? "is-dragged" : "",
                dropTarget === image.id && dragged !== image.id ? "is-drop-target" : "",
              ]
                .filter(Boolean)
                .join(" ")}
              data-testid="part-image"
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                setDropTarget(image.id);
              }}
              onDragLeave={() => setDropTarget((target) => (target === image.id ? null : target))}
              onDrop={(event) => onImageDrop(event, index)}
            >
              <div
                className="part-images__handle"
                draggable={!busy}
                title="Drag to change the order"
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", name);
                  setDragged(image.id);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setDropTarget(null);
                }}
              >
                <ResponsiveImage
                  image={image}
                  alt={image.alt}
                  sizes="96px"
                  fallbackSize={{ width: 96, height: 96 }}
                  className="part-images__thumb"
                />
                <span className="part-images__number">
                  Image {index + 1}
                  {index === 0 && <span className="badge badge--info">Main image</span>}
                </span>
              </div>
              <div className="part-images__details">
                <div className={altError ? "field field--invalid" : "field"}>
                  <label htmlFor={altId} className="field__label">
                    Alt text of image {index + 1}
                  </label>
                  <input
                    id={altId}
                    type="text"
                    value={drafts[image.id] ?? image.alt}
                    placeholder="What the image shows"
                    onChange={(event) => typeAlt(image.id, event.target.value)}
                    onBlur={() => void saveAlt(image)}
                    onKeyDown={(event) => {
                      if (event.key !== "Enter") return;
                      event.preventDefault();
                      void saveAlt(image);
                    }}
                    {...fieldAria(altId, altError)}
                  />
                  {altError && (
                    <p className="field-error" id={`${altId}-error`} role="alert">
                      {altError}
                    </p>
                  )}
                  {altSaved === image.id && !altError && (
                    <p className="field__hint" role="status">
                      Alt text saved
                    </p>
                  )}
                </div>
                <div className="part-images__actions">
                  <button
                    type="button"
                    ref={buttonRef(`${image.id}:earlier`)}
                    className="btn btn--outline btn--small"
                    aria-label={`Move earlier: ${name}`}
                    disabled={index === 0}
                    onClick={() => void move(index, index - 1, "earlier")}
                  >
                    Move earlier
                  </button>
                  <button
                    type="button"
                    ref={buttonRef(`${image.id}:later`)}
                    className="btn btn--outline btn--small"
                    aria-label={`Move later: ${name}`}
                    disabled={index === images.length - 1}
                    onClick={() => void move(index, index + 1, "later")}
                  >
                    Move later
                  </button>
                  {images.length > 1 ? (
                    <button
                      type="button"
                      className="btn btn--danger btn--small"
                      aria-label={`Remove: ${name}`}
                      onClick={() => void remove(image, index)}
                    >
                      Remove
                    </button>
                  ) : (
                    <p className="small part-images__last">
                      The only image: a part needs at least one, so add another before removing this one.
                    </p>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <h3 className="part-images__subheading">Add images</h3>
      <div
        className={filesOver ? "part-images__dropzone is-over" : "part-images__dropzone"}
        data-testid="part-images-dropzone"
        onDragEnter={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setFilesOver(true);
        }}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFilesOver(false);
        }}
        onDrop={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setFilesOver(false);
          addFiles([...event.dataTransfer.files]);
        }}
      >
        <p>Drop image files here, or</p>
        <button type="button" className="btn btn--outline" onClick={() => fileInput.current?.click()}>
          Choose files
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={IMAGE_TYPES}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Image files to add"
          onChange={(event) => {
            addFiles([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        <p className="field__hint">
          PNG, JPEG, WebP or GIF, several at once; added at the end, in the order given.{" "}
          {room > 0
            ? `Room for ${room} more (at most ${MAX_PART_IMAGES} a part).`
            : `The part has the most it may have (${MAX_PART_IMAGES}).`}
        </p>
      </div>
      {uploads.length > 0 && (
        <ul className="part-images__uploads" aria-label="Images being added">
          {uploads.map((upload) => (
            <li key={upload.key}>
              <span className="part-images__file">{upload.name}</span>
              {upload.error ? (
                <>
                  <span className="field-error">{upload.error}</span>
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    aria-label={`Dismiss: ${upload.name}`}
                    onClick={() => setUploads((current) => current.filter((each) => each.key !== upload.key))}
                  >
                    Dismiss
                  </button>
                </>
              ) : upload.percent === null ? (
                <span className="small">Adding to the part…</span>
              ) : (
                <progress max={100} value={upload.percent} aria-label={`Uploading ${upload.name}`}>
                  {upload.percent}%
                </progress>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="part-images__url"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void addByUrl();
        }}
      >
        <FormField
          id="part-image-url"
          label="Add by URL"
          error={urlError ?? undefined}
          hint="The http(s) address of an image elsewhere"
        >
          <input
            id="part-image-url"
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setUrlError(null);
            }}
            {...fieldAria("part-image-url", urlError ?? undefined)}
          />
        </FormField>
        <button type="submit" className="btn btn--outline" disabled={addingUrl}>
          {addingUrl ? "Adding…" : "Add image"}
        </button>
      </form>
    </section>
  );
}
