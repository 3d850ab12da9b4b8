import { afterEach, describe, expect, it } from "vitest";
import { cleanup } from "@testing-library/react";
import { createFakeAuth, customer, renderApp } from "@/test/renderApp";
import { SESSION_SHOWN_ATTRIBUTE } from "@/lib/auth/accessToken";
import { Navbar } from "./Navbar";
import { showSessionInPlainScript } from "./sessionScript";

/** The navigation bar's markup as React renders it at `route`, for a visitor or for `user`. */
function navbarHtml(route: string, user: typeof customer | null): string {
  const { container } = renderApp({ ui: <Navbar />, route, auth: createFakeAuth({ user }) });
  const html = container.querySelector("nav")!.outerHTML;
  cleanup();
  return html;
}

describe("a signed-in shopper's navigation bar in plain script", () => {
  afterEach(() => document.documentElement.removeAttribute(SESSION_SHOWN_ATTRIBUTE));

  // The header island hydrates what the script wrote: any difference from React's render would
  // be a hydration error, or an attribute React never corrects.
  for (const route of ["/", "/blogs", "/parts?q=ssd"])
    it(`writes the session into a visitor's bar at ${route} exactly as React renders it signed in`, () => {
      const header = document.createElement("div");
      header.innerHTML = navbarHtml(route, null);
      expect(showSessionInPlainScript(header, customer)).toBe(true);
      expect(header.innerHTML).toBe(navbarHtml(route, customer));
      expect(document.documentElement.hasAttribute(SESSION_SHOWN_ATTRIBUTE)).toBe(true);
    });

  it("shows the email, and its first letter, for a user without a display name", () => {
    const header = document.createElement("div");
    header.innerHTML = navbarHtml("/", null);
    const nameless = { ...customer, displayName: null };
    showSessionInPlainScript(header, nameless);
    expect(header.innerHTML).toBe(navbarHtml("/", nameless));
    expect(header.querySelector("[data-testid='navbar-user']")!.textContent).toBe("Jjane@example.com");
  });

  it("leaves a bar it does not recognise alone, and does not say the session shows", () => {
    const header = document.createElement("div");
    header.innerHTML = "<nav class='navbar'><ul id='main-menu'></ul></nav>";
    expect(showSessionInPlainScript(header, customer)).toBe(false);
    expect(header.innerHTML).toBe('<nav class="navbar"><ul id="main-menu"></ul></nav>');
    expect(document.documentElement.hasAttribute(SESSION_SHOWN_ATTRIBUTE)).toBe(false);
  });
});
