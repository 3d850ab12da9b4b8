import { afterEach, describe, expect, it, vi } from "vitest";
import { stepAsideForReact } from "@/lib/islands/plain";
import { applyFiltersInPlainScript } from "./filtersScript";
import { answerGalleryInPlainScript } from "./galleryScript";

applyFiltersInPlainScript();
answerGalleryInPlainScript();

const picture = (name: string, sizes: string) =>
  `<picture><source type="image/webp" srcset="/img/${name}.webp 400w" sizes="${sizes}"><img src="/img/${name}.jpg" srcset="/img/${name}.jpg 400w" sizes="${sizes}" alt="${name}" width="400" height="250"></picture>`;

/** PartGallery as the server renders it: the first image large, two thumbnails. */
function serverGallery(): HTMLElement {
  document.body.innerHTML = `<main data-island="page"><div class="part-gallery" data-plain="gallery">
    <div class="card__media">${picture("front", "(max-width: 600px) 100vw, 480px")}</div>
    <ul class="part-gallery__thumbs">
      <li><button type="button" class="part-gallery__thumb" aria-pressed="true">${picture("front", "72px")}</button></li>
      <li><button type="button" class="part-gallery__thumb" aria-pressed="false">${picture("back", "72px")}</button></li>
    </ul></div></main>`;
  return document.querySelector<HTMLElement>(".part-gallery")!;
}

/** CatalogueFilters' GET form, with the rest of the search as hidden fields. */
function serverFilters(): HTMLFormElement {
  document.body.innerHTML = `<main data-island="page"><form method="get" action="/parts" data-plain="filters">
    <input type="hidden" name="q" value="battery">
    <label><input type="checkbox" name="inStock" value="1"> In stock only</label>
    <input name="minPrice" value="">
    <select name="brand"><option value="">Any</option><option value="Dell">Dell</option><option value="HP">HP</option></select>
    <select name="model"><option value="">Any</option><option value="XPS 13" selected>XPS 13</option></select>
  </form></main>`;
  return document.querySelector("form")!;
}

describe("what plain script answers before the page's island starts", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
  });

  it("a ticked filter loads the search it makes, empty fields left out", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const form = serverFilters();
    form.querySelector<HTMLInputElement>("[name=inStock]")!.click();
    expect(assign).toHaveBeenCalledWith("/parts?q=battery&inStock=1&model=XPS+13");
  });

  it("a new brand loads its search without the old brand's model", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const brand = serverFilters().querySelector<HTMLSelectElement>("[name=brand]")!;
    brand.value = "HP";
    brand.dispatchEvent(new Event("change", { bubbles: true }));
    expect(assign).toHaveBeenCalledWith("/parts?q=battery&brand=HP");
  });

  it("a thumbnail shows its image as the main one, at the main image's size, and is pressed", () => {
    const gallery = serverGallery();
    const [front, back] = gallery.querySelectorAll<HTMLElement>(".part-gallery__thumb");
    back.click();
    const main = gallery.querySelector(".card__media img")!;
    expect(main.getAttribute("alt")).toBe("back");
    expect(main.getAttribute("sizes")).toBe("(max-width: 600px) 100vw, 480px");
    expect(gallery.querySelector(".card__media source")!.getAttribute("sizes")).toBe("(max-width: 600px) 100vw, 480px");
    expect(main.getAttribute("fetchpriority")).toBe("high");
    expect([front.getAttribute("aria-pressed"), back.getAttribute("aria-pressed")]).toEqual(["false", "true"]);
  });

  it("when React takes the page, the server's gallery is put back and the chosen thumbnail pressed again after", () => {
    const gallery = serverGallery();
    const back = gallery.querySelectorAll<HTMLElement>(".part-gallery__thumb")[1];
    back.click();
    const pressedAgain = vi.fn();
    const redo = stepAsideForReact(document);
    expect(gallery.querySelector(".card__media img")!.getAttribute("alt")).toBe("front");
    expect(back.getAttribute("aria-pressed")).toBe("false");
    back.addEventListener("click", pressedAgain);
    redo();
    expect(pressedAgain).toHaveBeenCalledOnce();
    // From now on React answers: plain script changes nothing.
    expect(gallery.querySelector(".card__media img")!.getAttribute("alt")).toBe("front");
  });
});
