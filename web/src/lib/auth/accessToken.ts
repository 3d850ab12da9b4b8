import type { AuthUser } from "./AuthContext";

// The shop's own access token (from the signIn mutation), sent as a bearer token on every call.
export const ACCESS_TOKEN_KEY = "accessToken";
/** Who the token was issued to, as the pages show them: stored beside it at every sign-in. */
export const SESSION_USER_KEY = "sessionUser";

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null; // storage disabled (private mode): behave as signed out
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
}

/** Forgets the token and whom it was for. */
export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(SESSION_USER_KEY);
  } catch {
    /* nothing stored */
  }
}

/**
 * Keeps the signed-in user beside the token, so a page shows the session without the identity
 * provider (whose SDK a storefront page never loads). Nothing is kept without a token.
 */
export function rememberSessionUser(user: AuthUser): void {
  if (!getAccessToken()) return;
  const { uid, email, displayName, emailVerified } = user;
  try {
    localStorage.setItem(SESSION_USER_KEY, JSON.stringify({ uid, email, displayName, emailVerified }));
  } catch {
    /* storage full or disabled: the session is restored through the identity provider instead */
  }
}

/** The user the stored token was issued to, or null (no token, or a session from before the user was kept). */
export function rememberedSessionUser(): AuthUser | null {
  if (!getAccessToken()) return null;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SESSION_USER_KEY) ?? "null");
    if (!stored || typeof stored !== "object") return null;
    const { uid, email, displayName, emailVerified } = stored as Record<string, unknown>;
    if (typeof uid !== "string" || typeof email !== "string") return null;
    return {
      uid,
      email,
      displayName: typeof displayName === "string" ? displayName : null,
      emailVerified: typeof emailVerified === "boolean" ? emailVerified : undefined,
    };
  } catch {
    return null;
  }
}

/** The name the navigation bar shows for a user. */
export const shownUserName = (user: Pick<AuthUser, "displayName" | "email">) => user.displayName || user.email;

/** On `<html>` once plain script shows the remembered session in the page's header (islands then hydrate it so). */
export const SESSION_SHOWN_ATTRIBUTE = "data-session-shown";

export function sessionShownInPage(): boolean {
  return typeof document !== "undefined" && document.documentElement.hasAttribute(SESSION_SHOWN_ATTRIBUTE);
}
