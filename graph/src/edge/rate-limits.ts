import { HeaderMap, type ApolloServerPlugin } from "@apollo/server";
import {
  FieldNode,
  FragmentDefinitionNode,
  GraphQLError,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
} from "graphql";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { DataSource } from "typeorm";
import type { Config } from "../config";
import type { RateLimitName } from "../api/rest";
import { SILENT_COUNTERS, type ShopCounters } from "../domain/counters";
import type { Logger } from "./logging";

export type Decision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Whom a limit counts: a client address, or a signed-in customer wherever they call from. */
export type RateLimitSubject = "address" | "customer";

/** Whom each limit counts (the OpenAPI document says it too). */
export const RATE_LIMIT_SUBJECTS: Record<RateLimitName, RateLimitSubject> = {
  signIn: "address",
  uploads: "address",
  newsletter: "address",
  orders: "customer",
  paymentIntents: "customer",
};

/**
 * A fixed window per client address or per customer (rate-limiter-flexible), counted in
 * PostgreSQL so that every server process on the database enforces one limit.
 */
export class RateLimit {
  private warned = false;

  constructor(
    readonly label: string,
    readonly max: number,
    readonly windowSeconds: number,
    private readonly limiter: RateLimiterPostgres,
    private readonly log: Logger,
    readonly per: RateLimitSubject = "address",
    private readonly counters: ShopCounters = SILENT_COUNTERS,
  ) {}

  async take(client: string, amount = 1): Promise<Decision> {
    const key = client.slice(0, 100);
    try {
      await this.limiter.consume(key, amount);
      this.warned = false;
      return { allowed: true };
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        // A refused request takes nothing from the allowance: what it would have taken goes back.
        await this.limiter.reward(key, amount).catch(() => undefined);
        this.counters.rateLimitRefused(this.label);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
      }
      // The counter is the database: when it is down the request itself fails with a 503, so
      // letting it through here costs nothing and keeps the answer about the real problem.
      if (!this.warned) this.log.warn({ err: outcome }, `${this.label} rate limit not checked`);
      this.warned = true;
      return { allowed: true };
    }
  }

  refusal(retryAfterSeconds: number): string {
    const whose = this.per === "customer" ? "for your account" : "from your address";
    return `Too many ${this.label} requests ${whose} (at most ${this.max} per ${this.windowSeconds} seconds); try again in ${retryAfterSeconds} seconds`;
  }
}

export type RateLimits = Record<RateLimitName, RateLimit>;

/** The limits of Config.rateLimits, in the rate_limits table. */
export function createRateLimits(
  limits: Config["rateLimits"],
  db: DataSource,
  log: Logger,
  counters: ShopCounters = SILENT_COUNTERS,
): RateLimits {
  const { windowSeconds } = limits;
  const limit = (label: string, max: number, per: RateLimitSubject) =>
    new RateLimit(
      label,
      max,
      windowSeconds,
      new RateLimiterPostgres({
        storeClient: db,
        storeType: "typeorm",
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: true,
        // The window is part of the key, so shops configured differently never share counts.
        keyPrefix: `${label}/${windowSeconds}`,
        points: max,
        duration: windowSeconds,
      }),
      log,
      per,
      counters,
    );
  return {
    signIn: limit("sign-in", limits.signIn, RATE_LIMIT_SUBJECTS.signIn),
    uploads: limit("upload", limits.uploads, RATE_LIMIT_SUBJECTS.uploads),
    newsletter: limit("newsletter", limits.newsletter, RATE_LIMIT_SUBJECTS.newsletter),
    orders: limit("order", limits.orders, RATE_LIMIT_SUBJECTS.orders),
    paymentIntents: limit("payment", limits.paymentIntents, RATE_LIMIT_SUBJECTS.paymentIntents),
  };
}

/** Root fields of an operation, fragments included, each occurrence (aliases too) counted. */
function rootFields(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      fields.push(...rootFields(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value) && fragments[selection.name.value]) {
      seen.add(selection.name.value);
      fields.push(...rootFields(fragments[selection.name.value].selectionSet, fragments, seen));
    }
  }
  return fields;
}

/**
 * What a limit counts a request against: its client address, or the customer its access token
 * names. A request without a valid token is not counted against a customer limit: it is refused
 * as signed out before it can cost anything.
 */
export function rateLimitKey(
  limit: RateLimit,
  clientAddress: string,
  customerId: () => Promise<string | null>,
): Promise<string | null> {
  return limit.per === "customer" ? customerId() : Promise.resolve(clientAddress);
}

/** A mutation's limit, and what one call of it takes from it (1 unless `cost` says more). */
export interface LimitedMutation {
  limit: RateLimit;
  cost?(field: FieldNode, variables: Record<string, unknown>): number;
}

/** The value of a literal or a variable, as far as `path` leads into input objects. */
function valueAt(node: ValueNode | undefined, path: readonly string[], variables: Record<string, unknown>): unknown {
  if (!node) return undefined;
  if (node.kind === Kind.VARIABLE) {
    let value: unknown = variables[node.name.value];
    for (const key of path)
      value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
    return value;
  }
  if (path.length === 0) return node.kind === Kind.LIST ? node.values : undefined;
  if (node.kind !== Kind.OBJECT) return undefined;
  return valueAt(node.fields.find((field) => field.name.value === path[0])?.value, path.slice(1), variables);
}

/** A cost of one per item of the list the argument path names (`input.lines`), at least one. */
export const perListItem =
  (argument: string, ...path: string[]) =>
  (field: FieldNode, variables: Record<string, unknown>): number => {
    const list = valueAt(field.arguments?.find((given) => given.name.value === argument)?.value, path, variables);
    return Array.isArray(list) ? Math.max(1, list.length) : 1;
  };

/**
 * GraphQL: the mutations behind the same limits as their REST routes (signIn, subscribeNewsletter,
 * placeOrder, createPaymentIntent) take from the same counters, and a checkout takes one order
 * per line. A refused operation runs nothing and answers 429 with Retry-After and
 * extensions.code RATE_LIMITED.
 */
export function rateLimitPlugin<Context extends { clientAddress: string; customerId(): Promise<string | null> }>(
  limitedMutations: Record<string, RateLimit | LimitedMutation>,
): ApolloServerPlugin<Context> {
  const requestListener = {
    async didResolveOperation({
      operation,
      document,
      contextValue,
      request,
    }: {
      operation?: OperationDefinitionNode | null;
      document: { definitions: readonly any[] };
      contextValue: Context;
      request: { variables?: Record<string, unknown> };
    }) {
      if (!operation || operation.operation !== "mutation") return;
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const definition of document.definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
      }
      const counts = new Map<RateLimit, number>();
      for (const field of rootFields(operation.selectionSet, fragments)) {
        const limited = limitedMutations[field.name.value];
        if (!limited) continue;
        const { limit, cost } = limited instanceof RateLimit ? { limit: limited, cost: undefined } : limited;
        counts.set(limit, (counts.get(limit) ?? 0) + (cost ? cost(field, request.variables ?? {}) : 1));
      }
      for (const [limit, amount] of counts) {
        const key = await rateLimitKey(limit, contextValue.clientAddress, () => contextValue.customerId());
        if (key === null) continue;
        const decision = await limit.take(key, amount);
        if (decision.allowed) continue;
        throw new GraphQLError(limit.refusal(decision.retryAfterSeconds), {
          extensions: {
            code: "RATE_LIMITED",
            retryAfterSeconds: decision.retryAfterSeconds,
            http: { status: 429, headers: new HeaderMap([["retry-after", String(decision.retryAfterSeconds)]]) },
          },
        });
      }
    },
  };
  return { requestDidStart: async () => requestListener };
}
