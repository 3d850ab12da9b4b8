import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { AddReviewDocument, AddReviewPage, ReviewedPartDocument } from "./AddReviewPage";
import { uploadImage } from "./uploadImage";

vi.mock("./uploadImage", () => ({ uploadImage: vi.fn() }));
const uploadImageMock = vi.mocked(uploadImage);

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], "me.png", { type: "image/png" });

const addReviewMock = (result: object) => ({
  request: {
    query: AddReviewDocument,
    variables: {
      input: { name: "Jane Doe", ratings: 5, description: "Great battery", img: "http://localhost/uploads/me.png" },
    },
  },
  ...result,
});

async function fillForm() {
  await userEvent.type(screen.getByLabelText("Ratings"), "5");
  await userEvent.type(screen.getByLabelText("Description"), "Great battery");
  await userEvent.upload(screen.getByLabelText("Image"), photo());
}

describe("add review", () => {
  beforeEach(() => {
    uploadImageMock.mockReset();
  });

  it("shows every required-field message", async () => {
    renderApp({ ui: <AddReviewPage />, auth: createFakeAuth({ user: { ...customer, displayName: null } }) });
    await userEvent.click(screen.getByRole("button", { name: "Add review" }));
    expect(await screen.findByText("Name is Required")).toBeInTheDocument();
    expect(screen.getByText("Rating is Required")).toBeInTheDocument();
    expect(screen.getByText("Description is Required")).toBeInTheDocument();
    expect(screen.getByText("Image is Required")).toBeInTheDocument();
    expect(uploadImageMock).not.toHaveBeenCalled();
  });

  it("uploads the image to the configured URL, adds the review and says so", async () => {
    uploadImageMock.mockImplementation(async (_file, { onProgress }) => {
      onProgress?.(50);
      return "http://localhost/uploads/me.png";
    });
    renderApp({
      ui: <AddReviewPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        addReviewMock({
          result: {
            data: {
              addReview: {
                __typename: "Review",
                id: "UmV2aWV3OjE",
                name: "Jane Doe",
                ratings: 5,
                description: "Great battery",
                img: "http://localhost/uploads/me.png",
              },
            },
          },
        }),
      ],
    });
    expect(screen.getByLabelText("Name")).toHaveValue("Jane Doe");
    await fillForm();
    expect(await screen.findByAltText("Preview of the chosen image")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add review" }));
    expect(await screen.findByText("Review added successfully")).toBeInTheDocument();
    expect(uploadImageMock).toHaveBeenCalledWith(expect.any(File), expect.objectContaining({ uploadUrl: "/upload" }));
  });

  it('toasts "Failed to add Review" when the server refuses it', async () => {
    uploadImageMock.mockResolvedValue("http://localhost/uploads/me.png");
    renderApp({
      ui: <AddReviewPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        addReviewMock({
          result: { errors: [new GraphQLError("img must be a URL", { extensions: { code: "BAD_USER_INPUT" } })] },
        }),
      ],
    });
    await fillForm();
    await userEvent.click(screen.getByRole("button", { name: "Add review" }));
    expect(await screen.findByText("Failed to add Review")).toBeInTheDocument();
  });

  it("refuses a rating that is not a whole star (3.5 is not sent as 4), uploading nothing", async () => {
    renderApp({ ui: <AddReviewPage />, auth: createFakeAuth({ user: customer }) });
    await userEvent.type(screen.getByLabelText("Ratings"), "3.5");
    await userEvent.type(screen.getByLabelText("Description"), "Great battery");
    await userEvent.upload(screen.getByLabelText("Image"), photo());
    await userEvent.click(screen.getByRole("button", { name: "Add review" }));
    expect(await screen.findByText("Rating must be a whole number from 1 to 5")).toBeInTheDocument();
    expect(uploadImageMock).not.toHaveBeenCalled();
  });

  it('toasts "Failed to add Review" when the upload fails', async () => {
    uploadImageMock.mockRejectedValue(new Error("Only PNG, JPEG, WebP or GIF images"));
    renderApp({ ui: <AddReviewPage />, auth: createFakeAuth({ user: customer }) });
    await fillForm();
    await userEvent.click(screen.getByRole("button", { name: "Add review" }));
    expect(await screen.findByText("Failed to add Review")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Only PNG, JPEG, WebP or GIF images")).toHaveClass("form-error"));
  });

  it("opened from a part (?part=), the review is about that part", async () => {
    uploadImageMock.mockResolvedValue("http://localhost/uploads/me.png");
    const input = {
      name: "Jane Doe",
      ratings: 5,
      description: "Great battery",
      img: "http://localhost/uploads/me.png",
      partId: "p-1",
    };
    renderApp({
      route: "/dashboard/add_review?part=p-1",
      ui: <AddReviewPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: ReviewedPartDocument, variables: { id: "p-1" } },
          result: { data: { part: { __typename: "Part", id: "UGFydDox", databaseId: "p-1", name: "Laptop battery" } } },
        },
        {
          request: { query: AddReviewDocument, variables: { input } },
          result: {
            data: {
              addReview: {
                __typename: "Review",
                id: "UmV2aWV3OjI",
                name: "Jane Doe",
                ratings: 5,
                description: "Great battery",
                img: input.img,
              },
            },
          },
        },
      ],
    });
    expect(await screen.findByTestId("reviewed-part")).toHaveTextContent("Your review of Laptop battery.");
    expect(screen.getByRole("link", { name: "Review the shop instead" })).toHaveAttribute(
      "href",
      "/dashboard/add_review",
    );
    await fillForm();
    await userEvent.click(screen.getByRole("button", { name: "Add review" }));
    expect(await screen.findByText("Review added successfully")).toBeInTheDocument();
  });

  it("an unknown part: says so, and the review is about the shop", async () => {
    renderApp({
      route: "/dashboard/add_review?part=nope",
      ui: <AddReviewPage />,
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: ReviewedPartDocument, variables: { id: "nope" } },
          result: { errors: [new GraphQLError("Part not found", { extensions: { code: "NOT_FOUND" } })] },
        },
      ],
    });
    expect(await screen.findByText(/That part was not found: this review will be about the shop/)).toBeInTheDocument();
  });
});
