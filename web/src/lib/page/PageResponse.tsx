import { createContext, useContext } from "react";
import { Navigate } from "react-router-dom";
import type { PageHead } from "./pageHead";

/**
 * What a page rendered on the server tells the server about the answer: its status (404 for a
 * part that does not exist...), where to send the browser instead, and what its head holds. In the browser there is
 * no such recorder: a status means nothing there, and a redirect is a navigation.
 */
export interface PageResponse {
  setStatus(code: number): void;
  redirect(to: string): void;
  /** The page's own title, description, canonical URL and link-preview tags (usePageHead). */
  setHead(head: PageHead): void;
}

export const PageResponseContext = createContext<PageResponse | null>(null);

/** The page's HTTP status when it is rendered on the server. */
export function HttpStatus({ code }: { code: number }) {
  useContext(PageResponseContext)?.setStatus(code);
  return null;
}

/** A permanent move to the page's own address: 301 from the server, a replaced history entry in the browser. */
export function MovedTo({ to }: { to: string }) {
  const response = useContext(PageResponseContext);
  if (!response) return <Navigate to={to} replace />;
  response.redirect(to);
  return null;
}
