import type { ApolloServerPlugin } from "@apollo/server";
import { HeaderMap } from "@apollo/server";
import type { NextFunction, Request, Response } from "express";
import { FieldNode, GraphQLError, Kind, OperationDefinitionNode, SelectionSetNode, FragmentDefinitionNode } from "graphql";

/** Requests per client address and window. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export type Decision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes `amount` from one client's allowance in a bucket: allowed while the window's count stays
 * within `max`; a refused request takes nothing. A window opens at the client's first request.
 */
export interface WindowCounter {
  take(bucket: string, client: string, amount: number, limit: RateLimit): Promise<Decision>;
}

/**
 * A fixed-window limit per client address. The server keeps the counts in PostgreSQL
 * (services/rate-limit-counter.ts), so every process on the database enforces one limit.
 */
export class RateLimiter {
  private warned = false;

  constructor(
    readonly name: string,
    readonly limit: RateLimit,
    private readonly counter: WindowCounter,
  ) {}

  async take(key: string, amount = 1): Promise<Decision> {
    try {
      const decision = await this.counter.take(this.name, key, amount, this.limit);
      this.warned = false;
      return decision;
    } catch (error) {
      // The counter is the database: when it is down the request itself fails with a 503, so
      // letting it through here costs nothing and keeps the answer about the real problem.
      if (!this.warned) console.warn(`[partshop] ${this.name} rate limit not checked: ${(error as Error).message}`);
      this.warned = true;
      return { allowed: true };
    }
  }
}

export interface RateLimiters {
  signIn: RateLimiter;
  uploads: RateLimiter;
  newsletter: RateLimiter;
}

export function createRateLimiters(
  limits: { windowSeconds: number; signIn: number; uploads: number; newsletter: number },
  counter: WindowCounter,
): RateLimiters {
  const { windowSeconds } = limits;
  return {
    signIn: new RateLimiter("sign-in", { max: limits.signIn, windowSeconds }, counter),
    uploads: new RateLimiter("upload", { max: limits.uploads, windowSeconds }, counter),
    newsletter: new RateLimiter("newsletter", { max: limits.newsletter, windowSeconds }, counter),
  };
}

/** The address a request comes from (X-Forwarded-For is honoured from a proxy on loopback only: `trust proxy`). */
export const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

export const tooManyMessage = (limiter: RateLimiter, retryAfterSeconds: number) =>
  `Too many ${limiter.name} requests from your address (at most ${limiter.limit.max} per ${limiter.limit.windowSeconds} seconds); try again in ${retryAfterSeconds} seconds`;

/** REST: 429 with Retry-After once an address has used up its window. */
export function rateLimitRoute(limiter: RateLimiter, body: (message: string) => object = (error) => ({ error })) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const decision = await limiter.take(clientAddress(req));
    if (decision.allowed) return next();
    res.setHeader("Retry-After", String(decision.retryAfterSeconds));
    res.status(429).json(body(tooManyMessage(limiter, decision.retryAfterSeconds)));
  };
}

/** Root fields of a mutation, fragments included, each occurrence (aliases too) counted. */
function rootFields(selectionSet: SelectionSetNode, fragments: Record<string, FragmentDefinitionNode>, seen = new Set<string>()): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...rootFields(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value) && fragments[selection.name.value]) {
      seen.add(selection.name.value);
      fields.push(...rootFields(fragments[selection.name.value].selectionSet, fragments, seen));
    }
  }
  return fields;
}

/**
 * GraphQL: the mutations behind the same limits as their REST routes (signIn, subscribeNewsletter)
 * take from the same counters. A refused operation runs nothing and answers 429 with Retry-After
 * and extensions.code RATE_LIMITED.
 */
export function rateLimitPlugin<Context extends { clientAddress: string }>(limitedMutations: Record<string, RateLimiter>): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, contextValue }) {
          if (!operation || operation.operation !== "mutation") return;
          const fragments: Record<string, FragmentDefinitionNode> = {};
          for (const definition of document.definitions) {
            if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
          }
          const counts = new Map<RateLimiter, number>();
          for (const field of rootFields((operation as OperationDefinitionNode).selectionSet, fragments)) {
            const limiter = limitedMutations[field.name.value];
            if (limiter) counts.set(limiter, (counts.get(limiter) ?? 0) + 1);
          }
          for (const [limiter, amount] of counts) {
            const decision = await limiter.take(contextValue.clientAddress, amount);
            if (!decision.allowed) {
              throw new GraphQLError(tooManyMessage(limiter, decision.retryAfterSeconds), {
                extensions: {
                  code: "RATE_LIMITED",
                  retryAfterSeconds: decision.retryAfterSeconds,
                  http: { status: 429, headers: new HeaderMap([["retry-after", String(decision.retryAfterSeconds)]]) },
                },
              });
            }
          }
        },
      };
    },
  };
}
