import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { CarriersDocument, RecordShipmentDocument } from "./shipmentFields";
import { ShipForm, type LineToShip } from "./ShipForm";

const LINES: LineToShip[] = [
  { id: "order-1", number: "100042", partName: "Backlit US Keyboard", quantity: 10, left: 10 },
  { id: "order-2", number: "100043", partName: "Webcam", quantity: 20, left: 15 },
  { id: "order-3", number: "100044", partName: "Battery", quantity: 4, left: 4 },
];

const carriersMock = {
  request: { query: CarriersDocument },
  result: {
    data: {
      carriers: [
        { __typename: "Carrier", code: "ups", name: "UPS" },
        { __typename: "Carrier", code: "dhl", name: "DHL" },
      ],
    },
  },
};

const shipment = {
  __typename: "Shipment",
  id: "ship-1",
  trackingNumber: "1Z999AA1",
  carrier: { __typename: "Carrier", code: "ups", name: "UPS" },
};

function renderForm(mocks: object[], onShipped = vi.fn(async () => undefined)) {
  renderApp({
    ui: <ShipForm orderId="order-2" lines={LINES} onShipped={onShipped} />,
    auth: createFakeAuth({ user: admin }),
    mocks: [carriersMock, ...(mocks as never[])],
  });
  return { onShipped, form: screen.getByRole("form", { name: "Ship" }) };
}

/** Chooses what goes in the parcel: no keyboard, 5 webcams, the batteries all; by UPS. */
async function fillParcel(form: HTMLElement, trackingNumber = "1Z 999 AA1") {
  await userEvent.clear(within(form).getByLabelText("Quantity of Backlit US Keyboard"));
  await userEvent.type(within(form).getByLabelText("Quantity of Backlit US Keyboard"), "0");
  await userEvent.clear(within(form).getByLabelText("Quantity of Webcam"));
  await userEvent.type(within(form).getByLabelText("Quantity of Webcam"), "5");
  await screen.findByRole("option", { name: "UPS" });
  await userEvent.selectOptions(within(form).getByLabelText("Carrier"), "ups");
  await userEvent.type(within(form).getByLabelText("Tracking number"), trackingNumber);
}

describe("the ship form", () => {
  it("starts each line at what is left, and sends the lines chosen with the carrier and tracking number", async () => {
    const { form, onShipped } = renderForm([
      {
        request: {
          query: RecordShipmentDocument,
          variables: {
            input: {
              orderId: "order-2",
              lines: [
                { orderId: "order-2", quantity: 5 },
                { orderId: "order-3", quantity: 4 },
              ],
              carrier: "ups",
              trackingNumber: "1Z 999 AA1",
            },
          },
        },
        result: { data: { recordShipment: shipment } },
      },
    ]);
    expect(within(form).getByLabelText("Quantity of Backlit US Keyboard")).toHaveValue(10);
    expect(within(form).getByLabelText("Quantity of Webcam")).toHaveValue(15);
    expect(within(form).getByText("#100043: 15 of 20 left to ship")).toBeInTheDocument();
    await fillParcel(form, "  1Z 999 AA1 ");
    await userEvent.click(within(form).getByRole("button", { name: "Record shipment" }));
    // Said as the shop keeps it.
    expect(await screen.findByText("Shipment recorded: UPS 1Z999AA1")).toBeInTheDocument();
    await waitFor(() => expect(onShipped).toHaveBeenCalledTimes(1));
  });

  it("shows the shop's refusal beside the field it names: a line by the order it was sent in, the tracking number", async () => {
    const { form, onShipped } = renderForm([
      {
        request: {
          query: RecordShipmentDocument,
          variables: {
            input: {
              orderId: "order-2",
              lines: [
                { orderId: "order-2", quantity: 5 },
                { orderId: "order-3", quantity: 4 },
              ],
              carrier: "ups",
              trackingNumber: "1Z 999 AA1",
            },
          },
        },
        result: {
          errors: [
            {
              message: "lines[1].quantity: only 3 units of Battery are left to ship",
              extensions: {
                code: "BAD_USER_INPUT",
                fields: {
                  "lines[1].quantity": ["only 3 units of Battery are left to ship"],
                  trackingNumber: ["UPS tracking numbers start with 1Z"],
                },
              },
            },
          ],
        },
      },
    ]);
    await fillParcel(form);
    await userEvent.click(within(form).getByRole("button", { name: "Record shipment" }));
    // The second line sent is the batteries (the keyboards were left out), the form's third.
    const batteries = within(form).getByLabelText("Quantity of Battery");
    await waitFor(() => expect(batteries).toHaveAccessibleDescription("only 3 units of Battery are left to ship"));
    expect(batteries).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByLabelText("Quantity of Webcam")).not.toHaveAttribute("aria-invalid");
    expect(within(form).getByLabelText("Tracking number")).toHaveAccessibleDescription(
      "UPS tracking numbers start with 1Z",
    );
    // And the toast says it too; nothing was shipped.
    expect(await screen.findByText("lines[1].quantity: only 3 units of Battery are left to ship")).toBeInTheDocument();
    expect(onShipped).not.toHaveBeenCalled();
  });

  it("asks for a carrier, a well-formed tracking number and quantities within what is left before sending anything", async () => {
    // No mutation is mocked: a request sent would fail the test with an unexpected error.
    const { form, onShipped } = renderForm([]);
    await userEvent.clear(within(form).getByLabelText("Quantity of Webcam"));
    await userEvent.type(within(form).getByLabelText("Quantity of Webcam"), "16");
    await userEvent.type(within(form).getByLabelText("Tracking number"), "1Z#9");
    await userEvent.click(within(form).getByRole("button", { name: "Record shipment" }));
    expect(await within(form).findByText("Ship 0 to 15 of this line")).toBeInTheDocument();
    expect(within(form).getByLabelText("Carrier")).toHaveAccessibleDescription("Choose a carrier");
    expect(
      within(form).getByText("A tracking number is 5 to 40 letters, digits, spaces or dashes"),
    ).toBeInTheDocument();

    // Nothing in the parcel at all.
    for (const line of LINES) {
      await userEvent.clear(within(form).getByLabelText(`Quantity of ${line.partName}`));
      await userEvent.type(within(form).getByLabelText(`Quantity of ${line.partName}`), "0");
    }
    await screen.findByRole("option", { name: "UPS" });
    await userEvent.selectOptions(within(form).getByLabelText("Carrier"), "dhl");
    await userEvent.clear(within(form).getByLabelText("Tracking number"));
    await userEvent.type(within(form).getByLabelText("Tracking number"), "JD014600006281230704");
    await userEvent.click(within(form).getByRole("button", { name: "Record shipment" }));
    expect(await within(form).findByText("Put at least one unit in the parcel.")).toBeInTheDocument();
    expect(onShipped).not.toHaveBeenCalled();
  });
});
