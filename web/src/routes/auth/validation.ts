import type { RegisterOptions } from "react-hook-form";
import { matchPath } from "react-router-dom";
import { pagePaths } from "../../routeTable";

// docs/product.md, "Validation in the web app": lowercase letters and digits, @, letters, a dot, then 2 to 3 letters (a simple,
// unanchored pattern, so first.last@example.com still passes through its last part).
export const EMAIL_PATTERN = /[a-z0-9]+@[a-z]+\.[a-z]{2,3}/;

export const emailRules = {
  required: "Email is Required",
  pattern: { value: EMAIL_PATTERN, message: "Provide a valid Email" },
} satisfies RegisterOptions;

export const passwordRules = {
  required: "Password is Required",
  minLength: { value: 6, message: "Must be 6 characters or longer" },
} satisfies RegisterOptions;

export const nameRules = {
  required: "Name is Required",
  validate: (value: string) => value.trim().length > 0 || "Name is Required",
} satisfies RegisterOptions;

/** Where to go after signing in: the page that sent the visitor to /login, else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (!from?.pathname || from.pathname === "/login" || from.pathname === "/register") return "/";
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

const ADMIN_PATHS = pagePaths()
  .filter((page) => page.access === "admin")
  .map((page) => page.path);

/** Whether only admins may open this path (a customer who opens it is signed out). */
export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATHS.some((path) => matchPath({ path, end: true }, pathname) !== null);
}
