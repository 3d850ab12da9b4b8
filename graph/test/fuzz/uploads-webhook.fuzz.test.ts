import { afterAll, beforeAll, beforeEach, describe, it } from "vitest";
import { insertPart, orderBody, rest } from "../support/client";
import { checkProperty, wasRefused } from "./support/property";
import { closeSession, FuzzSession, openSession, prepareProperty } from "./support/session";
import { runsOf, timeoutOf } from "./support/settings";
import { UploadCase, uploadCases } from "./support/upload-cases";
import { webhookCases, webhookOrders } from "./support/webhook-cases";
import { HttpAnswer } from "./support/http";

/*
 * The two routes that take something other than JSON: the image upload (multipart) and the
 * payment webhook (signed raw bytes). Clear refusals, nothing stored.
 */

const UPLOAD_RUNS = runsOf(150);
const WEBHOOK_RUNS = runsOf(200);

let session: FuzzSession;
beforeAll(async () => {
  session = await openSession();
  // Unpaid orders for the webhook's genuine payment events to pay.
  for (let order = 0; order < 6; order++) {
    const placed = await rest("POST", "/order", {
      token: session.people.customer.token,
      body: orderBody(await insertPart({ available: 20 }), 1),
    });
    if (placed.status !== 201) throw new Error(JSON.stringify(placed.body));
  }
});
afterAll(() => closeSession(session));
beforeEach(() => prepareProperty(session));

const fuzzerEmails = () => [session.people.customer.email, session.people.bystander.email];

/**
 * An upload refusal the client can read: in the image host's shape, `{ success: false, error }`,
 * and answered after the body was read. (A server that answers while the client is still sending
 * megabytes and then closes makes the client's system reset the connection, often before the
 * client has read the answer: it sees a broken pipe, not the refusal. The shop drains bodies up
 * to four times the limit before its 413 for that reason.)
 */
function unclearUploadRefusal(fuzzCase: UploadCase, answer: HttpAnswer): string | null {
  if (!wasRefused(fuzzCase.request, answer)) return null;
  if (answer.closedOnOversizedRequest)
    return "the connection was reset while the upload was sent: the client never read a refusal";
  if (answer.answeredBeforeBodyRead && answer.headers.connection === "close") {
    return "refused before the upload was read (the answer came while the client had sent 64 kB), then the connection closes: a client still sending may get a reset instead of this answer";
  }
  const error = answer.json?.error;
  return answer.json?.success === false && typeof error === "string" && error.trim() !== ""
    ? null
    : "the refusal is not { success: false, error: <why> }";
}

describe("upload fuzz", () => {
  it(
    "any file in any multipart form: never a 5xx, refused with { success: false, error }, nothing stored",
    async () => {
      await checkProperty(session.prober, uploadCases({ customer: session.callers.customer, any: session.anyCaller }), {
        runs: UPLOAD_RUNS,
        extra: unclearUploadRefusal,
      });
    },
    timeoutOf(UPLOAD_RUNS),
  );

  it(
    "only complete images are accepted: truncated files, an image header on a script, zero bytes, over the limit are refused",
    async () => {
      await checkProperty(session.prober, uploadCases({ customer: session.callers.customer, any: session.anyCaller }), {
        runs: UPLOAD_RUNS,
        extra: (fuzzCase, answer) =>
          !fuzzCase.file.completeImage && answer.status < 400
            ? `${fuzzCase.file.label} was accepted (${answer.status})`
            : null,
      });
    },
    timeoutOf(UPLOAD_RUNS),
  );
});

describe("payment webhook fuzz", () => {
  it(
    "unsigned, garbage, foreign, stale or mismatched signatures on any event: refused, nothing changes",
    async () => {
      await checkProperty(session.prober, webhookCases(await webhookOrders(fuzzerEmails()), false), {
        runs: WEBHOOK_RUNS,
        extra: (fuzzCase, answer) =>
          wasRefused(fuzzCase.request, answer)
            ? null
            : `a webhook with signature "${fuzzCase.signature}" was not refused (${answer.status})`,
      });
    },
    timeoutOf(WEBHOOK_RUNS),
  );

  it(
    "correctly signed events of any type and shape, replayed: never a 5xx; only an event the shop follows changes anything, and only once",
    async () => {
      await checkProperty(session.prober, webhookCases(await webhookOrders(fuzzerEmails()), true), {
        runs: WEBHOOK_RUNS,
      });
    },
    timeoutOf(WEBHOOK_RUNS),
  );
});
