import DataLoader from "dataloader";
import type { AccessClaims } from "../../domain/accounts/access-tokens";
import { Profile } from "../../domain/accounts/profile.entity";
import { Actor } from "../../domain/actor";
import { LaptopModel } from "../../domain/catalogue/laptop-model.entity";
import { Part } from "../../domain/catalogue/part.entity";
import type { PartImage } from "../../domain/catalogue/part-images.service";
import type { ImageView } from "../../domain/images/variants";
import type { SaleSummary } from "../../domain/orders/sale-summary";
import type { OrderFulfilment } from "../../domain/fulfilment/fulfilment.service";
import type { Order } from "../../domain/orders/order.entity";
import type { CreditNote, Invoice } from "../../domain/invoicing/documents";
import { Services } from "../../domain/services";
import type { PriceDisplay } from "../../domain/tax/price-display.service";
import type { PublicConfig } from "./types/public-config";

/** Per-request batching: one query per relation and request, however many rows ask. */
export interface Loaders {
  partById: DataLoader<string, Part | null>;
  compatibleModelsByPartId: DataLoader<string, LaptopModel[]>;
  alternativeNumbersByPartId: DataLoader<string, string[]>;
  profileByUserId: DataLoader<string, Profile | null>;
  imagesByPartId: DataLoader<string, PartImage[]>;
  /** An image URL's sizes and variants (one query for every image a page shows). */
  imageByUrl: DataLoader<string, ImageView>;
  /** What the whole order a line belongs to comes to, by its header's id (one query for a page of orders). */
  saleByHeaderId: DataLoader<string, SaleSummary | null>;
  /** An order's fulfilment, shipments and delivery, by its header's id (one statement for a page of orders). */
  fulfilmentByHeaderId: DataLoader<string, OrderFulfilment>;
  /** Order lines by id, for objects already authorized that name them (a shipment's lines). */
  orderById: DataLoader<string, Order | null>;
  /** A whole order's invoice by its header's id (read for lines already authorized). */
  invoiceByHeaderId: DataLoader<string, Invoice | null>;
  /** An invoice's credit notes, oldest first. */
  creditNotesByInvoiceId: DataLoader<string, CreditNote[]>;
}

export interface GraphContext {
  services: Services;
  /** The caller, resolved on first use (public fields never touch the database for it). */
  actor(): Promise<Actor>;
  /** The access token the request carries (checked), for signing it out. */
  accessToken(): Promise<AccessClaims | null>;
  loaders: Loaders;
  publicConfig: PublicConfig;
  /** How the caller's place shows prices: worked out once per request, on first use. */
  priceDisplay(): Promise<PriceDisplay>;
}

function byKey<K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | null)[] {
  const index = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => index.get(key) ?? null);
}

/** Each loader made on first use: most requests need none of them, and a DataLoader is a few objects and closures. */
class RequestLoaders implements Loaders {
  private part?: Loaders["partById"];
  private models?: Loaders["compatibleModelsByPartId"];
  private alternatives?: Loaders["alternativeNumbersByPartId"];
  private profile?: Loaders["profileByUserId"];
  private partImages?: Loaders["imagesByPartId"];
  private images?: Loaders["imageByUrl"];
  private sales?: Loaders["saleByHeaderId"];
  private fulfilment?: Loaders["fulfilmentByHeaderId"];
  private orders?: Loaders["orderById"];
  private invoices?: Loaders["invoiceByHeaderId"];
  private creditNotes?: Loaders["creditNotesByInvoiceId"];

  constructor(private readonly services: Services) {}

  get partById(): Loaders["partById"] {
    return (this.part ??= new DataLoader(async (ids) =>
      byKey(ids, await this.services.parts.getMany(ids), (part) => part.databaseId),
    ));
  }

  get compatibleModelsByPartId(): Loaders["compatibleModelsByPartId"] {
    return (this.models ??= new DataLoader(async (ids) => {
      const byPart = await this.services.compatibility.modelsOfParts(ids);
      return ids.map((id) => byPart.get(id) ?? []);
    }));
  }

  get alternativeNumbersByPartId(): Loaders["alternativeNumbersByPartId"] {
    return (this.alternatives ??= new DataLoader((ids) => this.services.parts.alternativeNumbers(ids)));
  }

  get profileByUserId(): Loaders["profileByUserId"] {
    return (this.profile ??= new DataLoader(async (ids) =>
      byKey(ids, await this.services.profiles.getMany(ids), (profile) => profile.userId),
    ));
  }

  get imagesByPartId(): Loaders["imagesByPartId"] {
    return (this.partImages ??= new DataLoader((ids) => this.services.partImages.ofParts(ids)));
  }

  get imageByUrl(): Loaders["imageByUrl"] {
    return (this.images ??= new DataLoader((urls) => this.services.images.describe(urls)));
  }

  get saleByHeaderId(): Loaders["saleByHeaderId"] {
    return (this.sales ??= new DataLoader((ids) => this.services.saleSummaries.ofHeaders(ids)));
  }

  get fulfilmentByHeaderId(): Loaders["fulfilmentByHeaderId"] {
    return (this.fulfilment ??= new DataLoader((ids) => this.services.fulfilment.ofHeaders(ids)));
  }

  get orderById(): Loaders["orderById"] {
    return (this.orders ??= new DataLoader(async (ids) =>
      byKey(ids, await this.services.fulfilment.linesById(ids), (order) => order.databaseId),
    ));
  }

  get invoiceByHeaderId(): Loaders["invoiceByHeaderId"] {
    return (this.invoices ??= new DataLoader((ids) => this.services.invoicing.invoicesOfHeaders(ids)));
  }

  get creditNotesByInvoiceId(): Loaders["creditNotesByInvoiceId"] {
    return (this.creditNotes ??= new DataLoader((ids) => this.services.invoicing.creditNotesOfInvoices(ids)));
  }
}

export function createLoaders(services: Services): Loaders {
  return new RequestLoaders(services);
}

export function createContext(
  services: Services,
  publicConfig: PublicConfig,
  actor: () => Promise<Actor>,
  accessToken: () => Promise<AccessClaims | null> = () => Promise.resolve(null),
): GraphContext {
  let caller: Promise<Actor> | undefined;
  let display: Promise<PriceDisplay> | undefined;
  const callerActor = () => (caller ??= actor());
  return {
    services,
    publicConfig,
    loaders: createLoaders(services),
    actor: callerActor,
    accessToken,
    priceDisplay: () => (display ??= callerActor().then((who) => services.priceDisplay.forCaller(who))),
  };
}
