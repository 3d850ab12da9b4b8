import { afterEach, describe, expect, it, vi } from "vitest";
import { stepAsideForReact } from "@/lib/islands/plain";
import { showInPlace } from "@/lib/islands/swap";
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

/** CatalogueFilters' GET form, with the rest of the search as hidden fields, and results for `count`. */
function filtersPage(search: string, count: string): string {
  const chosen = new URLSearchParams(search);
  return `<form method="get" action="/parts" data-plain="filters">
    <input type="hidden" name="q" value="battery">
    <label><input type="checkbox" name="inStock" value="1"${chosen.get("inStock") ? " checked" : ""}> In stock only</label>
    <input name="minPrice" value="">
    <select name="brand"><option value="">Any</option><option value="Dell">Dell</option><option value="HP"${chosen.get("brand") === "HP" ? " selected" : ""}>HP</option></select>
    <select name="model"><option value="">Any</option><option value="XPS 13"${chosen.get("model") ? " selected" : ""}>XPS 13</option></select>
  </form><h2 aria-live="polite">${count}</h2><div class="catalogue__grid"><article>${search}</article></div>`;
}

/** The server's whole page at an address of the catalogue. */
const serverPage = (search: string, count: string) =>
  `<!doctype html><html><head><title>Parts ${search}</title></head><body><div id="root"><header data-island="header"><form data-plain="search"><input type="hidden" name="filters" value="${search}"><input type="search" name="q" value="${new URLSearchParams(search).get("q") ?? ""}"></form></header><main data-island="page">${filtersPage(search, count)}</main></div><script type="application/json" id="apollo-state">{"ROOT_QUERY":{"search":"${search}"}}</script></body></html>`;

function serverFilters(): HTMLFormElement {
  history.replaceState(null, "", "/parts?q=battery&model=XPS+13");
  document.body.innerHTML = new DOMParser().parseFromString(
    serverPage("q=battery&model=XPS+13", "12+ parts"),
    "text/html",
  ).body.innerHTML;
  return document.querySelector("form[data-plain='filters']")!;
}

/** The server answering each address with its page. */
function serveCatalogue() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), location.href);
    return new Response(serverPage(url.search.slice(1), "3 parts"), { headers: { "content-type": "text/html" } });
  });
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("what plain script answers before the page's island starts", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    vi.restoreAllMocks();
  });

  it("a ticked filter shows the search it makes in place: results, filters, search box, title and page data", async () => {
    const fetched = serveCatalogue();
    const box = serverFilters().querySelector<HTMLInputElement>("[name=inStock]")!;
    box.focus();
    box.click();
    await vi.waitFor(() => expect(location.search).toBe("?q=battery&inStock=1&model=XPS+13"));
    expect(fetched).toHaveBeenCalledOnce();
    expect(String(fetched.mock.calls[0][0])).toContain("/parts?q=battery&inStock=1&model=XPS+13");
    expect(document.querySelector("article")!.textContent).toBe("q=battery&inStock=1&model=XPS+13");
    expect(document.querySelector<HTMLInputElement>("[data-plain=search] input")!.value).toBe(
      "q=battery&inStock=1&model=XPS+13",
    );
    expect(document.title).toBe("Parts q=battery&inStock=1&model=XPS+13");
    expect(document.getElementById("apollo-state")!.textContent).toContain("inStock=1");
    // The shopper stays on the box they ticked (the new page's), and hears how many parts it found.
    const ticked = document.querySelector<HTMLInputElement>("[name=inStock]")!;
    expect(ticked.checked).toBe(true);
    expect(document.activeElement).toBe(ticked);
    expect(document.querySelector("[role=status]")!.textContent).toBe("3 parts");
  });

  it("words typed in the search box and not yet sent stay there when a filter shows its search", async () => {
    serveCatalogue();
    const box = serverFilters().querySelector<HTMLInputElement>("[name=inStock]")!;
    const words = document.querySelector<HTMLInputElement>("[data-plain=search] [name=q]")!;
    words.value = "battery 65W";
    box.click();
    await vi.waitFor(() => expect(location.search).toBe("?q=battery&inStock=1&model=XPS+13"));
    expect(document.querySelector<HTMLInputElement>("[data-plain=search] [name=filters]")!.value).toBe(
      "q=battery&inStock=1&model=XPS+13",
    );
    expect(document.querySelector<HTMLInputElement>("[data-plain=search] [name=q]")!.value).toBe("battery 65W");
  });

  it("back to another search shows that search's words, not words typed on this one", async () => {
    serveCatalogue();
    serverFilters();
    await showInPlace("/parts?q=screen&inStock=1", ["[data-island='page']", "[data-plain='search']"]);
    const words = document.querySelector<HTMLInputElement>("[data-plain=search] [name=q]")!;
    expect(words.value).toBe("screen");
    words.value = "screen hinge";
    history.back();
    await vi.waitFor(() => expect(document.querySelector("article")!.textContent).toBe("q=battery&model=XPS+13"));
    expect(document.querySelector<HTMLInputElement>("[data-plain=search] [name=q]")!.value).toBe("battery");
  });

  it("a box pressed has its search fetched ahead, and ticking it shows that search without asking again", async () => {
    const fetched = serveCatalogue();
    const box = serverFilters().querySelector<HTMLInputElement>("[name=inStock]")!;
    box.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    expect(fetched).toHaveBeenCalledOnce();
    expect(String(fetched.mock.calls[0][0])).toContain("/parts?q=battery&inStock=1&model=XPS+13");
    // Unseen: the box is as it was until the shopper's click.
    expect(box.checked).toBe(false);
    box.click();
    await vi.waitFor(() =>
      expect(document.querySelector("article")!.textContent).toBe("q=battery&inStock=1&model=XPS+13"),
    );
    expect(fetched).toHaveBeenCalledOnce();
  });

  it("a search fetched ahead for one box is not shown for another change", async () => {
    const fetched = serveCatalogue();
    const form = serverFilters();
    form.querySelector("[name=inStock]")!.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    const brand = form.querySelector<HTMLSelectElement>("[name=brand]")!;
    brand.value = "HP";
    brand.dispatchEvent(new Event("change", { bubbles: true }));
    await vi.waitFor(() => expect(location.search).toBe("?q=battery&brand=HP"));
    expect(fetched).toHaveBeenCalledTimes(2);
    expect(document.querySelector("article")!.textContent).toBe("q=battery&brand=HP");
  });

  it("a new brand shows its search without the old brand's model", async () => {
    const fetched = serveCatalogue();
    const brand = serverFilters().querySelector<HTMLSelectElement>("[name=brand]")!;
    brand.value = "HP";
    brand.dispatchEvent(new Event("change", { bubbles: true }));
    await vi.waitFor(() => expect(location.search).toBe("?q=battery&brand=HP"));
    expect(String(fetched.mock.calls[0][0])).toContain("/parts?q=battery&brand=HP");
  });

  it("back shows the search before again, from its own page", async () => {
    serveCatalogue();
    serverFilters().querySelector<HTMLInputElement>("[name=inStock]")!.click();
    await vi.waitFor(() => expect(location.search).toContain("inStock=1"));
    history.back();
    await vi.waitFor(() => expect(document.querySelector("article")!.textContent).toBe("q=battery&model=XPS+13"));
    expect(document.querySelector<HTMLInputElement>("[name=inStock]")!.checked).toBe(false);
  });

  it("with the header React's, back still shows the search before in the page, and leaves the header to React", async () => {
    serveCatalogue();
    serverFilters().querySelector<HTMLInputElement>("[name=inStock]")!.click();
    await vi.waitFor(() => expect(location.search).toContain("inStock=1"));
    const header = document.querySelector("header")!;
    stepAsideForReact(header);
    const headerForm = header.innerHTML;
    history.back();
    await vi.waitFor(() => expect(document.querySelector("article")!.textContent).toBe("q=battery&model=XPS+13"));
    expect(header.innerHTML).toBe(headerForm);
  });

  it("a search the shop cannot answer in place is loaded as a page", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("Unavailable", { status: 503 }));
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    serverFilters().querySelector<HTMLInputElement>("[name=inStock]")!.click();
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith(expect.stringContaining("/parts?q=battery&inStock=1&model=XPS+13")),
    );
    expect(location.search).toBe("?q=battery&model=XPS+13");
  });

  it("a search still on its way when React takes the page is dropped: React shows the page", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) =>
        new Promise((resolve, reject) => {
          answer = resolve;
          init?.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        }),
    );
    serverFilters().querySelector<HTMLInputElement>("[name=inStock]")!.click();
    await settled();
    stepAsideForReact(document.querySelector("main")!);
    answer(new Response(serverPage("q=battery&inStock=1", "3 parts")));
    await settled();
    await settled();
    expect(document.querySelector("article")!.textContent).toBe("q=battery&model=XPS+13");
    expect(location.search).toBe("?q=battery&model=XPS+13");
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
