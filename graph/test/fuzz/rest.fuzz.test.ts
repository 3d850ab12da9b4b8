import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkProperty, refusalWithoutMessage } from "./support/property";
import { restCases } from "./support/rest-cases";
import { closeSession, FuzzSession, openSession, prepareProperty } from "./support/session";
import { runsOf, timeoutOf } from "./support/settings";
import { restTargets } from "./support/targets";

/*
 * Every REST route the app answers, fuzzed from its declaration in the route table (method, path
 * parameters, `reads.body`, `reads.query`) as visitor, customer, admin and with broken tokens.
 * One property per route, so each route's failure is shrunk and reported on its own.
 */

const RUNS = runsOf(200);
const targets = await restTargets();

let session: FuzzSession;
beforeAll(async () => {
  session = await openSession();
});
afterAll(() => closeSession(session));
beforeEach(() => prepareProperty(session));

describe("REST fuzz", () => {
  it("derives its targets from the route table: every route, with the fields they declare", () => {
    expect(targets.length).toBeGreaterThan(20);
    expect(targets.some((target) => target.body.length > 0)).toBe(true);
    expect(targets.some((target) => target.query.length > 0)).toBe(true);
  });

  for (const target of targets) {
    it(
      `${target.method} ${target.path}: never a 5xx, a refusal says why and changes nothing`,
      async () => {
        await checkProperty(session.prober, restCases(target, session.world, session.anyCaller), {
          runs: RUNS,
          extra: (fuzzCase, answer) => refusalWithoutMessage(fuzzCase.request, answer),
        });
      },
      timeoutOf(RUNS),
    );
  }
});
