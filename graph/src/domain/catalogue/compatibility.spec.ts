import { describe, expect, it } from "vitest";
import { ShopError } from "../errors";
import { checkModelNames } from "./compatibility.service";
import { MAX_MODELS_PER_PART } from "./part-rules";

const refusal = (models: unknown) => {
  try {
    checkModelNames(models);
  } catch (error) {
    expect(error).toBeInstanceOf(ShopError);
    return (error as ShopError).message;
  }
  return null;
};

describe("the laptop models an admin gives a part", () => {
  it("are tidied (white space runs to one space, ends trimmed), and the same model in another letter case counts once", () => {
    expect(
      checkModelNames([
        { brand: "  Lenovo ", model: "ThinkPad \t T14\nGen 2" },
        { brand: "LENOVO", model: "thinkpad t14 gen 2" },
        { brand: "Dell", model: "Latitude 7490" },
      ]),
    ).toEqual([
      { brand: "Lenovo", model: "ThinkPad T14 Gen 2" },
      { brand: "Dell", model: "Latitude 7490" },
    ]);
  });

  it.each([
    ["not a list", { brand: "Dell", model: "XPS" }, "Models must be a list of brands and model names"],
    ["a model without a brand", [{ model: "XPS 13" }], "Each model needs a brand"],
    ["a blank brand", [{ brand: " \n ", model: "XPS 13" }], "Each model needs a brand"],
    ["a brand that is not text", [{ brand: 42, model: "XPS 13" }], "Each model needs a brand"],
    ["a brand without a model", [{ brand: "Dell" }], "Each model needs a model name"],
    ["null in the list", [null], "Each model needs a brand"],
    ["a brand of 41 characters", [{ brand: "b".repeat(41), model: "m" }], "Brand must be at most 40 characters"],
    ["a model of 81 characters", [{ brand: "b", model: "m".repeat(81) }], "Model must be at most 80 characters"],
  ])("refuse %s, saying what is wrong", (_, models, message) => {
    expect(refusal(models)).toBe(message);
  });

  it("count lengths in characters as PostgreSQL does: 40 emoji fit a brand", () => {
    expect(refusal([{ brand: "💻".repeat(40), model: "m" }])).toBeNull();
    expect(refusal([{ brand: "💻".repeat(41), model: "m" }])).toBe("Brand must be at most 40 characters");
  });

  it("are at most 200 different models, duplicates not counted", () => {
    const models = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ brand: "Dell", model: `Latitude ${i}` }));
    expect(checkModelNames([...models(MAX_MODELS_PER_PART), ...models(10)])).toHaveLength(MAX_MODELS_PER_PART);
    expect(refusal(models(MAX_MODELS_PER_PART + 1))).toBe("A part can list at most 200 laptop models");
  });
});
