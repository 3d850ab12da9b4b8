import { Arg, Ctx, Directive, FieldResolver, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Part } from "../../../domain/catalogue/part.entity";
import type { ShipToRequest } from "../../../domain/pricing/sale.service";
import { ChooseOrderDeliveryInput, SaleQuoteInput, ShipToInput } from "../../inputs/sale";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import { OrderType } from "../types/order.type";
import { PartType } from "../types/part.type";
import { SaleQuoteLineType, SaleQuoteType } from "../types/sale.type";

/** Where a sale ships, as the services take it: ids as database ids ("" names none). */
export function shipToRequest(shipTo: ShipToInput): ShipToRequest {
  return {
    addressId: shipTo.addressId == null ? shipTo.addressId : databaseIdFor("Address", shipTo.addressId),
    address: shipTo.address,
  };
}

/** A sale priced for an address and a method, and a reservation's delivery (docs/product.md, "Shipping and tax"). */
@Resolver(() => SaleQuoteType)
export class SaleResolver {
  // Not cached: a quote reads the caller's addresses, reservations and the zones (whose changes announce nothing).
  @Query(() => SaleQuoteType, {
    description:
      "What a cart (lines at today's prices) or one of your unpaid reservations (orderId, at the unit price it was reserved at) comes to for an address and a shipping method, as checkout would charge it: the methods the address allows, each priced or refused, and the tax. Anyone may quote lines with a typed address or none (then tax is the display zone's, as priceDisplay shows); addressId and orderId need sign-in (UNAUTHENTICATED). BAD_USER_INPUT naming the field (shipTo.address.<field>, lines, shippingMethodId when the method cannot take the lines, shipTo when the shop does not ship there); NOT_FOUND for an address or order that is not yours (or an order that is not a reservation of one part); CONFLICT for a reservation no longer unpaid",
  })
  async saleQuote(
    @Arg("input", () => SaleQuoteInput, { description: "The lines or the reservation, where and how it ships" })
    input: SaleQuoteInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    const sale = await services.sales.quote(await actor(), {
      lines: input.lines?.map((line) => ({ partId: databaseIdFor("Part", line.partId), quantity: line.quantity })),
      orderId: input.orderId == null ? input.orderId : databaseIdFor("Order", input.orderId),
      shipTo: input.shipTo && shipToRequest(input.shipTo),
      shippingMethodId: input.shippingMethodId == null ? null : databaseIdFor("ShippingMethod", input.shippingMethodId),
    });
    return new SaleQuoteType(sale);
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => OrderType, {
    description:
      "Prices your unpaid reservation's shipping and tax for an address and a method, and freezes them on it: its total (what its payment charges) becomes unit price × quantity + shipping + tax. May be called again while it is unpaid; an open payment's amount follows when it is opened again (createPaymentIntent). NOT_FOUND for an order that is not your reservation; CONFLICT once it is paid, cancelled or its hold has ended; BAD_USER_INPUT naming the field as saleQuote does",
  })
  async chooseOrderDelivery(
    @Arg("input", () => ChooseOrderDeliveryInput, { description: "The reservation, where it ships and how" })
    input: ChooseOrderDeliveryInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.orderDelivery.choose(await actor(), {
      orderId: databaseIdFor("Order", input.orderId),
      shipTo: shipToRequest(input.shipTo),
      shippingMethodId: databaseIdFor("ShippingMethod", input.shippingMethodId),
    });
  }
}

@Resolver(() => SaleQuoteLineType)
export class SaleQuoteLineResolver {
  @FieldResolver(() => PartType, { description: "The part, as it is now" })
  async part(@Root() line: SaleQuoteLineType, @Ctx() { loaders }: GraphContext): Promise<Part> {
    const part = await loaders.partById.load(line.partId);
    if (!part) throw new Error(`A quoted line points at a missing part ${line.partId}`);
    return part;
  }
}
