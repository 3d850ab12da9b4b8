import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  accessToken,
  CUSTOMER,
  expectPath,
  expectSignedInAs,
  expectSignedOut,
  reservePart,
  row,
  signIn,
  submitLogin,
  visible,
} from "./support/ui";

const journey = useJourney("08-guards");

const ADMIN_PAGES = [
  "/dashboard/all_users",
  "/dashboard/manage_all_orders",
  "/dashboard/add_product",
  "/dashboard/manage_product",
];
const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4";

describe("guards", () => {
  it("sign a customer out and send them to /login when they open an admin page; signing in again leads to their dashboard", async () => {
    for (const [index, adminPage] of ADMIN_PAGES.entries()) {
      const page = await journey.newPage();
      await signIn(page, CUSTOMER);
      await page.goto("/dashboard");
      const menu = page.getByRole("navigation", { name: "Dashboard" });
      await visible(menu.getByRole("link", { name: "My Orders" }));
      expect(await menu.getByRole("link").allInnerTexts()).toEqual([
        "My Profile",
        "My Orders",
        "Add a review",
        "Addresses",
      ]);

      await page.goto(adminPage);
      await expectPath(page, "/login");
      await visible(page.getByRole("heading", { level: 1, name: "Login" }));
      await expectSignedOut(page);
      if (index === 0) await journey.shot(page, "customer-sent-to-login");

      // The login page does not send them back to the admin page (which would sign them out again).
      await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
      await expectSignedInAs(page, CUSTOMER.name);
      await expectPath(page, "/dashboard");
      await visible(page.getByRole("heading", { level: 1, name: "My Profile" }));
    }
  });

  it("send a visitor who signs in as a customer from an admin link to their dashboard, signed in", async () => {
    const page = await journey.newPage();
    await page.goto("/dashboard/manage_all_orders");
    await expectPath(page, "/login");
    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expectPath(page, "/dashboard");
    await visible(page.getByRole("heading", { level: 1, name: "My Profile" }));
    await expectSignedInAs(page, CUSTOMER.name);
  });

  it("sign the user out and go home when my orders is refused with UNAUTHENTICATED (the GraphQL 401: a token the server refuses)", async () => {
    const page = await journey.newPage();
    await signIn(page, CUSTOMER);
    await reservePart(page, SSD);
    await page.goto("/dashboard/my_orders");
    await visible(row(page, SSD));

    // The stored access token stops being valid (tampered signature): the server refuses it.
    journey.allowConsoleErrors(page, /status of 401/);
    const token = (await accessToken(page))!;
    const [header, payload, signature] = token.split(".");
    const tampered = `${header}.${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    await page.evaluate((value) => localStorage.setItem("accessToken", value), tampered);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blogs" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "How Partshop is built" }));
    await page.getByRole("contentinfo").getByRole("link", { name: "Track your orders" }).click();

    await expectPath(page, "/");
    await expectSignedOut(page);
    await journey.shot(page, "signed-out-after-401");
    await page.reload();
    await expectSignedOut(page);

    // Signing in again works and shows the order.
    await signIn(page, CUSTOMER);
    await page.goto("/dashboard/my_orders");
    await visible(row(page, SSD));
    await expectSignedInAs(page, CUSTOMER.name);
  });
});
