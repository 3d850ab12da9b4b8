import { afterAll, beforeAll, beforeEach, describe, it } from "vitest";
import { envelopeCases, GraphqlFieldsCase, graphqlRequestCases, selectedOperation } from "./support/envelope-cases";
import { HttpAnswer } from "./support/http";
import { checkProperty, refusalWithoutMessage } from "./support/property";
import { closeSession, FuzzSession, openSession, prepareProperty } from "./support/session";
import { runsOf, timeoutOf } from "./support/settings";
import { graphqlTargets, liveSchema, restTargets } from "./support/targets";

/*
 * The request itself, not only its values: methods, paths, content types, encodings, bodies and
 * headers on every route and /graphql; and every field of a GraphQL request. A GraphQL error that
 * graphql-js or Apollo raises for the client (a bad operation name, a subscription, a persisted
 * query hash that does not match) must reach the client as what it is, not as INTERNAL_SERVER_ERROR.
 * Each concern is its own property, so one failure does not hide another.
 */

const RUNS = runsOf(400);
const restRoutes = await restTargets();
const rootFields = graphqlTargets(await liveSchema());

let session: FuzzSession;
beforeAll(async () => {
  session = await openSession();
});
afterAll(() => closeSession(session));
beforeEach(() => prepareProperty(session));

/** Mutations never run over GET (a link or an image could trigger them); any other refusal says why. */
function graphqlExtra(fuzzCase: GraphqlFieldsCase, answer: HttpAnswer): string | null {
  const operation = selectedOperation(fuzzCase.fields.query, fuzzCase.fields.operationName);
  if (fuzzCase.request.method === "GET" && operation?.operation === "mutation" && answer.status < 400)
    return `a mutation over GET was not refused (${answer.status})`;
  return refusalWithoutMessage(fuzzCase.request, answer);
}

describe("envelope fuzz", () => {
  it(
    "any method, path, content type, encoding and body: never a 5xx, a refusal changes nothing",
    async () => {
      await checkProperty(session.prober, envelopeCases(restRoutes, session.world, session.anyCaller, false), {
        runs: RUNS,
      });
    },
    timeoutOf(RUNS),
  );

  it(
    "odd headers (Host, Accept, Origin, X-Forwarded-*, Expect, Upgrade, duplicates, latin1 bytes): never a 5xx, a refusal changes nothing",
    async () => {
      await checkProperty(session.prober, envelopeCases(restRoutes, session.world, session.anyCaller, true), {
        runs: RUNS,
      });
    },
    timeoutOf(RUNS),
  );

  it(
    "GraphQL documents, operation names and variables, over POST and GET: errors reach the client as what they are, mutations never run over GET",
    async () => {
      await checkProperty(
        session.prober,
        graphqlRequestCases(rootFields, session.world, session.anyCaller, "document"),
        { runs: RUNS, extra: graphqlExtra },
      );
    },
    timeoutOf(RUNS),
  );

  it(
    "GraphQL extensions (persisted queries with right and wrong hashes, versions, types): errors reach the client as what they are",
    async () => {
      await checkProperty(
        session.prober,
        graphqlRequestCases(rootFields, session.world, session.anyCaller, "extensions"),
        { runs: RUNS, extra: graphqlExtra },
      );
    },
    timeoutOf(RUNS),
  );
});
