import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { Route, Routes } from "react-router-dom";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { uploadImage } from "@/routes/dashboard/uploadImage";
import { EditPartDocument, EditPartPage } from "./EditPartPage";
import { emptyHistoryMock } from "./editPartMocks";
import {
  ALT_TOO_LONG,
  AddPartImageDocument,
  RemovePartImageDocument,
  ReorderPartImagesDocument,
  SetPartImageAltDocument,
  TOO_MANY_IMAGES,
} from "./PartImages";

vi.mock("@/routes/dashboard/uploadImage", () => ({ uploadImage: vi.fn() }));
const uploadImageMock = vi.mocked(uploadImage);

const PART_ID = "UGFydDpwLTE";
const NAME = "Laptop battery";

interface Img {
  id: string;
  url: string;
  alt: string;
  width?: number | null;
}

const FRONT: Img = { id: "img-front", url: "/images/parts/battery-57wh.svg", alt: "The battery from the front" };
const SIDE: Img = { id: "img-side", url: "https://example.com/side.png", alt: "" };
const UPLOAD: Img = { id: "img-upload", url: "http://localhost/uploads/abc.jpg", alt: "", width: 800 };

/** A PartImage as the API answers it: an upload has its size and variants, an image elsewhere none. */
const imageData = (image: Img, position: number) => ({
  __typename: "PartImage",
  id: image.id,
  position,
  alt: image.alt,
  url: image.url,
  width: image.width ?? null,
  height: image.width ? (image.width * 3) / 4 : null,
  srcset: image.width ? `/uploads/abc-320.jpg 320w, /uploads/abc-${image.width}.jpg ${image.width}w` : null,
  sources: image.width
    ? [
        { __typename: "ImageSource", mime: "image/avif", srcset: "/uploads/abc-320.avif 320w" },
        { __typename: "ImageSource", mime: "image/webp", srcset: "/uploads/abc-320.webp 320w" },
      ]
    : [],
});

/** The part's fields every image mutation answers (PartImages_part). */
const imagesOf = (images: Img[]) => ({
  __typename: "Part",
  id: PART_ID,
  name: NAME,
  img: images[0].url,
  images: images.map(imageData),
});

const editMock = (images: Img[]) => ({
  request: { query: EditPartDocument, variables: { id: "p-1" } },
  result: {
    data: {
      part: {
        ...imagesOf(images),
        databaseId: "p-1",
        slug: "laptop-battery-p-1",
        partNumber: "5B10W13930",
        alternativeNumbers: [],
        shortDesc: "3-cell, 57 Wh",
        price: 49.99,
        available: 40,
        minOrderQuantity: 5,
        lowStockThreshold: 10,
        lowStock: false,
        retired: false,
        retiredAt: null,
        compatibleModels: [],
        weightGrams: 280,
        dimensions: null,
        dangerousGoods: false,
        batteryWh: 57,
        taxCategory: "STANDARD",
      },
    },
  },
});

const reorderMock = (order: Img[]) => ({
  request: {
    query: ReorderPartImagesDocument,
    variables: { partId: PART_ID, imageIds: order.map((image) => image.id) },
  },
  result: { data: { reorderPartImages: imagesOf(order) } },
});

function openEditPage(images: Img[], mocks: object[] = []) {
  return renderApp({
    route: "/dashboard/manage_parts/p-1",
    ui: (
      <Routes>
        <Route path="/dashboard/manage_parts/:partsId" element={<EditPartPage />} />
      </Routes>
    ),
    auth: createFakeAuth({ user: admin }),
    mocks: [editMock(images), emptyHistoryMock, ...(mocks as [])],
  });
}

const section = () => screen.getByRole("region", { name: "Images" });
/** The images in the order shown: each one's URL (its <img>'s src, resolved against the API). */
const shownUrls = () =>
  within(section())
    .getAllByTestId("part-image")
    .map((item) => item.querySelector("img")!.getAttribute("src"));
const urlsOf = (images: Img[]) => images.map((image) => expect.stringContaining(image.url));
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], name, { type: "image/jpeg" });

let confirm: ReturnType<typeof vi.fn>;
beforeEach(() => {
  uploadImageMock.mockReset();
  confirm = vi.fn(() => true);
  Object.defineProperty(window, "confirm", { value: confirm, configurable: true, writable: true });
});
afterEach(() => vi.clearAllMocks());

describe("a part's images on its edit page", () => {
  it("shows them in order, the first as the main image, with the upload's sizes; the part's form has no image field", async () => {
    openEditPage([UPLOAD, FRONT]);
    await screen.findByRole("heading", { name: "Images" });
    expect(shownUrls()).toEqual(urlsOf([UPLOAD, FRONT]));
    const [first, second] = within(section()).getAllByTestId("part-image");
    expect(within(first).getByText("Main image")).toBeInTheDocument();
    expect(within(second).queryByText("Main image")).not.toBeInTheDocument();
    // The upload is a <picture> with its AVIF and WebP sizes, drawn small.
    const picture = first.querySelector("picture")!;
    expect([...picture.querySelectorAll("source")].map((source) => source.getAttribute("type"))).toEqual([
      "image/avif",
      "image/webp",
    ]);
    expect(picture.querySelector("img")).toHaveAttribute("sizes", "96px");
    expect(within(second).getByRole("img", { name: "The battery from the front" })).toBeInTheDocument();
    // The images are managed here only: the form would otherwise save a stale first image.
    expect(screen.queryByLabelText("Image URL")).not.toBeInTheDocument();
  });

  it("moves an image earlier and later by its buttons, named after the image, keeping the focus on the moved image", async () => {
    openEditPage([FRONT, SIDE, UPLOAD], [reorderMock([FRONT, UPLOAD, SIDE]), reorderMock([FRONT, SIDE, UPLOAD])]);
    await screen.findByRole("heading", { name: "Images" });
    expect(screen.getByRole("button", { name: "Move earlier: image 1 (The battery from the front)" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move later: image 3" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Move earlier: image 3" }));
    await waitFor(() => expect(shownUrls()).toEqual(urlsOf([FRONT, UPLOAD, SIDE])));
    await waitFor(() => expect(screen.getByRole("button", { name: "Move earlier: image 2" })).toHaveFocus());
    expect(screen.getByText("image 3 is now image 2 of 3")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Move later: image 2" }));
    await waitFor(() => expect(shownUrls()).toEqual(urlsOf([FRONT, SIDE, UPLOAD])));
    // Now last, its Move later is disabled: the focus goes to its Move earlier.
    await waitFor(() => expect(screen.getByRole("button", { name: "Move earlier: image 3" })).toHaveFocus());
  });

  it("reorders by drag and drop: the image dropped on another takes its place", async () => {
    openEditPage([FRONT, SIDE, UPLOAD], [reorderMock([UPLOAD, FRONT, SIDE])]);
    await screen.findByRole("heading", { name: "Images" });
    const [first, , third] = within(section()).getAllByTestId("part-image");
    const dataTransfer = { setData: vi.fn(), types: ["text/plain"] };
    fireEvent.dragStart(third.querySelector(".part-images__handle")!, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    expect(first).toHaveClass("is-drop-target");
    fireEvent.drop(first, { dataTransfer });
    await waitFor(() => expect(shownUrls()).toEqual(urlsOf([UPLOAD, FRONT, SIDE])));
    expect(within(section()).getAllByTestId("part-image")[0]).toHaveTextContent("Main image");
  });

  it("saves alt text on Enter and on leaving the field; refuses one too long before sending, and shows the server's refusal under the field", async () => {
    const described = { ...SIDE, alt: "The battery's connector" };
    openEditPage(
      [FRONT, SIDE],
      [
        {
          request: { query: SetPartImageAltDocument, variables: { imageId: SIDE.id, alt: "The battery's connector" } },
          result: { data: { setPartImageAlt: imagesOf([FRONT, described]) } },
        },
        {
          request: { query: SetPartImageAltDocument, variables: { imageId: FRONT.id, alt: "Front" } },
          result: { errors: [new GraphQLError("Part image not found", { extensions: { code: "NOT_FOUND" } })] },
        },
      ],
    );
    const side = await screen.findByLabelText("Alt text of image 2");
    await userEvent.type(side, "  The battery's connector  {Enter}");
    expect(await screen.findByText("Alt text saved")).toBeInTheDocument();
    expect(side).toHaveValue("The battery's connector");
    // The buttons now name the image by its alt text.
    expect(screen.getByRole("button", { name: "Remove: image 2 (The battery's connector)" })).toBeInTheDocument();
    // Leaving the field again sends nothing more (one mock only).
    await userEvent.tab();

    const front = screen.getByLabelText("Alt text of image 1");
    await userEvent.clear(front);
    await userEvent.paste("x".repeat(251));
    await userEvent.tab();
    expect(await screen.findByText(ALT_TOO_LONG)).toBeInTheDocument();
    expect(front).toHaveAttribute("aria-invalid", "true");

    await userEvent.clear(front);
    expect(screen.queryByText(ALT_TOO_LONG)).not.toBeInTheDocument();
    await userEvent.type(front, "Front");
    await userEvent.tab();
    expect(await screen.findByText("Part image not found")).toBeInTheDocument();
    expect(front).toHaveAttribute("aria-invalid", "true");
    expect(front).toHaveValue("Front");
  });

  it("asks before removing an image and removes nothing when the admin says no; the last image cannot be removed, and the page says why", async () => {
    openEditPage(
      [FRONT, SIDE],
      [
        {
          request: { query: RemovePartImageDocument, variables: { imageId: FRONT.id } },
          result: { data: { removePartImage: imagesOf([SIDE]) } },
        },
      ],
    );
    const remove = await screen.findByRole("button", { name: "Remove: image 1 (The battery from the front)" });
    confirm.mockReturnValueOnce(false);
    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith(
      "Remove image 1 (The battery from the front) from Laptop battery? Its page will no longer show it.",
    );
    expect(within(section()).getAllByTestId("part-image")).toHaveLength(2);

    await userEvent.click(remove);
    expect(
      await screen.findByText("Removed image 1 (The battery from the front) from Laptop battery"),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(section()).getAllByTestId("part-image")).toHaveLength(1));
    expect(within(section()).queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();
    expect(
      within(section()).getByText(
        "The only image: a part needs at least one, so add another before removing this one.",
      ),
    ).toBeInTheDocument();
  });

  it("uploads chosen files one after another and adds each at the end; a file the upload route refuses is named with its message", async () => {
    const tooBig = "The image is 30,000 × 30,000 pixels: images may have at most 64 megapixels (8,000 × 8,000)";
    uploadImageMock.mockImplementation(async (file, { onProgress }) => {
      onProgress?.(50);
      if (file.name === "huge.png") throw new Error(tooBig);
      return UPLOAD.url;
    });
    const { container } = openEditPage(
      [FRONT],
      [
        {
          request: { query: AddPartImageDocument, variables: { partId: PART_ID, input: { url: UPLOAD.url } } },
          result: { data: { addPartImage: imagesOf([FRONT, UPLOAD]) } },
        },
      ],
    );
    await screen.findByRole("heading", { name: "Images" });
    expect(screen.getByText(/Room for 11 more/)).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText("Image files to add"), [jpeg("photo.jpg"), jpeg("huge.png")]);

    expect(await screen.findByText("Added photo.jpg to Laptop battery")).toBeInTheDocument();
    expect(await screen.findByText(`Could not add huge.png: ${tooBig}`)).toBeInTheDocument();
    await waitFor(() => expect(within(section()).getAllByTestId("part-image")).toHaveLength(2));
    expect(uploadImageMock.mock.calls.map(([file, options]) => [file.name, options.uploadUrl])).toEqual([
      ["photo.jpg", "/upload"],
      ["huge.png", "/upload"],
    ]);
    // The refused file stays listed with its reason until dismissed.
    const uploads = screen.getByRole("list", { name: "Images being added" });
    expect(within(uploads).getByText(tooBig)).toBeInTheDocument();
    await userEvent.click(within(uploads).getByRole("button", { name: "Dismiss: huge.png" }));
    expect(screen.queryByRole("list", { name: "Images being added" })).not.toBeInTheDocument();
    expect(container.querySelector("progress")).toBeNull();
  });

  it("adds a file dropped on the drop zone", async () => {
    uploadImageMock.mockResolvedValue(UPLOAD.url);
    openEditPage(
      [FRONT],
      [
        {
          request: { query: AddPartImageDocument, variables: { partId: PART_ID, input: { url: UPLOAD.url } } },
          result: { data: { addPartImage: imagesOf([FRONT, UPLOAD]) } },
        },
      ],
    );
    const zone = await screen.findByTestId("part-images-dropzone");
    const dataTransfer = { types: ["Files"], files: [jpeg("dropped.jpg")] };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(zone).toHaveClass("is-over");
    fireEvent.drop(zone, { dataTransfer });
    expect(await screen.findByText("Added dropped.jpg to Laptop battery")).toBeInTheDocument();
    await waitFor(() => expect(within(section()).getAllByTestId("part-image")).toHaveLength(2));
    expect(zone).not.toHaveClass("is-over");
  });

  it("a part with 12 images takes no more: the file is refused before any upload, with the server's words", async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({
      id: `img-${i}`,
      url: `https://example.com/${i}.png`,
      alt: "",
    }));
    openEditPage(twelve);
    await screen.findByRole("heading", { name: "Images" });
    expect(screen.getByText(/The part has the most it may have \(12\)/)).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText("Image files to add"), jpeg("one-more.jpg"));
    expect(await screen.findByText(`Could not add one-more.jpg: ${TOO_MANY_IMAGES}`)).toBeInTheDocument();
    expect(uploadImageMock).not.toHaveBeenCalled();
  });

  it("adds an image by URL: refuses an address that is not http(s), and shows the server's refusal under the field", async () => {
    const elsewhere = { id: "img-elsewhere", url: "https://example.com/hinge.png", alt: "" };
    openEditPage(
      [FRONT],
      [
        {
          request: {
            query: AddPartImageDocument,
            variables: { partId: PART_ID, input: { url: "https://example.com/big.png" } },
          },
          result: {
            errors: [
              new GraphQLError("Image URL must be at most 2048 characters", { extensions: { code: "BAD_USER_INPUT" } }),
            ],
          },
        },
        {
          request: { query: AddPartImageDocument, variables: { partId: PART_ID, input: { url: elsewhere.url } } },
          result: { data: { addPartImage: imagesOf([FRONT, elsewhere]) } },
        },
      ],
    );
    const field = await screen.findByLabelText("Add by URL");
    await userEvent.type(field, "javascript:alert(1)");
    await userEvent.click(screen.getByRole("button", { name: "Add image" }));
    expect(
      await screen.findByText("Image URL must be an http(s) URL, like https://example.com/photo.jpg"),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");

    await userEvent.clear(field);
    await userEvent.type(field, "https://example.com/big.png");
    await userEvent.click(screen.getByRole("button", { name: "Add image" }));
    expect(await screen.findByText("Image URL must be at most 2048 characters")).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, `${elsewhere.url}{Enter}`);
    expect(await screen.findByText(`Added the image at ${elsewhere.url} to Laptop battery`)).toBeInTheDocument();
    await waitFor(() => expect(within(section()).getAllByTestId("part-image")).toHaveLength(2));
    expect(field).toHaveValue("");
  });
});
