import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  CARDS,
  CUSTOMER,
  expectCount,
  expectPath,
  expectRed,
  expectText,
  expectToast,
  hidden,
  openPart,
  reservePart,
  row,
  signIn,
  submitCard,
  chooseDelivery,
  NEW_YORK,
  useNewAddress,
  visible,
} from "./support/ui";

const journey = useJourney("05-my-orders");

const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4"; // $69.99, minimum order 5 -> $349.95
const DDR4 = "16GB DDR4-3200 SO-DIMM Memory Module"; // $34.99, 2,000 in stock, minimum order 10 -> $349.90

describe("my orders", () => {
  it("pays an order by card with New York's shipping and tax, shows the transaction id and Shipped; a declined card leaves the order unpaid; cancelling restores the stock", async () => {
    const page = await journey.newPage();
    await signIn(page, CUSTOMER);
    await reservePart(page, SSD);
    const ddr4 = await reservePart(page, DDR4);
    expect(ddr4).toEqual({ before: 2000, quantity: 10 });

    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
    await expectPath(page, "/dashboard/my_orders");
    await expectCount(page.locator("tbody tr"), 2);
    for (const part of [SSD, DDR4]) await expectText(row(page, part).locator('td[data-label="Status"]'), "Unpaid");
    await journey.shot(page, "two-unpaid-orders");

    // Pay with the success card.
    await row(page, SSD)
      .getByRole("link", { name: `Pay for ${SSD}` })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/payment\/[^/]+$/);
    await visible(page.getByRole("heading", { level: 1, name: `Pay for ${SSD}` }));
    // Shipped to New York by standard (free over $150): the goods and New York's 8.875% sales tax,
    // $31.06 ($31.058 rounded half up), shown before the card and frozen on the order.
    await useNewAddress(page, NEW_YORK);
    await page.getByRole("radio", { name: /^Standard/ }).check();
    await expectText(page.getByTestId("payment-subtotal"), "$349.95");
    await expectText(page.getByTestId("payment-shipping"), "Free");
    await expectText(page.getByTestId("payment-tax"), "$31.06");
    await expectText(page.getByTestId("payment-total"), "$381.01");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await visible(page.getByLabel("Card number"));
    await expectText(page.getByTestId("payment-total"), "$381.01");
    await visible(page.getByRole("button", { name: "Pay $381.01" }));
    await journey.shot(page, "payment-page");
    await submitCard(page, CARDS.success);
    await visible(page.getByText("Congrats! Your payment is completed.", { exact: true }));
    const transactionId = (await page.getByTestId("transaction-id").innerText()).trim();
    expect(transactionId).toMatch(/^pi_\w+$/);
    await journey.shot(page, "payment-completed");

    await page.getByRole("link", { name: "Back to my orders" }).click();
    const paid = row(page, SSD);
    // The spec's "Shipped", and beside it where the parcel really is.
    await expectText(
      paid.locator('td[data-label="Status"]'),
      `Shipped Fulfilment: To ship Transaction id: ${transactionId}`,
    );
    expect(await paid.getByRole("link", { name: `Pay for ${SSD}` }).count()).toBe(0);
    expect(await paid.getByRole("button", { name: `Cancel order for ${SSD}` }).count()).toBe(0);
    // Still paid after a reload (the server's record, not the page's memory).
    await page.reload();
    await expectText(row(page, SSD).locator('td[data-label="Status"] > .badge'), "Shipped");
    await visible(row(page, SSD).getByText(transactionId));
    await journey.shot(page, "shipped");

    // A declined card: the provider's message in red, the order stays unpaid (the sandbox answers 402, which Chromium logs).
    journey.allowConsoleErrors(page, /status of 402 .*\/v1\/payment_intents\/pi_\w+\/confirm/);
    await row(page, DDR4)
      .getByRole("link", { name: `Pay for ${DDR4}` })
      .click();
    await visible(page.getByRole("heading", { level: 1, name: `Pay for ${DDR4}` }));
    await chooseDelivery(page);
    await submitCard(page, CARDS.declined);
    const error = page.locator(".card-form .form-error");
    await expectText(error, "Your card was declined.");
    await expectRed(error);
    expect(await page.getByText("Congrats! Your payment is completed.").count()).toBe(0);
    await journey.shot(page, "card-declined");
    await page.goto("/dashboard/my_orders");
    // The webhook of the failed attempt may have told the shop why by now ("Last payment attempt: ...").
    await expectText(row(page, DDR4).locator('td[data-label="Status"] > .badge'), "Unpaid");

    // Cancel: the browser asks first; dismissing keeps the order.
    const cancel = row(page, DDR4).getByRole("button", { name: `Cancel order for ${DDR4}` });
    const questions: string[] = [];
    page.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await cancel.click();
    await expect.poll(() => questions).toEqual([`Are you sure you want to cancel your order for ${DDR4}?`]);
    await expectCount(page.locator("tbody tr"), 2);

    page.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await cancel.click();
    await expectToast(page, "success", "succeffully deleted");
    await hidden(row(page, DDR4));
    await expectCount(page.locator("tbody tr"), 1);
    expect(questions).toHaveLength(2);
    await journey.shot(page, "cancelled");
    await page.reload();
    await visible(row(page, SSD));
    await expectCount(page.locator("tbody tr"), 1);

    // The stock went back; the part can be reserved again.
    await openPart(page, DDR4);
    await expectText(page.getByTestId("part-available"), "2000");
  });
});
