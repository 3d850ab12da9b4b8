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
 * A fixed-window counter per key (the client address), in memory. Each process counts for
 * itself: with several server processes a client gets at most `max` per process.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(
    readonly name: string,
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string, amount = 1): Decision {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.limit.windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    if (window.count + amount > this.limit.max) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
    }
    window.count += amount;
    return { allowed: true };
  }

  /** Forgets finished windows, at most once per window length, so memory stays bounded. */
  private sweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.limit.windowSeconds * 1000;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export interface RateLimiters {
  signIn: RateLimiter;
  uploads: RateLimiter;
  newsletter: RateLimiter;
}

export function createRateLimiters(limits: { windowSeconds: number; signIn: number; uploads: number; newsletter: number }): RateLimiters {
  const { windowSeconds } = limits;
  return {
    signIn: new RateLimiter("sign-in", { max: limits.signIn, windowSeconds }),
    uploads: new RateLimiter("upload", { max: limits.uploads, windowSeconds }),
    newsletter: new RateLimiter("newsletter", { max: limits.newsletter, windowSeconds }),
  };
}

/** The address a request comes from (X-Forwarded-For is honoured from a proxy on loopback only: `trust proxy`). */
export const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

export const tooManyMessage = (limiter: RateLimiter, retryAfterSeconds: number) =>
  `Too many ${limiter.name} requests from your address (at most ${limiter.limit.max} per ${limiter.limit.windowSeconds} seconds); try again in ${retryAfterSeconds} seconds`;

/** REST: 429 with Retry-After once an address has used up its window. */
export function rateLimitRoute(limiter: RateLimiter, body: (message: string) => object = (error) => ({ error })) {
  return (req: Request, res: Response, next: NextFunction) => {
    const decision = limiter.take(clientAddress(req));
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
            const decision = limiter.take(contextValue.clientAddress, amount);
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
