import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import { CUSTOMER, expectPath, expectSignedInAs, expectValue, partCard, submitLogin, visible } from "./support/ui";

const journey = useJourney("03-return-after-login");

const SSD = "1TB NVMe M.2 2280 SSD, PCIe 4.0 x4";

describe("a visitor opening a part", () => {
  it("is sent to login and comes back to the part after signing in", async () => {
    const page = await journey.newPage();
    await page.goto("/");
    await partCard(page, SSD).getByRole("link", { name: "Reserve" }).click();
    await expectPath(page, "/login");
    await visible(page.getByRole("heading", { level: 1, name: "Login" }));
    await journey.shot(page, "sent-to-login");

    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/parts\/[^/]+$/);
    await visible(page.getByRole("heading", { level: 1, name: SSD }));
    await visible(page.getByRole("heading", { name: "Reserve this part" }));
    await expectValue(page.getByLabel("Name", { exact: true }), CUSTOMER.name);
    await expectValue(page.getByLabel("Email", { exact: true }), CUSTOMER.email);
    await expectSignedInAs(page, CUSTOMER.name);
    await journey.shot(page, "back-at-the-part");
  });

  it("opened by its address, comes back to it after registering instead", async () => {
    const first = await journey.newPage();
    await first.goto("/");
    const href = await partCard(first, SSD).getByRole("link", { name: "Reserve" }).getAttribute("href");
    expect(href).toMatch(/^\/parts\/[^/]+$/);

    const page = await journey.newPage();
    await page.goto(href!);
    await expectPath(page, "/login");
    await page.getByRole("link", { name: "Create new account" }).click();
    await expectPath(page, "/register");
    await page.getByLabel("Name", { exact: true }).fill("Nora Newcomer");
    await page.getByLabel("Email", { exact: true }).fill("nora@example.com");
    await page.getByLabel("Password", { exact: true }).fill("nora-secret");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expectPath(page, href!);
    await visible(page.getByRole("heading", { level: 1, name: SSD }));
    await expectSignedInAs(page, "Nora Newcomer");
  });

  it("sent to login from the dashboard, lands on the dashboard after signing in", async () => {
    const page = await journey.newPage();
    await page.goto("/dashboard/my_orders");
    await expectPath(page, "/login");
    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expectPath(page, "/dashboard/my_orders");
    await visible(page.getByRole("heading", { level: 1, name: "My Orders" }));
    await visible(page.getByText("You have no orders yet."));
  });
});
