import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  ADMIN,
  CUSTOMER,
  expectCount,
  expectDisabled,
  expectPath,
  expectText,
  expectToast,
  expectValue,
  hidden,
  payOrder,
  reservePart,
  row,
  signIn,
  visible,
} from "./support/ui";

const journey = useJourney("07-admin");

const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4";
const DDR4 = "16GB DDR4-3200 SO-DIMM Memory Module";
const PRODUCT = "E2E Cooling Pad Pro"; // 19 characters

const dashboardMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });

async function openAdminPage(page: Page, link: string, heading: string) {
  await dashboardMenu(page).getByRole("link", { name: link }).click();
  await visible(page.getByRole("heading", { level: 1, name: heading }));
}

describe("an admin", () => {
  let customer: Page;
  let admin: Page;

  // The customer has a paid order (SSD) and an unpaid one (DDR4).
  beforeAll(async () => {
    customer = await journey.newPage({ shared: true });
    await signIn(customer, CUSTOMER);
    await reservePart(customer, SSD);
    await reservePart(customer, DDR4);
    await payOrder(customer, SSD);
  }, 90_000);

  it("sees the admin menu and promotes a user to admin", async () => {
    admin = await journey.newPage({ shared: true });
    await signIn(admin, ADMIN);
    await admin.getByRole("link", { name: "Dashboard" }).click();
    await visible(dashboardMenu(admin).getByRole("link", { name: "Manage Product" }));
    // The spec's four admin pages in the spec's order, with the overview before them and the
    // To-ship queue, the parts, shipping, tax and history pages after them.
    expect(await dashboardMenu(admin).getByRole("link").allInnerTexts()).toEqual([
      "My Profile",
      "Overview",
      "All Users",
      "Manage All Orders",
      "Add Product",
      "Manage Product",
      "To ship",
      "Manage Parts",
      "Shipping",
      "Tax",
      "History",
    ]);

    await openAdminPage(admin, "All Users", "All Users");
    const customerRow = row(admin, CUSTOMER.email);
    await expectText(customerRow.locator('td[data-label="Role"]'), "User");
    await expectText(row(admin, ADMIN.email).locator('td[data-label="Role"]'), "Admin");
    expect(await row(admin, ADMIN.email).getByRole("button").count()).toBe(0);
    await journey.shot(admin, "all-users");

    await customerRow.getByRole("button", { name: `Make admin: ${CUSTOMER.email}` }).click();
    await expectToast(admin, "success", "Successfully to made admin");
    await expectText(customerRow.locator('td[data-label="Role"]'), "Admin");
    await hidden(customerRow.getByRole("button", { name: `Make admin: ${CUSTOMER.email}` }));
    await journey.shot(admin, "promoted");

    // The promotion takes effect for the customer at once: the admin menu.
    await customer.goto("/dashboard");
    await visible(dashboardMenu(customer).getByRole("link", { name: "All Users" }));
    expect(await dashboardMenu(customer).getByRole("link", { name: "My Orders" }).count()).toBe(0);
  });

  it("sees all orders: Confirm Order disabled on the paid one; deletes the unpaid one after confirming", async () => {
    await admin.goto("/dashboard");
    await openAdminPage(admin, "Manage All Orders", "Manage All Orders");
    await expectCount(admin.locator("tbody tr"), 2);
    const paid = row(admin, SSD);
    await expectText(paid.locator('td[data-label="Status"]'), "Paid Fulfilment: To ship");
    // The order's number shows under its customer.
    await expectText(
      paid.locator('td[data-label="Customer"]'),
      new RegExp(`^${CUSTOMER.name} ${CUSTOMER.email} #\\d+$`),
    );
    await expectDisabled(paid.getByRole("button", { name: "Confirm Order" }), true);
    expect(await paid.getByRole("button", { name: "Delete order" }).count()).toBe(0);
    const unpaid = row(admin, DDR4);
    await expectText(unpaid.locator('td[data-label="Status"]'), "Unpaid");
    await expectDisabled(unpaid.getByRole("button", { name: "Delete order" }), false);
    expect(await unpaid.getByRole("button", { name: "Confirm Order" }).count()).toBe(0);
    await journey.shot(admin, "all-orders");

    const questions: string[] = [];
    admin.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    await unpaid.getByRole("button", { name: "Delete order" }).click();
    await expectToast(admin, "success", `Order for ${DDR4} deleted`);
    expect(questions).toEqual([`Delete the order of ${CUSTOMER.email} for ${DDR4}? Its stock goes back on sale.`]);
    await hidden(unpaid);
    await expectCount(admin.locator("tbody tr"), 1);

    // The customer's list no longer has it and the stock is back.
    await customer.goto("/dashboard/my_orders");
    await visible(row(customer, SSD));
    await expectCount(customer.locator("tbody tr"), 1);
    await customer.goto("/parts/" + (await partId(customer, DDR4)));
    await expectText(customer.getByTestId("part-available"), "2000");
  });

  it("adds a product (it appears in new arrivals) and deletes it", async () => {
    await admin.goto("/dashboard");
    await openAdminPage(admin, "Add Product", "Add Product");
    const name = admin.getByLabel("Name", { exact: true });
    const submit = admin.getByRole("button", { name: "Add product" });
    await submit.click();
    await expectText(admin.locator("#product-name-error"), "Name is Required");
    await name.fill("A name of twenty-one!");
    await submit.click();
    await expectText(admin.locator("#product-name-error"), "Name must be 20 characters or less");
    await journey.shot(admin, "product-name-too-long");

    await name.fill(PRODUCT);
    await admin.getByLabel("Available quantity").fill("40");
    await admin.getByLabel("Minimum quantity").fill("2");
    await admin.getByLabel("Price ($)").fill("24.5");
    await admin.getByLabel("Description").fill("Aluminium cooling pad with two quiet fans.");
    await submit.click();
    await expectToast(admin, "success", "Prodcut added successfully");
    await expectValue(name, "");

    await admin.getByRole("link", { name: "Home" }).click();
    const arrivals = admin.locator("#new-arrivals .product-card");
    await expectCount(arrivals, 5);
    const added = arrivals.first();
    await expectText(added.locator(".card__title"), PRODUCT);
    await expectText(added.locator(".price"), "$24.50");
    await visible(added.getByRole("img", { name: `${PRODUCT} (no photo yet)` }));
    await visible(added.getByText("Aluminium cooling pad with two quiet fans."));
    await journey.shot(admin, "product-in-new-arrivals");

    await admin.getByRole("link", { name: "Dashboard" }).click();
    await openAdminPage(admin, "Manage Product", "Manage Products");
    await expectCount(admin.locator("tbody tr"), 5);
    // Deleting asks first (destructive actions ask first).
    const asked: string[] = [];
    admin.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await row(admin, PRODUCT)
      .getByRole("button", { name: `Delete ${PRODUCT}` })
      .click();
    await expectToast(admin, "success", `Product: ${PRODUCT} is deleted.`);
    expect(asked).toHaveLength(1);
    await hidden(row(admin, PRODUCT));
    await expectCount(admin.locator("tbody tr"), 4);
    await journey.shot(admin, "product-deleted");

    await admin.getByRole("link", { name: "Home" }).click();
    await expectCount(arrivals, 4);
    expect(await arrivals.locator(".card__title").allInnerTexts()).not.toContain(PRODUCT);
    await expectPath(admin, "/");
  });
});

/** The part's id, from the Reserve link of its card on the home page. */
async function partId(page: Page, partName: string): Promise<string> {
  await page.goto("/");
  const href = await page
    .getByRole("article", { name: partName, exact: true })
    .getByRole("link", { name: "Reserve" })
    .getAttribute("href");
  return href!.split("/").pop()!;
}
