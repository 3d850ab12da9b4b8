import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX, STOCK } from "../limits";
import {
  alternativeNumbersProblem,
  BATTERY_MESSAGE,
  batteryProblem,
  compatibleModelsProblem,
  DIMENSIONS_TOGETHER_MESSAGE,
  dimensionProblem,
  shippingFactsProblems,
  TAX_CATEGORY_MESSAGE,
  WEIGHT_MESSAGE,
  weightProblem,
  imageProblem,
  imagesProblem,
  MAX_ALTERNATIVE_NUMBERS,
  MAX_MODELS_PER_PART,
  MAX_PRICE_CENTS,
  partFieldProblem,
  partNumberProblem,
  partProblems,
  priceProblem,
  splitModelName,
  WHOLE_NUMBER_BOUNDS,
  wholeNumberMessage,
  wholeNumberProblem,
} from "./part-rules";

const AMOUNT = "Price must be an amount in dollars with at most two decimals";

describe("a part's price", () => {
  it("takes every whole number of cents from nothing to a million dollars", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_CENTS }), (cents) => {
        expect(priceProblem(cents / 100, true)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses a negative price as negative, whatever its cents", () => {
    fc.assert(
      fc.property(fc.double({ max: -Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true }), (price) => {
        expect(priceProblem(price, false)).toBe("Price cannot be negative");
      }),
    );
  });

  it("refuses anything above a million dollars with the cap in its words", () => {
    fc.assert(
      fc.property(fc.double({ min: 1_000_000.001, max: 1e300, noNaN: true }), (price) => {
        expect(priceProblem(price, false)).toBe("Price must be at most 1,000,000 dollars");
      }),
    );
    expect(priceProblem(1_000_000.01, false)).toBe("Price must be at most 1,000,000 dollars");
  });

  it("refuses fractions of a cent, and what is not a number, as no amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_CENTS - 1 }), fc.integer({ min: 1, max: 9 }), (cents, tenth) => {
        expect(priceProblem(cents / 100 + tenth / 1000, false)).toBe(AMOUNT);
      }),
    );
    for (const value of ["9.99", Number.NaN, Number.POSITIVE_INFINITY, true, [], {}]) {
      expect(priceProblem(value, true)).toBe(AMOUNT);
    }
  });

  it("is required of a new part and may be left out of a change", () => {
    expect(priceProblem(undefined, true)).toBe("Price is required");
    expect(priceProblem(null, false)).toBeNull();
  });
});

describe("stock, minimum order quantity and low-stock threshold", () => {
  const fields = Object.keys(WHOLE_NUMBER_BOUNDS) as Array<keyof typeof WHOLE_NUMBER_BOUNDS>;

  it("take every whole number within their bounds and refuse every other with the bounds in words", () => {
    for (const field of fields) {
      const { min, max } = WHOLE_NUMBER_BOUNDS[field];
      fc.assert(
        fc.property(fc.integer({ min, max }), (value) => {
          expect(wholeNumberProblem(field, value, true)).toBeNull();
        }),
      );
      fc.assert(
        fc.property(
          fc.oneof(
            fc.integer({ max: min - 1 }),
            fc.integer({ min: max + 1 }),
            fc.double({ noNaN: true }).filter((value) => !Number.isInteger(value)),
            fc.string(),
          ),
          (value) => {
            expect(wholeNumberProblem(field, value, true)).toBe(wholeNumberMessage(field));
          },
        ),
      );
    }
  });

  it("say their bounds as the shop always has", () => {
    expect(wholeNumberMessage("available")).toBe("Stock must be a whole number from 0 to 10,000,000");
    expect(wholeNumberMessage("minOrderQuantity")).toBe(
      "Minimum order quantity must be a whole number from 1 to 1,000,000",
    );
    expect(wholeNumberMessage("lowStockThreshold")).toBe(
      "Low-stock threshold must be a whole number from 0 to 10,000,000",
    );
    expect(WHOLE_NUMBER_BOUNDS.available.max).toBe(STOCK.maxAvailable);
  });
});

describe("a part's name and description", () => {
  const visible = fc.stringMatching(/^\S$/u);

  it("take any text that is not blank up to their length, counted in characters once trimmed", () => {
    fc.assert(
      fc.property(
        fc.array(visible, { minLength: 1, maxLength: MAX.name }),
        fc.stringMatching(/^ {0,3}$/),
        (chars, pad) => {
          expect(partFieldProblem("name", `${pad}${chars.join("")}${pad}`, true)).toBeNull();
        },
      ),
    );
    expect(partFieldProblem("name", "😀".repeat(MAX.name), true)).toBeNull();
  });

  it("refuse one character more", () => {
    expect(partFieldProblem("name", "😀".repeat(MAX.name + 1), true)).toBe("Name must be at most 80 characters");
    expect(partFieldProblem("shortDesc", "d".repeat(STOCK.partDescription + 1), false)).toBe(
      "Description must be at most 500 characters",
    );
  });

  it("blank is missing on a new part, and cannot replace a name on a change", () => {
    expect(partFieldProblem("name", "  \n", true)).toBe("Name is required");
    expect(partFieldProblem("name", "  \n", false)).toBe("Name cannot be blank");
    expect(partFieldProblem("shortDesc", undefined, true)).toBe("Description is required");
    expect(partFieldProblem("shortDesc", undefined, false)).toBeNull();
    expect(partFieldProblem("name", 42, false)).toBe("Name must be text");
  });
});

describe("a part's image", () => {
  it("is an http(s) URL or a path on this shop", () => {
    for (const url of ["https://example.com/a.png", "http://x/y", "/uploads/a.webp", " /images/parts/fan.svg "])
      expect(imageProblem(url, true)).toBeNull();
    for (const url of ["ftp://example.com/a.png", "javascript:alert(1)", "images/a.png", "https://a b"])
      expect(imageProblem(url, true)).toBe("Image must be an http(s) URL or a path on this shop");
  });

  it("is at most as long as a URL may be", () => {
    expect(imageProblem(`/${"a".repeat(MAX.url - 1)}`, true)).toBeNull();
    expect(imageProblem(`/${"a".repeat(MAX.url)}`, true)).toBe("Image URL must be at most 2048 characters");
  });

  it("in a list (the CSV's images), names the image at fault", () => {
    expect(imagesProblem(["/a.png", "ftp://x/b.png"])).toBe(
      'Images: "ftp://x/b.png" is not an http(s) URL, a path on this shop or an image uploaded to it',
    );
    expect(imagesProblem([])).toBe("Images: a part needs at least one image");
  });
});

describe("part numbers", () => {
  it("are letters and digits in groups joined by single dashes, at most 40 characters", () => {
    const group = fc.stringMatching(/^[A-Za-z0-9]{1,6}$/);
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 5 }), (groups) => {
        expect(partNumberProblem(groups.join("-"))).toBeNull();
      }),
    );
    for (const number of ["12/34", "-AB12", "AB--12", "A".repeat(41), "ÄB12"])
      expect(partNumberProblem(number)).toMatch(/^Part number must be letters and digits/);
  });

  it("alternative numbers: at most 20, naming the one that is not a number", () => {
    expect(alternativeNumbersProblem(["ok-1", "no way"])).toMatch(
      /^Each alternative number must be letters and digits.*\("no way"\)$/,
    );
    const many = Array.from({ length: MAX_ALTERNATIVE_NUMBERS + 1 }, (_, i) => `FRU${i}`);
    expect(alternativeNumbersProblem(many)).toBe("A part can list at most 20 alternative numbers");
    expect(alternativeNumbersProblem(many.slice(1))).toBeNull();
  });
});

describe("compatible laptop models", () => {
  it('are "Brand Model" names: the first word the brand', () => {
    expect(splitModelName("  Lenovo  ThinkPad T14   Gen 2 ")).toEqual({ brand: "Lenovo", model: "ThinkPad T14 Gen 2" });
    expect(compatibleModelsProblem(["Lenovo"])).toBe(
      '"Lenovo" needs a model after its brand: a brand and a model, like "Lenovo ThinkPad T14 Gen 2"',
    );
    expect(compatibleModelsProblem(["  "])).toMatch(/^Each compatible model is a brand and a model/);
  });

  it("keep within the compatibility tables' limits", () => {
    expect(compatibleModelsProblem([`${"B".repeat(41)} Model`])).toBe(
      `Brand must be at most 40 characters ("${"B".repeat(41)}")`,
    );
    expect(compatibleModelsProblem([`Lenovo ${"x".repeat(81)}`])).toMatch(/^Model must be at most 80 characters/);
    const models = (n: number) => Array.from({ length: n }, (_, i) => `Acer Model ${i}`);
    expect(compatibleModelsProblem(models(MAX_MODELS_PER_PART))).toBeNull();
    expect(compatibleModelsProblem(models(MAX_MODELS_PER_PART + 1))).toBe("A part can list at most 200 laptop models");
  });
});

describe("a part's fields together", () => {
  it("name each field at fault, in the order given", () => {
    expect(partProblems({ name: " ", price: -1, available: 3, img: "/a.png" }, "create")).toEqual([
      { field: "name", message: "Name is required" },
      { field: "price", message: "Price cannot be negative" },
    ]);
  });

  it("creating, a required field that is left out is missing; changing, it is left as it is", () => {
    expect(partProblems({ name: undefined, lowStockThreshold: undefined }, "create")).toEqual([
      { field: "name", message: "Name is required" },
    ]);
    expect(partProblems({ name: undefined, price: null }, "change")).toEqual([]);
  });
});

describe("what shipping and tax need to know of a part", () => {
  it("weight: every whole number of grams from 0 (not weighed yet) to a tonne, and nothing else", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (grams) => {
        expect(weightProblem(grams)).toBeNull();
      }),
    );
    for (const bad of [-1, 1_000_001, 2.5, "800", true, Number.NaN]) expect(weightProblem(bad)).toBe(WEIGHT_MESSAGE);
    expect(WEIGHT_MESSAGE).toBe("Weight must be a whole number of grams from 0 to 1,000,000 (0 until it is weighed)");
  });

  it("dimensions: whole millimetres from 1 to 10,000 each, named by their own label", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (mm) => {
        expect(dimensionProblem("widthMm", mm)).toBeNull();
      }),
    );
    expect(dimensionProblem("lengthMm", 0)).toBe("Length must be a whole number of millimetres from 1 to 10,000");
    expect(dimensionProblem("heightMm", 10_001)).toBe("Height must be a whole number of millimetres from 1 to 10,000");
    expect(dimensionProblem("widthMm", 12.5)).toBe("Width must be a whole number of millimetres from 1 to 10,000");
    expect(dimensionProblem("widthMm", null)).toBeNull();
  });

  it("dimensions go together: all three or none, each missing one named", () => {
    const given = { lengthMm: 300, widthMm: 200, heightMm: 20 };
    expect(partProblems(given, "create")).toEqual([]);
    expect(partProblems({ lengthMm: 300 }, "create")).toEqual([
      { field: "widthMm", message: DIMENSIONS_TOGETHER_MESSAGE },
      { field: "heightMm", message: DIMENSIONS_TOGETHER_MESSAGE },
    ]);
    // Changing, null removes them, so all three go together.
    expect(partProblems({ lengthMm: null, widthMm: null, heightMm: null }, "change")).toEqual([]);
    expect(partProblems({ lengthMm: null, widthMm: 20, heightMm: 20 }, "change")).toEqual([
      { field: "lengthMm", message: DIMENSIONS_TOGETHER_MESSAGE },
    ]);
    // Creating, null is none given.
    expect(partProblems({ lengthMm: null, widthMm: null, heightMm: null }, "create")).toEqual([]);
  });

  it("a battery: watt-hours above 0, at most 10,000, in hundredths", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (hundredths) => {
        expect(batteryProblem(hundredths / 100)).toBeNull();
      }),
    );
    for (const bad of [0, -5, 10_000.01, 99.999, "99", Number.POSITIVE_INFINITY, 5e-324, 0.004])
      expect(batteryProblem(bad)).toBe(BATTERY_MESSAGE);
    expect(batteryProblem(null)).toBeNull();
  });

  it("a battery over 100 Wh must be marked as dangerous goods, and the problem says why", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_001, max: 1_000_000 }), (hundredths) => {
        const batteryWh = hundredths / 100;
        const [problem] = shippingFactsProblems({ batteryWh, dangerousGoods: false });
        expect(problem.field).toBe("dangerousGoods");
        expect(problem.message).toContain(`this one: ${batteryWh} Wh`);
        expect(shippingFactsProblems({ batteryWh, dangerousGoods: true })).toEqual([]);
      }),
    );
    expect(shippingFactsProblems({ batteryWh: 100, dangerousGoods: false })).toEqual([]);
    expect(shippingFactsProblems({ batteryWh: null, dangerousGoods: false })).toEqual([]);
    expect(shippingFactsProblems({ batteryWh: 160, dangerousGoods: false })[0].message).toBe(
      "A battery over 100 Wh (this one: 160 Wh) must be marked as dangerous goods: carriers only take lithium batteries that large as dangerous goods",
    );
  });

  it("a new part's battery is judged with its mark (unmarked when left out); a change's, by its service", () => {
    expect(partProblems({ batteryWh: 150 }, "create").map((p) => p.field)).toEqual(["dangerousGoods"]);
    expect(partProblems({ batteryWh: 150, dangerousGoods: true }, "create")).toEqual([]);
    expect(partProblems({ batteryWh: 150 }, "change")).toEqual([]);
  });

  it("dangerous goods is true or false; the tax category one of standard, reduced and zero", () => {
    expect(partFieldProblem("dangerousGoods", "yes")).toBe("Dangerous goods must be true or false");
    expect(partFieldProblem("dangerousGoods", false)).toBeNull();
    for (const category of ["standard", "reduced", "zero"])
      expect(partFieldProblem("taxCategory", category)).toBeNull();
    for (const bad of ["STANDARD", "exempt", 1])
      expect(partFieldProblem("taxCategory", bad)).toBe(TAX_CATEGORY_MESSAGE);
    expect(TAX_CATEGORY_MESSAGE).toBe("Tax category must be standard, reduced or zero");
  });
});
