import type { AuthUser } from "@/lib/auth/AuthContext";
import { SESSION_SHOWN_ATTRIBUTE, shownUserName } from "@/lib/auth/accessToken";

/** Builds an element as React renders it (attributes in the order the Navbar writes them). */
function element(tag: string, attributes: Record<string, string>, ...children: Array<Node | string>): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The menu entries a signed-in user has and a visitor has not, as `Navbar` renders them. */
function signedInEntries(user: AuthUser) {
  const name = shownUserName(user);
  return {
    dashboard: element("li", {}, element("a", { class: "", href: "/dashboard", "data-discover": "true" }, "Dashboard")),
    user: element(
      "li",
      { class: "navbar__user", "data-testid": "navbar-user" },
      element("span", { class: "avatar", "aria-hidden": "true" }, name.slice(0, 1).toUpperCase()),
      element("span", { class: "navbar__user-name", title: name }, name),
    ),
    signOut: element("li", {}, element("button", { type: "button", class: "btn btn--small btn--outline" }, "Sign out")),
  };
}

/**
 * A signed-in shopper's navigation bar in plain script, from the user stored at sign-in: the
 * server renders every storefront page for a visitor (so caches answer it), and this writes the
 * session in as `Navbar` renders it (Dashboard, the name, Sign out), so the header island, when
 * first used, hydrates it as it is, signed in from the first render. Marks `<html>` so it does.
 */
export function showSessionInPlainScript(header: ParentNode, user: AuthUser): boolean {
  const nav = header.querySelector<HTMLElement>("nav.navbar");
  const menu = nav?.querySelector<HTMLElement>("#main-menu");
  const login = menu?.querySelector<HTMLElement>("a[href='/login']")?.closest("li");
  const home = menu?.querySelector<HTMLElement>("a[href='/']")?.closest("li");
  if (!nav || !login || !home) return false;
  const entries = signedInEntries(user);
  nav.className = "navbar navbar--signed-in container";
  home.after(entries.dashboard);
  login.replaceWith(entries.user, entries.signOut);
  document.documentElement.setAttribute(SESSION_SHOWN_ATTRIBUTE, "");
  return true;
}
