import { createHash } from "node:crypto";
import type { RequestContext } from "../api/context";
import { idempotencyError, invalidRequest } from "../errors";
import type { FormObject, FormValue } from "../form";
import { isExpired } from "../state";
import type { IdempotencyRecord } from "../types";
import type { Reply } from "./replies";

const MAX_KEY_LENGTH = 255;

export interface IdempotentRequest {
  /** "POST /v1/payment_intents/pi_123/confirm": a key only replays on the endpoint it was first used on. */
  endpoint: string;
  params: FormObject;
}

/**
 * Runs `operation` once per Idempotency-Key: a repeat of the same request gets the first answer back
 * instead of, say, charging the card twice. Keys are per kind of API key and forgotten after 24 hours.
 */
export function answerIdempotently(
  records: Record<string, IdempotencyRecord>,
  request: IdempotentRequest,
  ctx: RequestContext,
  operation: () => Reply,
): Reply {
  const key = ctx.idempotencyKey;
  if (!key) return operation();
  if (key.length > MAX_KEY_LENGTH) {
    throw invalidRequest(`Invalid Idempotency-Key: it must be at most ${MAX_KEY_LENGTH} characters long.`, {
      param: "Idempotency-Key",
    });
  }
  const scope = `${ctx.keyKind}:${key}`;
  const paramsHash = hashParams(request.params);
  const record = records[scope];
  if (record && !isExpired(record.createdAt)) return replay(record, request.endpoint, paramsHash, key);

  const reply = operation();
  // Like Stripe, remember what the endpoint did (successes and card declines), not rejected input.
  if (reply.status < 400 || reply.status === 402) {
    records[scope] = {
      endpoint: request.endpoint,
      paramsHash,
      status: reply.status,
      body: reply.body,
      requestId: ctx.requestId,
      createdAt: Date.now(),
    };
    ctx.dirty = true;
  }
  return reply;
}

function replay(record: IdempotencyRecord, endpoint: string, paramsHash: string, key: string): Reply {
  if (record.endpoint !== endpoint) {
    throw idempotencyError(
      `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${record.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  }
  if (record.paramsHash !== paramsHash) {
    throw idempotencyError(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  }
  return {
    status: record.status,
    body: record.body,
    headers: { "Idempotent-Replayed": "true", "Original-Request": record.requestId },
    replayed: true,
  };
}

/** Canonical JSON (sorted keys) of the parameters, hashed: what an idempotency key is bound to. */
function hashParams(params: FormValue): string {
  const canonical = (value: FormValue): unknown =>
    typeof value === "string"
      ? value
      : Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, canonical(value[name])]),
        );
  return createHash("sha256")
    .update(JSON.stringify(canonical(params)))
    .digest("hex");
}
