import type { IncomingMessage } from "node:http";
import accepts from "accepts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asksForHtml } from "./answer-cache";

const requestAccepting = (accept: string | undefined) => ({ headers: { accept } }) as unknown as IncomingMessage;
const negotiated = (accept: string | undefined) =>
  accepts(requestAccepting(accept)).type(["application/json", "text/html"]) === "text/html";

const MEDIA_TYPES = [
  "application/json",
  "text/html",
  "text/*",
  "*/*",
  "application/*",
  "image/webp",
  "text/plain",
  "application/xhtml+xml",
];
const entry = fc
  .tuple(fc.constantFrom(...MEDIA_TYPES), fc.option(fc.constantFrom("0", "0.1", "0.5", "0.9", "1"), { nil: undefined }))
  .map(([type, q]) => (q === undefined ? type : `${type};q=${q}`));
const acceptHeader = fc.array(entry, { minLength: 1, maxLength: 5 }).map((entries) => entries.join(", "));

describe("asksForHtml", () => {
  it("answers as the full negotiation of the Accept header does, for any mix of types and q-values", () => {
    fc.assert(
      fc.property(acceptHeader, (accept) => asksForHtml(requestAccepting(accept)) === negotiated(accept)),
      {
        numRuns: 2_000,
      },
    );
  });

  it("gives a browser's navigation the page, and API clients, scripts and images their JSON or file", () => {
    expect(asksForHtml(requestAccepting("text/html,application/xhtml+xml,*/*;q=0.8"))).toBe(true);
    expect(asksForHtml(requestAccepting("application/json;q=0, */*"))).toBe(true);
    for (const accept of [undefined, "*/*", "application/json", "image/avif,image/webp,*/*", "text/html;q=0, */*"])
      expect(asksForHtml(requestAccepting(accept))).toBe(false);
  });
});
