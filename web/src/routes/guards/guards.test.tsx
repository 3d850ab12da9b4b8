import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IsAdminDocument } from "@/lib/auth/useIsAdmin";
import { ViewerProfileDocument } from "../dashboard/ProfilePage";
import { admin, createFakeAuth, customer, renderApp } from "@/test/renderApp";

const isAdminMock = (email: string, isAdmin: boolean) => ({
  request: { query: IsAdminDocument, variables: { email } },
  result: { data: { isAdmin } },
  maxUsageCount: 10,
});

const profileMock = (email: string) => ({
  request: { query: ViewerProfileDocument },
  result: {
    data: {
      viewer: { __typename: "Viewer", id: "V1", email, displayName: "Someone", profile: null },
    },
  },
  maxUsageCount: 10,
});

describe("route guards", () => {
  it("sends a signed-out visitor from a part to /login", async () => {
    renderApp({ route: "/parts/abc" });
    expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it("sends a signed-out visitor from the dashboard to /login", async () => {
    renderApp({ route: "/dashboard/my_orders" });
    expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it("shows a spinner while the admin check runs, then the admin page to an admin", async () => {
    renderApp({
      route: "/dashboard/add_product",
      auth: createFakeAuth({ user: admin }),
      mocks: [{ ...isAdminMock(admin.email, true), delay: 50 }],
    });
    expect(await screen.findByText("Checking admin access…")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Add Product" })).toBeInTheDocument();
  });

  it("signs a non-admin out and sends them to /login from an admin page", async () => {
    const auth = createFakeAuth({ user: customer });
    renderApp({
      route: "/dashboard/all_users",
      auth,
      mocks: [isAdminMock(customer.email, false), profileMock(customer.email)],
    });
    await waitFor(() => expect(auth.spies.signOut).toHaveBeenCalled());
    expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
    expect(screen.queryByRole("heading", { name: "All Users" })).not.toBeInTheDocument();
  });

  it("sends a customer signed out at an admin page to their dashboard after signing in again, not back to the admin page", async () => {
    const auth = createFakeAuth({ user: customer });
    renderApp({
      route: "/dashboard/all_users",
      auth,
      mocks: [isAdminMock(customer.email, false), profileMock(customer.email)],
    });
    await screen.findByRole("heading", { name: "Login" });
    await userEvent.type(screen.getByLabelText("Email"), customer.email);
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/dashboard$/));
    expect(await screen.findByRole("heading", { name: "My Profile" })).toBeInTheDocument();
    expect(auth.spies.signOut).toHaveBeenCalledTimes(1);
  });

  it("sends a visitor who signs in as a customer from an admin link to their dashboard, without signing them out", async () => {
    const auth = createFakeAuth();
    renderApp({
      route: "/dashboard/manage_all_orders",
      auth,
      mocks: [isAdminMock(customer.email, false), profileMock(customer.email)],
    });
    await screen.findByRole("heading", { name: "Login" }, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText("Email"), customer.email);
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/dashboard$/));
    expect(await screen.findByRole("heading", { name: "My Profile" })).toBeInTheDocument();
    expect(auth.spies.signOut).not.toHaveBeenCalled();
  });
});

describe("404", () => {
  it("shows the not-found message for an unknown path", async () => {
    renderApp({ route: "/this/does/not/exist" });
    expect(await screen.findByRole("heading", { name: "There's nothing here: 404!" })).toBeInTheDocument();
  });
});
