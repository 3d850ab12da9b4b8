// The shop's own access token (from the signIn mutation), sent as a bearer token on every call.
export const ACCESS_TOKEN_KEY = "accessToken";

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

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    /* nothing stored */
  }
}
