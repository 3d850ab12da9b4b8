import { onStepAside, plainTarget } from "@/lib/islands/plain";

/**
 * A part page's gallery in plain script (PartGallery's markup, `data-plain="gallery"`): a
 * thumbnail shows its image as the main one at once, with no React. The thumbnail holds the
 * same image in the same sizes and formats, so its <picture> drawn at the main image's size is
 * the main image.
 */
const MAIN = ".card__media";
const THUMB = ".part-gallery__thumb";

let serverMain: { media: HTMLElement; node: Element } | null = null;
let chosen: HTMLElement | null = null;

/** The thumbnail's image made the main one: the main image's sizes, box (when the image has none of its own) and priority. */
function mainImageFrom(thumb: HTMLElement, current: Element): Element | null {
  const image = thumb.firstElementChild?.cloneNode(true);
  if (!(image instanceof Element)) return null;
  const currentImg = current instanceof HTMLImageElement ? current : current.querySelector("img");
  const img = image instanceof HTMLImageElement ? image : image.querySelector("img");
  if (!img || !currentImg) return null;
  const sizes = currentImg.getAttribute("sizes");
  for (const sized of image.querySelectorAll("source")) if (sizes) sized.setAttribute("sizes", sizes);
  if (sizes && img.hasAttribute("sizes")) img.setAttribute("sizes", sizes);
  if (!img.srcset) {
    img.setAttribute("width", currentImg.getAttribute("width") ?? "");
    img.setAttribute("height", currentImg.getAttribute("height") ?? "");
  }
  img.removeAttribute("loading");
  img.setAttribute("fetchpriority", "high");
  return image;
}

function choose(gallery: HTMLElement, thumb: HTMLElement): void {
  const media = gallery.querySelector<HTMLElement>(MAIN);
  const current = media?.firstElementChild;
  if (!media || !current) return;
  const image = mainImageFrom(thumb, current);
  if (!image) return;
  if (!serverMain?.media.isConnected) serverMain = { media, node: current };
  current.replaceWith(image);
  for (const other of gallery.querySelectorAll(THUMB)) other.setAttribute("aria-pressed", String(other === thumb));
  chosen = thumb;
}

export function answerGalleryInPlainScript(): void {
  document.addEventListener("click", (event) => {
    const gallery = plainTarget(event, "gallery");
    const thumb = event.target instanceof Element ? event.target.closest<HTMLElement>(THUMB) : null;
    if (gallery && thumb) choose(gallery, thumb);
  });
  // React hydrates what the server rendered; the thumbnail chosen is then pressed again.
  onStepAside((root) => {
    if (!serverMain || !root.contains(serverMain.media)) return;
    const { media, node } = serverMain;
    media.firstElementChild?.replaceWith(node);
    for (const [index, thumb] of [...media.parentElement!.querySelectorAll(THUMB)].entries())
      thumb.setAttribute("aria-pressed", String(index === 0));
    const thumb = chosen;
    serverMain = null;
    chosen = null;
    return () => thumb?.click();
  });
}
