import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router-dom";
import { AppRoutes } from "@/AppRoutes";
import { renderApp } from "@/test/renderApp";
import { imageElsewhere, uploadedImage } from "@/test/imageFixtures";
import { CataloguePartsDocument } from "./CataloguePage";
import { CatalogueBrandsDocument, CatalogueModelsDocument } from "./CatalogueFilters";
import { fitsSummary, laptopsFirst } from "./PartResultCard";
import { readSearch, writeSearch } from "@/features/catalogue/catalogueSearch";

const model = (n: number, brand = "Lenovo", name = `ThinkPad T${n}`) => ({
  __typename: "LaptopModel",
  id: `m-${brand}-${n}`,
  brand,
  model: name,
  name: `${brand} ${name}`,
});

const part = (n: number, extra: object = {}) => ({
  __typename: "Part",
  id: `part-${n}`,
  databaseId: `p-${n}`,
  slug: `part-${n}-p-${n}`,
  name: `Part ${n}`,
  partNumber: `PN-${n}`,
  image: imageElsewhere(`/images/part-${n}.png`),
  price: 10 * n,
  shownPrice: 10 * n,
  available: 100,
  minOrderQuantity: 10,
  rating: null,
  reviewCount: 0,
  compatibleModels: [model(n)],
  ...extra,
});

const page = (nodes: object[], hasNextPage = false, endCursor: string | null = "c") => ({
  parts: {
    __typename: "PartConnection",
    edges: nodes.map((node, i) => ({ __typename: "PartEdge", cursor: `${endCursor}-${i}`, node })),
    pageInfo: { __typename: "PageInfo", hasNextPage, endCursor },
  },
});

type Variables = { search?: string | null; filter?: object | null; orderBy?: string; after?: string };
const partsMock = (variables: Variables, nodes: object[], hasNextPage = false, endCursor: string | null = "c") => ({
  request: {
    query: CataloguePartsDocument,
    variables: { search: null, filter: null, orderBy: "RELEVANCE", ...variables },
  },
  result: { data: page(nodes, hasNextPage, endCursor) },
});

const brandsMock = {
  request: { query: CatalogueBrandsDocument },
  result: { data: { laptopBrands: ["Dell", "Lenovo"] } },
};
const modelsMock = {
  request: { query: CatalogueModelsDocument, variables: { brand: "Lenovo" } },
  result: {
    data: {
      laptopModels: {
        __typename: "LaptopModelConnection",
        edges: ["ThinkPad T14 Gen 2", "ThinkPad X1 Carbon Gen 10"].map((name, i) => ({
          __typename: "LaptopModelEdge",
          node: { __typename: "LaptopModel", id: `lm-${i}`, model: name },
        })),
      },
    },
  },
};

/** The whole address, so tests see the search the page keeps there. */
function AddressProbe() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const address = () => screen.getByTestId("address").textContent;

function openCatalogue(route: string, mocks: object[]) {
  return renderApp({
    route,
    mocks: [brandsMock, ...(mocks as never[])],
    ui: (
      <>
        <AppRoutes />
        <AddressProbe />
      </>
    ),
  });
}

describe("the catalogue's address", () => {
  it("reads and writes the search, leaving out defaults and what makes no sense", () => {
    const search = readSearch(
      new URLSearchParams("q=%20thinkpad%20t14%20&inStock=1&minPrice=10&maxPrice=5&brand=Lenovo&sort=PRICE_ASC&junk=1"),
    );
    expect(search).toEqual({
      q: "thinkpad t14",
      inStock: true,
      minPrice: "10",
      maxPrice: "",
      brand: "Lenovo",
      model: "",
      sort: "price_asc",
    });
    expect(writeSearch(search).toString()).toBe("q=thinkpad+t14&inStock=1&minPrice=10&brand=Lenovo&sort=price_asc");
    expect(readSearch(new URLSearchParams("minPrice=abc&sort=cheapest&inStock=yes"))).toMatchObject({
      minPrice: "",
      sort: "relevance",
      inStock: false,
    });
  });

  it("names a few models a part fits, then how many more", () => {
    expect(fitsSummary([{ name: "A" }])).toBe("A");
    expect(fitsSummary([{ name: "A" }, { name: "B" }])).toBe("A and B");
    expect(fitsSummary([{ name: "A" }, { name: "B" }, { name: "C" }, { name: "D" }, { name: "E" }])).toBe(
      "A, B, C and 2 more",
    );
  });

  it("names the laptop filtered by first, then its brand's", () => {
    const models = [
      model(1, "Acer", "Aspire 5"),
      model(2, "Lenovo", "ThinkPad E14"),
      model(3, "Lenovo", "ThinkPad T14 Gen 2"),
    ];
    const names = (laptop: { brand: string; model: string }) => laptopsFirst(models, laptop).map((entry) => entry.name);
    expect(names({ brand: "lenovo", model: "thinkpad t14 gen 2" })).toEqual([
      "Lenovo ThinkPad T14 Gen 2",
      "Lenovo ThinkPad E14",
      "Acer Aspire 5",
    ]);
    expect(names({ brand: "Lenovo", model: "" })).toEqual([
      "Lenovo ThinkPad E14",
      "Lenovo ThinkPad T14 Gen 2",
      "Acer Aspire 5",
    ]);
    expect(names({ brand: "", model: "" })).toEqual([
      "Acer Aspire 5",
      "Lenovo ThinkPad E14",
      "Lenovo ThinkPad T14 Gen 2",
    ]);
  });
});

describe("catalogue page", () => {
  it("shows the parts a search found, with price, stock, rating and the laptops they fit", async () => {
    openCatalogue("/parts?q=thinkpad&inStock=1&sort=price_asc", [
      partsMock({ search: "thinkpad", filter: { inStock: true }, orderBy: "PRICE_ASC" }, [
        part(1, {
          rating: 4.5,
          reviewCount: 2,
          compatibleModels: [model(14), model(15), model(16), model(17)],
          image: uploadedImage("e0000000000000000000000000000001", 960, 600),
        }),
        part(2, { available: 3 }),
      ]),
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Results for “thinkpad”" })).toBeInTheDocument();
    const first = (await screen.findByRole("heading", { name: "Part 1" })).closest("article")!;
    expect(within(first).getByText("$10.00")).toBeInTheDocument();
    expect(within(first).getByText("In stock")).toBeInTheDocument();
    expect(within(first).getByRole("img", { name: "Rated 4.5 out of 5" })).toBeInTheDocument();
    expect(
      within(first).getByText(/Lenovo ThinkPad T14, Lenovo ThinkPad T15, Lenovo ThinkPad T16 and 1 more/),
    ).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: "View and reserve" })).toHaveAttribute("href", "/p/part-1-p-1");
    // Its image in the sizes the results' grid draws it at, lazily; the other's, from elsewhere, in the card's box.
    const image = within(first).getByRole("img", { name: "Part 1" });
    expect(image).toHaveAttribute("srcset", expect.stringContaining("e0000000000000000000000000000001-640.jpg 640w"));
    expect(image).toHaveAttribute(
      "sizes",
      "(min-width: 1200px) 271px, (min-width: 900px) calc(50vw - 174px), (min-width: 600px) calc(50vw - 26px), calc(100vw - 32px)",
    );
    expect(image).toHaveAttribute("width", "960");
    expect(image).toHaveAttribute("height", "600");
    expect(image).toHaveAttribute("loading", "lazy");
    const second = screen.getByRole("heading", { name: "Part 2" }).closest("article")!;
    expect(within(second).getByText("Out of stock")).toBeInTheDocument();
    const elsewhere = within(second).getByRole("img", { name: "Part 2" });
    expect(elsewhere).not.toHaveAttribute("srcset");
    expect(elsewhere).toHaveAttribute("width", "400");
    expect(elsewhere).toHaveAttribute("height", "250");
    // The filters and the order show the search in the address; the navigation bar, its words.
    expect(screen.getByLabelText("In stock only")).toBeChecked();
    expect(screen.getByLabelText("Sort by")).toHaveValue("price_asc");
    expect(screen.getByRole("searchbox", { name: "Search parts" })).toHaveValue("thinkpad");
    expect(screen.getByRole("heading", { level: 2, name: "2 parts" })).toBeInTheDocument();
  });

  it("changing the order or a filter writes it in the address, and asks again", async () => {
    openCatalogue("/parts?q=battery", [
      partsMock({ search: "battery" }, [part(1)]),
      partsMock({ search: "battery", orderBy: "BEST_RATED" }, [part(2)]),
      partsMock({ search: "battery", orderBy: "BEST_RATED", filter: { inStock: true } }, [part(3)]),
      partsMock({ search: "battery", orderBy: "BEST_RATED", filter: { inStock: true, minPrice: 5, maxPrice: 20.5 } }, [
        part(4),
      ]),
    ]);
    await screen.findByRole("heading", { name: "Part 1" });
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "Best rated");
    expect(await screen.findByRole("heading", { name: "Part 2" })).toBeInTheDocument();
    expect(address()).toBe("/parts?q=battery&sort=best_rated");
    await userEvent.click(screen.getByLabelText("In stock only"));
    expect(await screen.findByRole("heading", { name: "Part 3" })).toBeInTheDocument();
    expect(address()).toBe("/parts?q=battery&inStock=1&sort=best_rated");
    await userEvent.type(screen.getByLabelText("Min ($)"), "5");
    await userEvent.type(screen.getByLabelText("Max ($)"), "20.5");
    await userEvent.click(screen.getByRole("button", { name: "Apply price" }));
    expect(await screen.findByRole("heading", { name: "Part 4" })).toBeInTheDocument();
    expect(address()).toBe("/parts?q=battery&inStock=1&minPrice=5&maxPrice=20.5&sort=best_rated");
  });

  it("refuses a price range upside down, with a message", async () => {
    openCatalogue("/parts", [partsMock({}, [part(1)])]);
    await screen.findByRole("heading", { name: "Part 1" });
    await userEvent.type(screen.getByLabelText("Min ($)"), "30");
    await userEvent.type(screen.getByLabelText("Max ($)"), "10");
    await userEvent.click(screen.getByRole("button", { name: "Apply price" }));
    expect(await screen.findByText("The minimum price must not be more than the maximum.")).toBeInTheDocument();
    expect(address()).toBe("/parts");
  });

  it("chooses a laptop by brand, then model", async () => {
    openCatalogue("/parts", [
      partsMock({}, [part(1)]),
      modelsMock,
      partsMock({ filter: { brand: "Lenovo" } }, [part(2)]),
      partsMock({ filter: { brand: "Lenovo", model: "ThinkPad T14 Gen 2" } }, [part(3)]),
    ]);
    await screen.findByRole("heading", { name: "Part 1" });
    expect(screen.getByLabelText("Model")).toBeDisabled();
    await waitFor(() => expect(screen.getByRole("option", { name: "Lenovo" })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText("Brand"), "Lenovo");
    expect(await screen.findByRole("heading", { name: "Part 2" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("option", { name: "ThinkPad T14 Gen 2" })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText("Model"), "ThinkPad T14 Gen 2");
    expect(await screen.findByRole("heading", { name: "Part 3" })).toBeInTheDocument();
    expect(address()).toBe("/parts?brand=Lenovo&model=ThinkPad+T14+Gen+2");
    expect(screen.getByRole("button", { name: "Filters (2)" })).toBeInTheDocument();
  });

  it("says when nothing matches and offers to clear the filters, keeping the words", async () => {
    openCatalogue("/parts?q=hinge&brand=Apple&inStock=1", [
      partsMock({ search: "hinge", filter: { inStock: true, brand: "Apple" } }, [], false, null),
      partsMock({ search: "hinge" }, [part(9)]),
    ]);
    expect(await screen.findByText("No parts match “hinge” with these filters.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "No parts found" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear all filters" }));
    expect(await screen.findByRole("heading", { name: "Part 9" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "1 part" })).toBeInTheDocument();
    expect(address()).toBe("/parts?q=hinge");
  });

  it("without filters, suggests other words and all parts", async () => {
    openCatalogue("/parts?q=flux%20capacitor", [partsMock({ search: "flux capacitor" }, [], false, null)]);
    expect(await screen.findByText("No parts match “flux capacitor”.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all parts" })).toHaveAttribute("href", "/parts");
  });

  it("names a search's words in the page's title", async () => {
    openCatalogue("/parts?q=flux%20capacitor", [partsMock({ search: "flux capacitor" }, [], false, null)]);
    await waitFor(() => expect(document.title).toBe("Parts matching “flux capacitor” | Partshop"));
  });

  it("shows more parts with the cursor of the last page", async () => {
    openCatalogue("/parts?sort=newest", [
      partsMock({ orderBy: "NEWEST" }, [part(1), part(2)], true, "c2"),
      partsMock({ orderBy: "NEWEST", after: "c2" }, [part(3)], false, "c3"),
    ]);
    await screen.findByRole("heading", { name: "Part 2" });
    expect(screen.getByRole("heading", { level: 2, name: "2+ parts" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show more parts" }));
    expect(await screen.findByRole("heading", { name: "Part 3" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Part 1" })).toBeInTheDocument();
  });
});

describe("the navigation bar's search", () => {
  it("opens the catalogue with the words typed", async () => {
    openCatalogue("/blogs", [partsMock({ search: "thinkpad t14 batery" }, [part(1)])]);
    await userEvent.type(screen.getByRole("searchbox", { name: "Search parts" }), "thinkpad t14 batery{Enter}");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Results for “thinkpad t14 batery”" }),
    ).toBeInTheDocument();
    expect(address()).toBe("/parts?q=thinkpad+t14+batery");
  });

  it("on the catalogue, searches again within the same filters and order", async () => {
    openCatalogue("/parts?q=fan&brand=Dell&sort=price_desc", [
      partsMock({ search: "fan", filter: { brand: "Dell" }, orderBy: "PRICE_DESC" }, [part(1)]),
      partsMock({ search: "hinge", filter: { brand: "Dell" }, orderBy: "PRICE_DESC" }, [part(2)]),
    ]);
    await screen.findByRole("heading", { name: "Part 1" });
    const box = screen.getByRole("searchbox", { name: "Search parts" });
    await userEvent.clear(box);
    await userEvent.type(box, "hinge");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("heading", { name: "Part 2" })).toBeInTheDocument();
    expect(address()).toBe("/parts?q=hinge&brand=Dell&sort=price_desc");
  });
});
