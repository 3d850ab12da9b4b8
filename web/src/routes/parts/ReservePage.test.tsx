import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { imageElsewhere, partImage } from "@/test/imageFixtures";
import { ReservationPartDocument } from "./ReservePage";
import { PlaceOrderDocument } from "./ReservationForm";

const part = {
  __typename: "Part",
  id: "UGFydDox",
  databaseId: "p-1",
  name: "Laptop battery",
  partNumber: "5B10W13930",
  alternativeNumbers: ["02DL008"],
  img: "/images/battery.png",
  images: [partImage("pi-1", imageElsewhere("/images/battery.png"))],
  price: 40,
  shownPrice: 40,
  available: 5,
  minOrderQuantity: 3,
  shortDesc: "6-cell, 4400 mAh",
  retired: false,
  rating: 4.5,
  reviewCount: 2,
  compatibleModels: [
    {
      __typename: "LaptopModel",
      id: "TGFwdG9wTW9kZWw6MQ",
      brand: "Lenovo",
      model: "ThinkPad T14 Gen 2",
      name: "Lenovo ThinkPad T14 Gen 2",
    },
    {
      __typename: "LaptopModel",
      id: "TGFwdG9wTW9kZWw6Mg",
      brand: "Dell",
      model: "Latitude 5420",
      name: "Dell Latitude 5420",
    },
  ],
};

const partMock = { request: { query: ReservationPartDocument, variables: { id: "p-1" } }, result: { data: { part } } };

const placeOrderMock = (quantity: number, result: object) => ({
  request: {
    query: PlaceOrderDocument,
    variables: { input: { partId: part.id, quantity, address: "12 Main St", phone: "0123456789" } },
  },
  ...result,
});

async function openReservation(mocks: object[] = []) {
  renderApp({
    route: "/parts/p-1",
    auth: createFakeAuth({ user: customer }),
    mocks: [partMock, ...(mocks as never[])],
  });
  await screen.findByRole("heading", { name: "Laptop battery" });
}

const quantityInput = () => screen.getByLabelText("Quantity") as HTMLInputElement;
const minus = () => screen.getByRole("button", { name: "Decrease quantity" });
const plus = () => screen.getByRole("button", { name: "Increase quantity" });

describe("reservation quantity selector", () => {
  it("starts at the minimum order with minus disabled", async () => {
    await openReservation();
    expect(quantityInput().value).toBe("3");
    expect(minus()).toBeDisabled();
    expect(plus()).toBeEnabled();
  });

  it("goes up to the stock, then disables plus; minus works again above the minimum", async () => {
    await openReservation();
    await userEvent.click(plus());
    expect(quantityInput().value).toBe("4");
    expect(minus()).toBeEnabled();
    await userEvent.click(plus());
    expect(quantityInput().value).toBe("5");
    expect(plus()).toBeDisabled();
    await userEvent.click(minus());
    await userEvent.click(minus());
    expect(quantityInput().value).toBe("3");
    expect(minus()).toBeDisabled();
  });

  it("checks a typed value against the same bounds", async () => {
    await openReservation();
    fireEvent.change(quantityInput(), { target: { value: "2" } });
    expect(await screen.findByText("The minimum order quantity is 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reserve" })).toBeDisabled();
    fireEvent.change(quantityInput(), { target: { value: "9" } });
    expect(await screen.findByText("Only 5 available")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reserve" })).toBeDisabled();
    fireEvent.change(quantityInput(), { target: { value: "4" } });
    await waitFor(() => expect(screen.getByRole("button", { name: "Reserve" })).toBeEnabled());
  });
});

describe("the part", () => {
  it("lists the laptop models it fits, each a link to the parts for that laptop, its rating and a way to review it", async () => {
    await openReservation();
    const fits = screen.getByRole("region", { name: "Fits these laptops" });
    const links = within(fits).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Lenovo ThinkPad T14 Gen 2", "Dell Latitude 5420"]);
    expect(links[0]).toHaveAttribute("href", "/parts?brand=Lenovo&model=ThinkPad+T14+Gen+2");
    expect(screen.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeInTheDocument();
    expect(screen.getByText("4.5 (2 reviews)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Write a review of this part" })).toHaveAttribute(
      "href",
      "/dashboard/add_review?part=p-1",
    );
  });

  it("says when no laptop models are listed", async () => {
    renderApp({
      route: "/parts/p-1",
      auth: createFakeAuth({ user: customer }),
      mocks: [
        { ...partMock, result: { data: { part: { ...part, compatibleModels: [], rating: null, reviewCount: 0 } } } },
      ],
    });
    expect(await screen.findByText("No laptop models are listed for this part yet.")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /Rated/ })).not.toBeInTheDocument();
  });
});

describe("reservation form", () => {
  it("requires the address and the phone", async () => {
    await openReservation();
    await userEvent.click(screen.getByRole("button", { name: "Reserve" }));
    expect(await screen.findByText("Address is Required")).toBeInTheDocument();
    expect(screen.getByText("Phone is Required")).toBeInTheDocument();
  });

  it("wants a numeric phone", async () => {
    await openReservation();
    await userEvent.type(screen.getByLabelText("Address"), "12 Main St");
    await userEvent.type(screen.getByLabelText("Phone"), "call me");
    await userEvent.click(screen.getByRole("button", { name: "Reserve" }));
    expect(await screen.findByText("Phone must be a number")).toBeInTheDocument();
  });

  it('places the order, toasts "You order is sent." and shows the new stock', async () => {
    await openReservation([
      placeOrderMock(3, {
        result: {
          data: {
            placeOrder: {
              __typename: "Order",
              id: "T3JkZXI6MQ",
              databaseId: "o-1",
              quantity: 3,
              price: 120,
              paid: false,
              part: { __typename: "Part", id: part.id, available: 2 },
            },
          },
        },
      }),
    ]);
    expect(screen.getByTestId("part-available")).toHaveTextContent("5");
    await userEvent.type(screen.getByLabelText("Address"), "12 Main St");
    await userEvent.type(screen.getByLabelText("Phone"), "0123456789");
    await userEvent.click(screen.getByRole("button", { name: "Reserve" }));
    expect(await screen.findByText("You order is sent.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("part-available")).toHaveTextContent("2"));
  });

  it('toasts "Already ordered" when the server answers CONFLICT', async () => {
    await openReservation([
      placeOrderMock(3, {
        result: { errors: [new GraphQLError("Already ordered", { extensions: { code: "CONFLICT" } })] },
      }),
    ]);
    await userEvent.type(screen.getByLabelText("Address"), "12 Main St");
    await userEvent.type(screen.getByLabelText("Phone"), "0123456789");
    await userEvent.click(screen.getByRole("button", { name: "Reserve" }));
    expect(await screen.findByText("Already ordered")).toBeInTheDocument();
  });
});

describe("login round trip", () => {
  it("brings a visitor back to the part after signing in", async () => {
    renderApp({ route: "/parts/p-1", mocks: [partMock] });
    await screen.findByRole("heading", { name: "Login" });
    await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("heading", { name: "Laptop battery" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/parts/p-1");
  });
});

describe("unknown part", () => {
  it("says a retired part is no longer sold, and offers no reservation form", async () => {
    renderApp({
      route: "/parts/p-1",
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: ReservationPartDocument, variables: { id: "p-1" } },
          result: { data: { part: { ...part, retired: true } } },
        },
      ],
    });
    expect(await screen.findByRole("heading", { name: "No longer sold" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Laptop battery has been retired and can no longer be reserved. Orders already placed for it are kept.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reserve" })).not.toBeInTheDocument();
  });

  it("says the part does not exist when the server answers NOT_FOUND", async () => {
    renderApp({
      route: "/parts/nope",
      auth: createFakeAuth({ user: customer }),
      mocks: [
        {
          request: { query: ReservationPartDocument, variables: { id: "nope" } },
          result: { errors: [new GraphQLError("Part not found", { extensions: { code: "NOT_FOUND" } })] },
        },
      ],
    });
    expect(await screen.findByText("This part does not exist or is no longer sold.")).toBeInTheDocument();
  });
});
