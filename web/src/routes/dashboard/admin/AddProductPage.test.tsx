import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { uploadImage } from "@/routes/dashboard/uploadImage";
import { AddProductDocument, AddProductPage } from "./AddProductPage";

vi.mock("@/routes/dashboard/uploadImage", () => ({ uploadImage: vi.fn() }));
const uploadImageMock = vi.mocked(uploadImage);
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], "dock.jpg", { type: "image/jpeg" });

const input = { name: "Fan", availableQuantity: 10, price: 12.5, img: null, minQuantity: null, description: null };

function openPage(mocks: object[] = []) {
  renderApp({ ui: <AddProductPage />, auth: createFakeAuth({ user: admin }), mocks: mocks as never[] });
}

async function fillValidProduct() {
  await userEvent.type(screen.getByLabelText("Name"), "Fan");
  await userEvent.type(screen.getByLabelText("Available quantity"), "10");
  await userEvent.type(screen.getByLabelText("Price ($)"), "12.5");
  await userEvent.click(screen.getByRole("button", { name: "Add product" }));
}

describe("add product", () => {
  it("requires a name", async () => {
    openPage();
    await userEvent.click(screen.getByRole("button", { name: "Add product" }));
    expect(await screen.findByText("Name is Required")).toBeInTheDocument();
  });

  it("allows at most 20 characters in the name", async () => {
    openPage();
    await userEvent.type(screen.getByLabelText("Name"), "x".repeat(21));
    await userEvent.click(screen.getByRole("button", { name: "Add product" }));
    expect(await screen.findByText("Name must be 20 characters or less")).toBeInTheDocument();
  });

  it("adds the product; other fields are optional", async () => {
    openPage([
      {
        request: { query: AddProductDocument, variables: { input } },
        result: {
          data: { addProduct: { __typename: "Product", id: "UHJvZHVjdDox", databaseId: "pr-1", name: "Fan" } },
        },
      },
    ]);
    await fillValidProduct();
    expect(await screen.findByText("Prodcut added successfully")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveValue("");
  });

  it("says so when adding fails", async () => {
    openPage([
      {
        request: { query: AddProductDocument, variables: { input } },
        result: { errors: [new GraphQLError("nope", { extensions: { code: "FORBIDDEN" } })] },
      },
    ]);
    await fillValidProduct();
    expect(await screen.findByText("Failed to add the Prodcut")).toBeInTheDocument();
  });

  it("uploads a chosen photo to the shop's upload route and adds the product with its URL", async () => {
    uploadImageMock.mockResolvedValueOnce("http://localhost/uploads/dock.jpg");
    openPage([
      {
        request: {
          query: AddProductDocument,
          variables: { input: { ...input, img: "http://localhost/uploads/dock.jpg" } },
        },
        result: {
          data: { addProduct: { __typename: "Product", id: "UHJvZHVjdDox", databaseId: "pr-1", name: "Fan" } },
        },
      },
    ]);
    await userEvent.upload(screen.getByLabelText("Upload a photo"), photo());
    expect(await screen.findByDisplayValue("http://localhost/uploads/dock.jpg")).toBe(
      screen.getByLabelText("Photo URL"),
    );
    expect(uploadImageMock).toHaveBeenCalledWith(expect.any(File), expect.objectContaining({ uploadUrl: "/upload" }));
    await fillValidProduct();
    expect(await screen.findByText("Prodcut added successfully")).toBeInTheDocument();
  });

  it("shows the upload route's refusal under the photo field", async () => {
    uploadImageMock.mockRejectedValueOnce(new Error("Only PNG, JPEG, WebP and GIF images are accepted"));
    openPage();
    await userEvent.upload(screen.getByLabelText("Upload a photo"), photo());
    expect(await screen.findByText("Only PNG, JPEG, WebP and GIF images are accepted")).toBeInTheDocument();
    expect(screen.getByLabelText("Photo URL")).toHaveAttribute("aria-invalid", "true");
  });
});
