import { Field, Float, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import type { Part } from "../../../domain/catalogue/part.entity";
import { CartLineWarning, type CartLineView, type CartView } from "../../../domain/orders/cart.service";
import { PageInfo } from "./connection";
import { PartType } from "./part.type";

registerEnumType(CartLineWarning, {
  name: "CartLineWarning",
  description: "Why a cart line cannot be checked out as it is: its part changed since it was added",
  valuesConfig: {
    RETIRED: { description: "The part is no longer sold: remove the line" },
    SOLD_OUT: { description: "Fewer units than the part's minimum order are available: remove the line" },
    OVER_AVAILABLE: {
      description: "Fewer units are available than the line asks for: lower its quantity to maxQuantity",
    },
    BELOW_MINIMUM: {
      description: "The line asks for fewer units than the part's minimum order: raise its quantity to minQuantity",
    },
  },
});

const opaqueId = (text: string) => Buffer.from(text, "utf8").toString("base64url");

@ObjectType("CartLine", {
  simpleResolvers: true,
  description: "A quantity of a part in a cart, with the part as it is now",
})
export class CartLineType {
  constructor(private readonly line: CartLineView) {}

  @Field(() => ID, { description: "Opaque; the same for the same cart and part" })
  get id(): string {
    return opaqueId(`CartLine:${this.line.ownerId ?? "visitor"}:${this.line.part.databaseId}`);
  }

  @Field(() => PartType, { description: "The part as it is now: its price, stock and whether it is still sold" })
  get part(): Part {
    return this.line.part;
  }

  @Field(() => Int, { description: "Units of the part" })
  get quantity(): number {
    return this.line.quantity;
  }

  @Field(() => Int, { description: "The fewest units the line may ask for: the part's minimum order quantity" })
  get minQuantity(): number {
    return this.line.minQuantity;
  }

  @Field(() => Int, { description: "The most units the line may ask for now: what is available" })
  get maxQuantity(): number {
    return this.line.maxQuantity;
  }

  @Field(() => Float, { description: "Unit price now times quantity, in dollars" })
  get lineTotal(): number {
    return this.line.lineTotal;
  }

  @Field(() => CartLineWarning, {
    nullable: true,
    description: "Why the line cannot be checked out as it is; null when it can",
  })
  get warning(): CartLineWarning | null {
    return this.line.warning;
  }

  @Field(() => String, {
    nullable: true,
    description: "The warning in a sentence naming the part (what the cart page shows); null without one",
  })
  get warningMessage(): string | null {
    return this.line.warningMessage;
  }
}

@ObjectType("CartLineEdge", { simpleResolvers: true, description: "A line of a cart and its cursor" })
export class CartLineEdge {
  @Field(() => String, { description: "Pass as `after` to read the lines after this one" })
  cursor: string;

  @Field(() => CartLineType, { description: "The line" })
  node: CartLineType;
}

@ObjectType("CartLineConnection", {
  simpleResolvers: true,
  description: "A page of a cart's lines, in the order they were added",
})
export class CartLineConnection {
  @Field(() => [CartLineEdge], { description: "The page's lines, in the order they were added" })
  edges: CartLineEdge[];

  @Field(() => PageInfo, { description: "Whether more follow, and the cursor to ask for them" })
  pageInfo: PageInfo;
}

/** The cart's lines are resolved in resolvers/cart.resolver.ts. */
@ObjectType("Cart", {
  simpleResolvers: true,
  description:
    "A cart: parts and quantities to check out together. A signed-in customer's is kept by the shop; a visitor's lives in their browser",
})
export class CartType {
  constructor(readonly view: CartView) {}

  @Field(() => ID, { description: "Opaque; the same for the same customer's cart" })
  get id(): string {
    return opaqueId(`Cart:${this.view.ownerId ?? "visitor"}`);
  }

  @Field(() => Int, { description: "How many lines (parts) it has" })
  get lineCount(): number {
    return this.view.lineCount;
  }

  @Field(() => Int, { description: "How many units it has in all: the count on the cart icon" })
  get itemCount(): number {
    return this.view.itemCount;
  }

  @Field(() => Float, { description: "Every line's total at today's prices, in dollars" })
  get subtotal(): number {
    return this.view.subtotal;
  }

  @Field(() => Boolean, {
    description: "Whether it can be checked out as it is: at least one line, and no line with a warning",
  })
  get canCheckOut(): boolean {
    return this.view.canCheckOut;
  }
}
