import { registerEnumType } from "type-graphql";
import type { TaxCategory } from "../../domain/tax/tax-lines";

/** The tax categories as GraphQL names them (STANDARD...), each the domain's own value ("standard"...). */
export const TaxCategoryValue = {
  STANDARD: "standard",
  REDUCED: "reduced",
  ZERO: "zero",
} as const satisfies Record<string, TaxCategory>;

registerEnumType(TaxCategoryValue, {
  name: "TaxCategory",
  description: 'Which of its tax zone\'s rates a part is taxed at (docs/product.md, "Shipping and tax")',
  valuesConfig: {
    STANDARD: { description: "The zone's standard rate: most parts" },
    REDUCED: { description: "The zone's reduced rate, where the law gives one" },
    ZERO: { description: "Taxed at zero" },
  },
});
