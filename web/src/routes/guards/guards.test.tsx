import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { IsAdminDocument } from "@/auth/useIsAdmin";
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
});

describe("404", () => {
  it("shows the not-found message for an unknown path", async () => {
    renderApp({ route: "/this/does/not/exist" });
    expect(await screen.findByRole("heading", { name: "There's nothing here: 404!" })).toBeInTheDocument();
  });
});
