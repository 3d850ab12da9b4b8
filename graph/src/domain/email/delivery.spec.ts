import { describe, expect, it } from "vitest";
import { MAX_RETRY_SECONDS, retryDelaySeconds } from "./delivery";

describe("the wait between attempts to send an email", () => {
  it("starts at the configured wait and doubles after each failure", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelaySeconds(attempt, 30))).toEqual([30, 60, 120, 240, 480]);
  });

  it("never exceeds an hour", () => {
    expect(retryDelaySeconds(8, 30)).toBe(MAX_RETRY_SECONDS);
    expect(retryDelaySeconds(60, 30)).toBe(MAX_RETRY_SECONDS);
  });
});
