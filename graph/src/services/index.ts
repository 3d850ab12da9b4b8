import Stripe from "stripe";
import { DataSource } from "typeorm";
import { AccessTokens } from "../auth/access-token";
import { IdTokenVerifier } from "../auth/firebase";
import { NewsletterService } from "./newsletter.service";
import { OrderService } from "./order.service";
import { PartService } from "./part.service";
import { PaymentService } from "./payment.service";
import { ProductService } from "./product.service";
import { ProfileService } from "./profile.service";
import { ReviewService } from "./review.service";
import { UserService } from "./user.service";

/** The one service layer: REST handlers and GraphQL resolvers both call these and nothing else. */
export interface Services {
  users: UserService;
  parts: PartService;
  products: ProductService;
  orders: OrderService;
  reviews: ReviewService;
  profiles: ProfileService;
  newsletter: NewsletterService;
  payments: PaymentService;
}

export function createServices(
  db: DataSource,
  deps: {
    verifier: IdTokenVerifier;
    tokens: AccessTokens;
    adminEmails: string[];
    stripe: Stripe;
    stripeWebhookSecret: string | null;
  },
): Services {
  return {
    users: new UserService(db, deps.verifier, deps.tokens, new Set(deps.adminEmails)),
    parts: new PartService(db),
    products: new ProductService(db),
    orders: new OrderService(db),
    reviews: new ReviewService(db),
    profiles: new ProfileService(db),
    newsletter: new NewsletterService(db),
    payments: new PaymentService(db, deps.stripe, deps.stripeWebhookSecret),
  };
}
