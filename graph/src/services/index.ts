import Stripe from "stripe";
import { DataSource } from "typeorm";
import { AccessTokens } from "../auth/access-token";
import { CachedResponse } from "../cache/cached-responses";
import { ChangeFeed } from "../cache/change-feed";
import { changingCatalogue, NotifiedCache } from "../cache/notified-cache";
import { IdTokenVerifier } from "../auth/firebase";
import type { WindowCounter } from "../http/rate-limit";
import { NewsletterService } from "./newsletter.service";
import { OrderService } from "./order.service";
import { PartService } from "./part.service";
import { PaymentService } from "./payment.service";
import { ProductService } from "./product.service";
import { ProfileService } from "./profile.service";
import { PostgresWindowCounter } from "./rate-limit-counter";
import { ReviewService } from "./review.service";
import { CachedCaller, UserService } from "./user.service";

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
  /** Cached catalogue answers, dropped on every catalogue change (src/cache/notified-cache.ts). */
  catalogueCache: NotifiedCache<CachedResponse>;
  /**
   * Cached answers to signed-in reads, per user; dropped on any change to users, orders, profiles
   * or the catalogue, by NOTIFY alone (src/cache/cached-responses.ts).
   */
  viewerCache: NotifiedCache<CachedResponse>;
  /** Rate-limit counts shared by every process on the database. */
  rateLimitCounter: WindowCounter;
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
  const feed = new ChangeFeed();
  const catalogueCache = new NotifiedCache<CachedResponse>(feed, { channels: ["catalogue_changed"], maxEntries: 2000, maxBytes: 32 * 1024 * 1024 });
  // A signed-in read may show the caller's account, profile and orders, and parts through them.
  const viewerCache = new NotifiedCache<CachedResponse>(feed, {
    channels: ["catalogue_changed", "accounts_changed", "users_changed"],
    maxEntries: 5000,
    maxBytes: 32 * 1024 * 1024,
  });
  const callers = new NotifiedCache<CachedCaller>(feed, { channels: ["users_changed"], keyChannel: "users_changed", maxEntries: 20_000, maxBytes: 16 * 1024 * 1024 });
  feed.listenTo(db);
  return {
    users: new UserService(db, deps.verifier, deps.tokens, new Set(deps.adminEmails), callers),
    parts: new PartService(db),
    // Every call that writes parts (stock included), products or reviews drops the cached
    // catalogue before its answer goes out; other processes hear of it through NOTIFY.
    products: changingCatalogue(new ProductService(db), ["add", "delete"], catalogueCache),
    orders: changingCatalogue(new OrderService(db), ["place", "cancel", "adminCancel"], catalogueCache),
    reviews: changingCatalogue(new ReviewService(db), ["add"], catalogueCache),
    profiles: new ProfileService(db),
    newsletter: new NewsletterService(db),
    payments: new PaymentService(db, deps.stripe, deps.stripeWebhookSecret),
    catalogueCache,
    viewerCache,
    rateLimitCounter: new PostgresWindowCounter(db),
  };
}
