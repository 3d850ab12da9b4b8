import { Ctx, Directive, FieldResolver, Float, Query, Resolver, Root } from "type-graphql";
import type { Part } from "../../../domain/catalogue/part.entity";
import { centsToDollars } from "../../../domain/money";
import type { Checkout } from "../../../domain/orders/checkout.entity";
import type { Order } from "../../../domain/orders/order.entity";
import { saleSummaryOf } from "../../../domain/orders/sale-summary";
import { shownPriceCents } from "../../../domain/tax/price-display.service";
import { GraphContext } from "../context";
import { CheckoutType } from "../types/checkout.type";
import { OrderType } from "../types/order.type";
import { PartType } from "../types/part.type";
import { PriceDisplayType, SaleSummaryType } from "../types/sale-summary.type";

/*
 * What orders keep of a sale, and prices as the caller's place shows them (docs/product.md,
 * "Shipping and tax"). Whoever can read an order or a checkout can read these of it: they are
 * fields of objects their root fields already authorized.
 */

@Resolver(() => OrderType)
export class OrderSaleResolver {
  @FieldResolver(() => SaleSummaryType, {
    description:
      "The whole order this line belongs to: its checkout's amounts, address and method, or (a part reserved on its own) its own",
  })
  async sale(@Root() order: Order, @Ctx() { loaders }: GraphContext): Promise<SaleSummaryType> {
    const summary = await loaders.saleByHeaderId.load(order.checkoutId);
    if (!summary) throw new Error(`Order ${order.databaseId} has no header`);
    return new SaleSummaryType(summary);
  }
}

@Resolver(() => CheckoutType)
export class CheckoutSummaryResolver {
  @FieldResolver(() => SaleSummaryType, {
    description: "What the checkout comes to, and where and how it ships (frozen when it was placed)",
  })
  summary(@Root() checkout: Checkout): SaleSummaryType {
    return new SaleSummaryType(saleSummaryOf(checkout));
  }
}

@Resolver(() => PartType)
export class PartShownPriceResolver {
  @FieldResolver(() => Float, {
    description:
      "The unit price in dollars as your place shows it (see priceDisplay): with tax where that zone includes tax (rounded per unit), else the same as price",
  })
  async shownPrice(@Root() part: Part, @Ctx() { priceDisplay }: GraphContext): Promise<number> {
    return centsToDollars(shownPriceCents(await priceDisplay(), part));
  }
}

@Resolver()
export class PriceDisplayResolver {
  @Directive("@cached(until: [CATALOGUE])")
  @Query(() => PriceDisplayType, {
    description:
      "How the storefront shows prices to you: with tax included or not, for which tax zone and country (your default address's when signed in with one, else the shop's display place)",
  })
  async priceDisplay(@Ctx() { priceDisplay }: GraphContext): Promise<PriceDisplayType> {
    return new PriceDisplayType(await priceDisplay());
  }
}
