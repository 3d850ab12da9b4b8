import { describe, expect, it } from "vitest";
import { CARRIERS, carrierNamed, carrierOf, trackingNumberOf, trackingUrlOf } from "./carriers";

describe("carriers", () => {
  it("the registry has the contract's codes, each with a name and an https template with {tracking}", () => {
    expect(CARRIERS.map((carrier) => carrier.code)).toEqual([
      "ups",
      "fedex",
      "usps",
      "dhl",
      "royal-mail",
      "canada-post",
      "australia-post",
      "postnl",
      "la-poste",
      "dpd",
    ]);
    for (const carrier of CARRIERS) {
      expect(carrier.name.length).toBeGreaterThan(0);
      expect(carrier.trackingUrlTemplate).toMatch(/^https:\/\/[^ ]+\{tracking\}/);
    }
  });

  it("a tracking link is the carrier's template with the number", () => {
    expect(trackingUrlOf(carrierOf("ups")!, "1Z999AA10123456784")).toBe(
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
  });

  it("a carrier is named by its code, in any case; any other code is refused naming carrier", () => {
    expect(carrierNamed(" DHL ").code).toBe("dhl");
    expect(carrierOf("pigeon")).toBeNull();
    expect(() => carrierNamed("pigeon")).toThrow(
      expect.objectContaining({ code: "BAD_USER_INPUT", details: { fields: { carrier: expect.any(Array) } } }),
    );
  });

  it("a tracking number is kept upper-cased without spaces", () => {
    expect(trackingNumberOf("1z 999 aa1 0123456784")).toBe("1Z999AA10123456784");
    expect(trackingNumberOf("RR-123-45")).toBe("RR-123-45");
  });

  it.each([
    ["too short", "1Z 9"],
    ["too long", "A".repeat(41)],
    ["a slash", "1Z999/AA101"],
    ["a letter outside A-Z", "1Z999ÄA101"],
    ["a newline", "1Z999\nAA101"],
    ["only spaces", "       "],
  ])("a tracking number with %s is refused naming trackingNumber", (_what, typed) => {
    expect(() => trackingNumberOf(typed)).toThrow(
      expect.objectContaining({ code: "BAD_USER_INPUT", details: { fields: { trackingNumber: expect.any(Array) } } }),
    );
  });
});
