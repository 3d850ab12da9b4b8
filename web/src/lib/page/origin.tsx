import { createContext, useContext } from "react";

/** The shop's origin (https://shop.example.com) while a page is rendered on the server. */
export const ServerOriginContext = createContext<string | null>(null);

/** The shop's origin, for absolute URLs in structured data: the request's on the server, the window's in the browser. */
export function useOrigin(): string {
  return useContext(ServerOriginContext) ?? window.location.origin;
}
