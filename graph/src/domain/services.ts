import Stripe from "stripe";
import { DataSource } from "typeorm";
import { AccessTokens } from "./accounts/access-tokens";
import { AddressBookService } from "./addresses/address-book.service";
import { CustomerService } from "./accounts/customer.service";
import { IdTokenVerifier } from "./accounts/identity";
import { NewsletterService } from "./accounts/newsletter.service";
import { ProfileService } from "./accounts/profile.service";
import { UserService } from "./accounts/user.service";
import { AuditService } from "./audit/audit.service";
import { CompatibilityService } from "./catalogue/compatibility.service";
import { PartImportService } from "./catalogue/part-import.service";
import { PartSearchService } from "./catalogue/part-search.service";
import { SearchQueriesMemo } from "./catalogue/search/search-queries";
import { PartService } from "./catalogue/part.service";
import { PartImageService } from "./catalogue/part-images.service";
import { SitemapService } from "./catalogue/sitemap.service";
import { ProductService } from "./catalogue/product.service";
import { ReviewService } from "./catalogue/review.service";
import { ImageService, ImageStore } from "./images/image.service";
import { CartService } from "./orders/cart.service";
import { BrowserCartService } from "./orders/browser-cart.service";
import { CheckoutService } from "./orders/checkout.service";
import { HoldPolicy, OrderService } from "./orders/order.service";
import { PaymentService } from "./payments/payment.service";
import { inTurn } from "./payments/payment-effects";
import type { Seller } from "./invoicing/documents";
import { InvoicingService } from "./invoicing/invoicing.service";
import { SILENT_COUNTERS, type ShopCounters } from "./counters";
import { type DeliveryPolicy, EmailDelivery, type Mailer } from "./email/delivery";
import { EmailOutbox } from "./email/outbox";
import type { DomainLog } from "./log";
import { ChangeFeed } from "./change-feed";
import { OverviewService } from "./reports/overview.service";
import { ShippingZoneService } from "./shipping/shipping-zone.service";
import { TaxZoneService } from "./tax/tax-zone.service";
import type { Place } from "./addresses/places";
import { OrderDeliveryService } from "./orders/order-delivery.service";
import { SaleService } from "./pricing/sale.service";
import { PriceDisplayService } from "./tax/price-display.service";
import { SaleSummaries } from "./orders/sale-summary";
import { FulfilmentService } from "./fulfilment/fulfilment.service";

/**
 * The one service layer: REST handlers and GraphQL resolvers both call these and nothing else.
 * Every rule and transaction lives here; what a change means for anything kept in memory is
 * announced by the database (see events.ts), so services know nothing of the answer caches. The
 * one thing a service keeps, the search's tsqueries per text, subscribes to the same feed.
 */
export interface Services {
  users: UserService;
  /** One customer as admins see them: account, orders, totals. */
  customers: CustomerService;
  parts: PartService;
  /** A part's images: several, in order, with alt text. */
  partImages: PartImageService;
  /** Searching, filtering and sorting the parts (the catalogue page). */
  partSearch: PartSearchService;
  /** The laptop models parts fit. */
  compatibility: CompatibilityService;
  /** Bulk import and export of parts (CSV). */
  partImports: PartImportService;
  products: ProductService;
  /** The shop's public pages, as search engines are told of them. */
  sitemap: SitemapService;
  orders: OrderService;
  /** Carts' rules: a signed-in customer's cart, and the lines of any cart. */
  carts: CartService;
  /** A browser's cart kept by the shop under a cookie's token (the storefront's forms fill it). */
  browserCarts: BrowserCartService;
  /** Signed-in customers' address books (one default each). */
  addresses: AddressBookService;
  /** Checkouts: a cart's lines reserved together, paid by one card payment (through payments). */
  checkouts: CheckoutService;
  /** A sale priced for an address and a method: the cart's and checkout's quotes, what checkout freezes. */
  sales: SaleService;
  /** A reservation's delivery: its shipping and tax chosen before it is paid. */
  orderDelivery: OrderDeliveryService;
  reviews: ReviewService;
  profiles: ProfileService;
  newsletter: NewsletterService;
  payments: PaymentService;
  images: ImageService;
  audit: AuditService;
  overview: OverviewService;
  /** Shipping zones, methods and weight bands (admins), and the zones shipping is priced with. */
  shippingZones: ShippingZoneService;
  /** Tax zones and rates (admins), and the shop's own tax provider over them. */
  taxZones: TaxZoneService;
  /** Prices as the caller's place shows them (with tax where its zone includes it). */
  priceDisplay: PriceDisplayService;
  /** What whole orders come to, as their headers keep it (an order's `sale`). */
  saleSummaries: SaleSummaries;
  /** The To-ship queue, shipments with carriers and tracking, deliveries, an order's fulfilment state. */
  fulfilment: FulfilmentService;
  /** Invoices and credit notes: written with each payment and refund; their PDFs. */
  invoicing: InvoicingService;
  /** The mail outbox, written by the order, checkout, payment and fulfilment services; the hold warnings. */
  emails: EmailOutbox;
  /** Sends the outbox's emails; null when no mailer is configured (they stay in the outbox). */
  emailDelivery: EmailDelivery | null;
}

export interface ServiceDependencies {
  /**
   * Where the catalogue's reads go (parts, search, products, reviews, laptop models, the sitemap):
   * db/replica-reads.ts's data source on the replicas, or the primary's (absent: `db`). Writes,
   * and every read that decides who may do what or what money moves, use `db`.
   */
  catalogueReads?: DataSource;
  /** The change feed: the search's memo of tsqueries forgets them when the vocabulary changes. */
  events: ChangeFeed;
  verifier: IdTokenVerifier;
  tokens: AccessTokens;
  adminEmails: string[];
  stripe: Stripe;
  stripeWebhookSecret: string;
  imageStore: ImageStore;
  /** How long unpaid orders hold their units, and how much one customer may hold. */
  holds: HoldPolicy;
  /** Where services report what operators should see, outside a request. */
  log: DomainLog;
  /** What the shop counts for operators; silent when absent. */
  counters?: ShopCounters;
  /** What sends the shop's emails (SMTP), or null: they are kept in the outbox unsent. */
  mailer: Mailer | null;
  /** Retries and the lease of email delivery. */
  delivery: DeliveryPolicy;
  /** Where a caller without an address is shown prices for (TAX_DISPLAY_COUNTRY / TAX_DISPLAY_REGION). */
  taxDisplayPlace: Place;
  /** Who sells: the top of every invoice and credit note (SELLER_*). */
  seller: Seller;
}

export function createServices(db: DataSource, deps: ServiceDependencies): Services {
  const reads = deps.catalogueReads ?? db;
  const parts = new PartService(db, reads);
  const images = new ImageService(deps.imageStore, db);
  const counters = deps.counters ?? SILENT_COUNTERS;
  const emails = new EmailOutbox(db);
  const invoicing = new InvoicingService(db, deps.seller);
  // Invoicing first, in the payment's transaction: the receipt then names and attaches the invoice.
  const payments = new PaymentService(
    db,
    deps.stripe,
    deps.stripeWebhookSecret,
    counters,
    deps.log,
    inTurn(invoicing, emails),
  );
  const addresses = new AddressBookService(db);
  const carts = new CartService(db);
  const shippingZones = new ShippingZoneService(db);
  const taxZones = new TaxZoneService(db);
  const sales = new SaleService(
    db,
    addresses,
    { zonesForPricing: () => shippingZones.zonesForPricing(), providerForSale: () => taxZones.providerForSale() },
    deps.taxDisplayPlace,
  );
  return {
    users: new UserService(db, deps.verifier, deps.tokens, new Set(deps.adminEmails)),
    customers: new CustomerService(db),
    parts,
    partImages: new PartImageService(db, images, reads),
    partSearch: new PartSearchService(reads, parts, new SearchQueriesMemo(deps.events)),
    compatibility: new CompatibilityService(db, reads),
    partImports: new PartImportService(db),
    products: new ProductService(db, reads),
    sitemap: new SitemapService(reads),
    orders: new OrderService(db, deps.holds, payments, counters, emails),
    carts,
    browserCarts: new BrowserCartService(db, carts, deps.tokens.derivedKeys("cart forms")),
    addresses,
    checkouts: new CheckoutService(db, deps.holds, counters, sales, emails),
    sales,
    orderDelivery: new OrderDeliveryService(db, sales),
    reviews: new ReviewService(db, reads),
    profiles: new ProfileService(db),
    newsletter: new NewsletterService(db),
    payments,
    images,
    audit: new AuditService(db),
    overview: new OverviewService(db, parts),
    shippingZones,
    taxZones,
    priceDisplay: new PriceDisplayService(db, addresses, deps.taxDisplayPlace),
    saleSummaries: new SaleSummaries(db),
    fulfilment: new FulfilmentService(db, emails),
    invoicing,
    emails,
    emailDelivery: deps.mailer
      ? new EmailDelivery(db, deps.mailer, deps.delivery, deps.log, counters, invoicing)
      : null,
  };
}
