import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { graphqlCases } from "./graphql-cases";
import { checkProperty, refusalWithoutMessage } from "./property";
import { closeSession, FuzzSession, openSession, prepareProperty } from "./session";
import { runsOf, timeoutOf } from "./settings";
import { graphqlTargets, liveSchema } from "./targets";
import { graphqlRootFields } from "../../support/routes";

/*
 * Every root field of one operation (Query or Mutation) of the running shop's schema, fuzzed from
 * its arguments' types (variables and literals, well-typed and not) as visitor, customer, admin and
 * with broken tokens. One property per field, so each field's failure is shrunk and reported on its
 * own. Queries and mutations are two test files so that two workers share the longest fuzzer.
 */

const RUNS = runsOf(200);

export async function fuzzRootFields(operation: "query" | "mutation"): Promise<void> {
  const schema = await liveSchema();
  const targets = graphqlTargets(schema).filter((target) => target.operation === operation);

  let session: FuzzSession;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(() => closeSession(session));
  beforeEach(() => prepareProperty(session));

  describe("GraphQL fuzz", () => {
    it(`derives its targets from the live schema: every ${operation}`, async () => {
      const rootFields = await graphqlRootFields();
      expect(targets.map((target) => target.field.name).sort()).toEqual([...rootFields[operation]].sort());
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
}
