import { describe, expect, it } from "vitest";
import { idOfSlug, slugOf, slugWords } from "./slug";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("public page slugs", () => {
  it("write a name as lowercase ASCII words joined by hyphens, accents dropped", () => {
    expect(slugWords('15.6" FHD IPS Panel, 30-pin eDP')).toBe("15-6-fhd-ips-panel-30-pin-edp");
    expect(slugWords("Batería Köln — ÜBER")).toBe("bateria-koln-uber");
    expect(slugWords("  --!!--  ")).toBe("");
  });

  it("keep at most 60 characters of words, never ending in a hyphen", () => {
    const words = slugWords(`${"a".repeat(59)} b ${"c".repeat(30)}`);
    expect(words.length).toBeLessThanOrEqual(60);
    expect(words).toBe("a".repeat(59));
  });

  it("end with the record's id, which alone is read back", () => {
    expect(slugOf("Lenovo ThinkPad T14 battery", ID)).toBe(`lenovo-thinkpad-t14-battery-${ID}`);
    expect(slugOf("!!!", ID)).toBe(ID);
    expect(idOfSlug(`lenovo-thinkpad-t14-battery-${ID}`)).toBe(ID);
    expect(idOfSlug(`old-words-${ID.toUpperCase()}`)).toBe(ID);
    expect(idOfSlug(ID)).toBe(ID);
  });

  it.each([
    ["no id", "lenovo-thinkpad-battery"],
    ["an id glued to a word", `battery${ID}`],
    ["an id one digit short", `battery-${ID.slice(0, -1)}`],
    ["words after the id", `battery-${ID}-extra`],
  ])("name no record with %s", (_, slug) => {
    expect(idOfSlug(slug)).toBeNull();
  });
});
