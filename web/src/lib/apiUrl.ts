// The API is on the same origin by default (the server serves this app); VITE_API_URL points a
// build at an API elsewhere. Relative paths the API hands out (seed images, uploads) resolve there too.
const apiBase = (import.meta.env.VITE_API_URL ?? "").replace(/\/+$/, "");

export function apiUrl(path: string): string {
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  return `${apiBase}${path.startsWith("/") ? "" : "/"}${path}`;
}
