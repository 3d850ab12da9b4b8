import { AsyncLocalStorage } from "node:async_hooks";

/** Where services report what an operator should see (a payment refunded on its own, a dispute). */
export interface DomainLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The log of the request being served, whose lines carry its request id: the edge runs each REST
 * handler and GraphQL operation inside it. Work started by the shop itself (its jobs) has none.
 */
export const requestLog = new AsyncLocalStorage<DomainLog>();

/** The request's log when there is one, else the shop's. */
export const logOf = (shopLog: DomainLog): DomainLog => requestLog.getStore() ?? shopLog;
