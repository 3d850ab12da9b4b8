import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { graphqlCases } from "./support/graphql-cases";
import { checkProperty, refusalWithoutMessage } from "./support/property";
import { closeSession, FuzzSession, openSession, prepareProperty } from "./support/session";
import { runsOf, timeoutOf } from "./support/settings";
import { graphqlTargets, liveSchema } from "./support/targets";
import { graphqlRootFields } from "../support/routes";

/*
 * Every Query and Mutation root field of the running shop's schema, fuzzed from its arguments'
 * types (variables and literals, well-typed and not) as visitor, customer, admin and with broken
 * tokens. One property per field, so each field's failure is shrunk and reported on its own.
 */

const RUNS = runsOf(200);
const schema = await liveSchema();
const targets = graphqlTargets(schema);

let session: FuzzSession;
beforeAll(async () => {
  session = await openSession();
});
afterAll(() => closeSession(session));
beforeEach(() => prepareProperty(session));

describe("GraphQL fuzz", () => {
  it("derives its targets from the live schema: every query and mutation", async () => {
    const { query, mutation } = await graphqlRootFields();
    expect(targets.map((target) => `${target.operation}.${target.field.name}`).sort()).toEqual(
      [...query.map((name) => `query.${name}`), ...mutation.map((name) => `mutation.${name}`)].sort(),
    );
  });

  for (const target of targets) {
    it(
      `${target.operation} ${target.field.name}: never a 5xx or INTERNAL_SERVER_ERROR, a refusal says why and changes nothing`,
      async () => {
        await checkProperty(session.prober, graphqlCases(target, session.world, session.anyCaller), {
          runs: RUNS,
          extra: (fuzzCase, answer) => refusalWithoutMessage(fuzzCase.request, answer),
        });
      },
      timeoutOf(RUNS),
    );
  }
});
