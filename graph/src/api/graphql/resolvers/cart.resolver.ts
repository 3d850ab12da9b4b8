import { Args, Ctx, Directive, FieldResolver, Mutation, Query, Resolver, Root } from "type-graphql";
import { pageOf } from "../../../domain/pagination";
import { badInput } from "../../../domain/errors";
import { CartLineArgs, CartLinesArgs, PartIdArgs } from "../../inputs/cart";
import { PageArgs } from "../../inputs/common";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import { CartLineConnection, CartLineType, CartType } from "../types/cart.type";

const cursorOf = (index: number) => Buffer.from(`line:${index}`).toString("base64url");
function indexAfter(after: string | null | undefined): number {
  if (!after) return 0;
  const match = /^line:(\d{1,3})$/.exec(Buffer.from(after, "base64url").toString("utf8"));
  if (!match) throw badInput("after is not a valid cursor");
  return Number(match[1]) + 1;
}

@Resolver(() => CartType)
export class CartResolver {
  @FieldResolver(() => CartLineConnection, {
    description: "Its lines, in the order they were added (a cart has at most 50)",
  })
  lines(@Root() cart: CartType, @Args() { first, after }: PageArgs) {
    const start = indexAfter(after);
    const lines = cart.view.lines.slice(start, start + first + 1).map((line) => new CartLineType(line));
    return pageOf(lines, first, (_line, index) => cursorOf(start + index));
  }

  @Directive("@cached(until: [ACCOUNTS, CATALOGUE], scope: CALLER)")
  @Directive("@auth(requires: USER)")
  @Query(() => CartType, {
    description:
      "Your cart, kept by the shop (it follows you across devices), with each line's part as it is now and its warnings",
  })
  async cart(@Ctx() { services, actor }: GraphContext) {
    return new CartType(await services.carts.get(await actor()));
  }

  @Directive("@cached(until: [CATALOGUE], scope: VISITOR)")
  @Query(() => CartType, {
    description:
      "A visitor's cart (kept in their browser) as the shop sees it now: each line's part, totals and warnings. Unknown parts are left out; a part given twice counts once, with the larger quantity. Stores nothing",
  })
  async cartPreview(@Args() { lines }: CartLinesArgs, @Ctx() { services }: GraphContext) {
    return new CartType(
      await services.carts.preview(
        lines.map((line) => ({ partId: databaseIdFor("Part", line.partId), quantity: line.quantity })),
      ),
    );
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => CartType, {
    description:
      "Adds units of a part to your cart: to its line if there is one, else as a new line of at least the part's minimum order. BAD_USER_INPUT, naming the part, when it is no longer sold, sold out, or not that many are available; CONFLICT when the cart already has 50 lines",
  })
  async addToCart(@Args() { line }: CartLineArgs, @Ctx() { services, actor }: GraphContext) {
    return new CartType(await services.carts.add(await actor(), databaseIdFor("Part", line.partId), line.quantity));
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => CartType, {
    description:
      "Sets the quantity of a part in your cart (adding the line if it is not there). BAD_USER_INPUT, naming the part, below its minimum order or above what is available",
  })
  async setCartQuantity(@Args() { line }: CartLineArgs, @Ctx() { services, actor }: GraphContext) {
    return new CartType(
      await services.carts.setQuantity(await actor(), databaseIdFor("Part", line.partId), line.quantity),
    );
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => CartType, {
    description:
      "Takes a part out of your cart (nothing happens if it is not there). NOT_FOUND when the id cannot name a part",
  })
  async removeFromCart(@Args() { partId }: PartIdArgs, @Ctx() { services, actor }: GraphContext) {
    return new CartType(await services.carts.remove(await actor(), databaseIdFor("Part", partId)));
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => CartType, {
    description:
      "Joins the cart you filled as a visitor (kept in the browser) into yours at sign-in: a part in both keeps the larger quantity (joining the same lines twice changes nothing), within the part's bounds where its stock allows; unknown parts are left out, and lines past 50",
  })
  async mergeCart(@Args() { lines }: CartLinesArgs, @Ctx() { services, actor }: GraphContext) {
    return new CartType(
      await services.carts.merge(
        await actor(),
        lines.map((line) => ({ partId: databaseIdFor("Part", line.partId), quantity: line.quantity })),
      ),
    );
  }
}
