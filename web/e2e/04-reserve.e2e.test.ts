import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  CUSTOMER,
  expectDisabled,
  expectRed,
  expectText,
  expectToast,
  expectValue,
  fact,
  hidden,
  openPart,
  partCard,
  readNumber,
  row,
  signIn,
  visible,
} from "./support/ui";

const journey = useJourney("04-reserve");

const DDR5 = "32GB DDR5-5600 SO-DIMM Memory Module"; // $89.99, 800 in stock, minimum order 5

describe("reserving a part", () => {
  it("keeps the quantity between the minimum order and the stock, requires address and phone, and sends the order once", async () => {
    const page = await journey.newPage();
    await signIn(page, CUSTOMER);
    await openPart(page, DDR5);
    const available = page.getByTestId("part-available");
    await expectText(available, "800");

    const quantity = page.getByLabel("Quantity", { exact: true });
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    const plus = page.getByRole("button", { name: "Increase quantity" });
    const reserve = page.getByRole("button", { name: "Reserve", exact: true });

    // Starts at the minimum: minus disabled.
    await expectValue(quantity, "5");
    await expectDisabled(minus, true);
    await expectDisabled(plus, false);
    await visible(page.getByText("Between 5 and 800"));
    await journey.shot(page, "at-the-minimum");

    await plus.click();
    await expectValue(quantity, "6");
    await expectDisabled(minus, false);
    await minus.click();
    await expectValue(quantity, "5");
    await expectDisabled(minus, true);

    // Up to the stock: plus disabled there.
    await quantity.fill("799");
    await expectDisabled(plus, false);
    await plus.click();
    await expectValue(quantity, "800");
    await expectDisabled(plus, true);
    await expectDisabled(minus, false);
    await journey.shot(page, "at-the-stock");

    // Typed values are held to the same bounds.
    await quantity.fill("801");
    await expectText(page.locator("#reservation-quantity-error"), "Only 800 available");
    await expectDisabled(reserve, true);
    await quantity.fill("4");
    await expectText(page.locator("#reservation-quantity-error"), "The minimum order quantity is 5");
    await expectDisabled(reserve, true);

    await quantity.fill("7");
    await expectText(page.locator(".total"), "Total: $629.93");
    await expectDisabled(reserve, false);

    // Address and phone are required; the phone is a number.
    await reserve.click();
    await expectText(page.locator("#reservation-address-error"), "Address is Required");
    await expectText(page.locator("#reservation-phone-error"), "Phone is Required");
    await expectRed(page.locator("#reservation-address-error"));
    await page.getByLabel("Phone", { exact: true }).fill("call me");
    await reserve.click();
    await expectText(page.locator("#reservation-phone-error"), "Phone must be a number");
    await expectText(available, "800");
    await journey.shot(page, "address-and-phone-required");

    await page.getByLabel("Address", { exact: true }).fill("12 Circuit Lane, Dhaka");
    await page.getByLabel("Phone", { exact: true }).fill("01712345678");
    await reserve.click();
    await expectToast(page, "success", "You order is sent.");
    await expectText(available, "793");
    await hidden(page.locator("#reservation-phone-error"));
    await journey.shot(page, "order-sent");

    // The same part again while that order is unpaid.
    await reserve.click();
    await expectToast(page, "error", "Already ordered");
    await expectText(available, "793");
    await journey.shot(page, "already-ordered");

    // The home page shows the new stock; my orders shows the unpaid order.
    await page.goto("/");
    await expectText(fact(partCard(page, DDR5), "Available"), "793");
    await page.goto("/dashboard/my_orders");
    const order = row(page, DDR5);
    await visible(order);
    await expectText(order.locator('td[data-label="Quantity"]'), "7");
    await expectText(order.locator('td[data-label="Total"]'), "$629.93");
    await expectText(order.locator('td[data-label="Status"]'), "Unpaid");
    expect(await page.locator("tbody tr").count()).toBe(1);
    expect(await readNumber(order.locator('td[data-label="#"]'))).toBe(1);
  });
});
