import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { Navbar } from "./Navbar";

describe("navigation bar", () => {
  it("offers Home, Blogs, Portfolio and Login to a visitor", () => {
    renderApp({ ui: <Navbar /> });
    const nav = screen.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Blogs", "Portfolio", "Login"])
      expect(within(nav).getByRole("link", { name })).toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("shows Dashboard, the display name and Sign out to a signed-in user", async () => {
    const auth = createFakeAuth({ user: customer });
    renderApp({ ui: <Navbar />, auth, route: "/blogs" });
    expect(screen.getByRole("link", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getByTestId("navbar-user")).toHaveTextContent("Jane Doe");
    await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(auth.spies.signOut).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole("link", { name: "Login" })).toBeInTheDocument());
  });

  it("opens and closes the mobile menu", async () => {
    renderApp({ ui: <Navbar /> });
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  });
});
