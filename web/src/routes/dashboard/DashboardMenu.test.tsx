import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IsAdminDocument } from "@/lib/auth/useIsAdmin";
import { admin, createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { DashboardMenu } from "./DashboardMenu";

const isAdminMock = (email: string, isAdmin: boolean) => ({
  request: { query: IsAdminDocument, variables: { email } },
  result: { data: { isAdmin } },
});

async function menuLinks() {
  const nav = await screen.findByRole("navigation", { name: "Dashboard" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent);
}

describe("dashboard menu", () => {
  it("shows My Profile, My Orders, Add a review and Addresses to a customer", async () => {
    renderApp({
      ui: <DashboardMenu />,
      auth: createFakeAuth({ user: customer }),
      mocks: [isAdminMock(customer.email, false)],
    });
    expect(await screen.findByRole("link", { name: "My Orders" })).toBeInTheDocument();
    expect(await menuLinks()).toEqual(["My Profile", "My Orders", "Add a review", "Addresses"]);
  });

  it("shows My Profile, the overview first, the four admin pages of the spec, then parts and the history to an admin", async () => {
    renderApp({
      ui: <DashboardMenu />,
      auth: createFakeAuth({ user: admin }),
      mocks: [isAdminMock(admin.email, true)],
    });
    expect(await screen.findByRole("link", { name: "All Users" })).toBeInTheDocument();
    expect(await menuLinks()).toEqual([
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
  });

  it("shows only My Profile while the admin check runs", async () => {
    renderApp({
      ui: <DashboardMenu />,
      auth: createFakeAuth({ user: admin }),
      mocks: [{ ...isAdminMock(admin.email, true), delay: 10_000 }],
    });
    expect(await menuLinks()).toEqual(["My Profile"]);
    expect(screen.getByText("Loading your menu…")).toBeInTheDocument();
  });

  it("folds the list under a button naming the current page (phones); choosing a page folds it again", async () => {
    renderApp({
      route: "/dashboard/my_orders",
      ui: <DashboardMenu />,
      auth: createFakeAuth({ user: customer }),
      mocks: [isAdminMock(customer.email, false)],
    });
    const toggle = await screen.findByRole("button", { name: "Dashboard menu: My Orders" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)).toBe(
      within(screen.getByRole("navigation", { name: "Dashboard" })).getByRole("list"),
    );

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(screen.getByRole("link", { name: "Add a review" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/add_review");
    expect(screen.getByRole("button", { name: "Dashboard menu: Add a review" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  it("folds on Escape and gives the focus back to its button", async () => {
    renderApp({
      route: "/dashboard",
      ui: <DashboardMenu />,
      auth: createFakeAuth({ user: admin }),
      mocks: [isAdminMock(admin.email, true)],
    });
    await screen.findByRole("link", { name: "All Users" });
    const toggle = screen.getByRole("button", { name: "Dashboard menu: My Profile" });
    await userEvent.click(toggle);
    screen.getByRole("link", { name: "Manage Product" }).focus();
    await userEvent.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });
});
