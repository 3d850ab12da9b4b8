import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Fingerprint } from "./support/fingerprint";
import { HttpAnswer, HttpRequest, isOversized, JSON_BODY_LIMIT } from "./support/http";
import { checkProperty, FuzzCase, Prober, refusalWithoutMessage } from "./support/property";

/*
 * The fuzzer's property must be able to fail: each clause is checked here against stand-in
 * answers and a stand-in database that misbehave in exactly one way. (Against the real shop, the
 * fuzz files themselves fail on every 5xx and masked error they find.)
 */

const graphqlPost = (query: string): HttpRequest => ({
  method: "POST",
  path: "/graphql",
  headers: { "content-type": "application/json" },
  body: Buffer.from(JSON.stringify({ query })),
});
const restPost: HttpRequest = {
  method: "POST",
  path: "/review",
  headers: { "content-type": "application/json" },
  body: Buffer.from("{}"),
};
const restGet: HttpRequest = { method: "GET", path: "/parts", headers: {} };

const answer = (status: number, json: unknown): HttpAnswer => ({
  status,
  headers: {},
  text: JSON.stringify(json),
  json,
});

/** A database whose fingerprint changes on every look when `writes` is set: as if each request wrote a row. */
function standInDatabase(writes: boolean) {
  let version = 0;
  return { take: async (): Promise<Fingerprint> => ({ reviews: `version ${writes ? version++ : version}` }) };
}

async function problemsOf(request: HttpRequest, reply: HttpAnswer, writes: boolean): Promise<string[]> {
  const prober = new Prober(standInDatabase(writes), async () => reply);
  return (await prober.probe(request)).problems;
}

describe("the fuzzer's property can fail", () => {
  it("on a 5xx", async () => {
    expect(await problemsOf(restPost, answer(500, { error: "Something went wrong on our side" }), false)).toEqual([
      "status 500",
    ]);
    expect(await problemsOf(restPost, answer(503, { error: "down" }), false)).toEqual(["status 503"]);
  });

  it("on no answer at all", async () => {
    const silent: HttpAnswer = { status: 0, headers: {}, text: "", json: undefined, noAnswer: "Error: socket hang up" };
    expect(await problemsOf(restPost, silent, false)).toEqual(["no answer: Error: socket hang up"]);
  });

  it("not on a connection closed while a request bigger than the server reads was sent (its 431 or 413 lost to the reset)", async () => {
    const closed: HttpAnswer = {
      status: 0,
      headers: {},
      text: "",
      json: undefined,
      noAnswer: "Error: write EPIPE",
      closedOnOversizedRequest: true,
    };
    expect(await problemsOf(restPost, closed, false)).toEqual([]);
    expect(isOversized({ ...restGet, path: `/parts/${"%F3%83%BA%93".repeat(2000)}` })).toBe(true);
    expect(isOversized({ ...restGet, headers: { "x-long": "x".repeat(20_000) } })).toBe(true);
    expect(isOversized({ ...restPost, body: Buffer.alloc(JSON_BODY_LIMIT + 1) })).toBe(true);
    expect(isOversized({ ...restGet, path: `/parts/${"x".repeat(1000)}` })).toBe(false);
    expect(isOversized(restPost)).toBe(false);
  });

  it("on INTERNAL_SERVER_ERROR in a GraphQL answer, whatever its status", async () => {
    const masked = {
      errors: [{ message: "Something went wrong on our side", extensions: { code: "INTERNAL_SERVER_ERROR" } }],
      data: null,
    };
    expect(await problemsOf(graphqlPost("subscription { x }"), answer(200, masked), false)).toEqual([
      'a GraphQL error with code INTERNAL_SERVER_ERROR: "Something went wrong on our side"',
    ]);
  });

  it("on a changed row after a refused request (REST 4xx, GraphQL errors without data)", async () => {
    expect(await problemsOf(restPost, answer(400, { error: "Name is Required" }), true)).toEqual([
      "the request was refused, yet rows changed in: reviews",
    ]);
    const refused = {
      errors: [{ message: "Sign in to do this", extensions: { code: "UNAUTHENTICATED" } }],
      data: null,
    };
    expect(await problemsOf(graphqlPost("mutation { addReview { id } }"), answer(200, refused), true)).toEqual([
      "the request was refused, yet rows changed in: reviews",
    ]);
  });

  it("on a changed row after a read (a GET, a GraphQL query)", async () => {
    expect(await problemsOf(restGet, answer(200, []), true)).toEqual([
      "the request was a read, yet rows changed in: reviews",
    ]);
    expect(
      await problemsOf(graphqlPost("{ parts { __typename } }"), answer(200, { data: { parts: {} } }), true),
    ).toEqual(["the request was a read, yet rows changed in: reviews"]);
  });

  it("on a changed row after a request that must change nothing (a replayed webhook event)", async () => {
    const prober = new Prober(standInDatabase(true), async () => answer(200, { received: true }));
    expect((await prober.probe(restPost, true)).problems).toEqual([
      "the request was one that must change nothing, yet rows changed in: reviews",
    ]);
  });

  it("not on an accepted write that changes rows, nor on a clean refusal", async () => {
    expect(await problemsOf(restPost, answer(201, { acknowledged: true }), true)).toEqual([]);
    expect(
      await problemsOf(
        graphqlPost("mutation { addReview { id } }"),
        answer(200, { data: { addReview: { id: "x" } } }),
        true,
      ),
    ).toEqual([]);
    expect(await problemsOf(restPost, answer(400, { error: "Name is Required" }), false)).toEqual([]);
  });

  it("on a refusal that does not say why, where a target asks for one", () => {
    expect(refusalWithoutMessage(restPost, answer(400, {}))).toBe("refused without a message");
    expect(refusalWithoutMessage(graphqlPost("{ x }"), answer(400, { errors: [{ message: " " }] }))).toBe(
      "refused without a message",
    );
    expect(refusalWithoutMessage(restPost, answer(400, { error: "Name is Required" }))).toBeNull();
  });

  it("and then reports the shrunk request, the answer, and how to replay it", async () => {
    const prober = new Prober(standInDatabase(false), async (request) =>
      request.body && request.body.length > 3
        ? answer(500, { error: "Something went wrong on our side" })
        : answer(400, { error: "no" }),
    );
    const cases = fc
      .string({ minLength: 0, maxLength: 40 })
      .map((text): FuzzCase => ({ request: { ...restPost, body: Buffer.from(text) } }));
    const failure = await checkProperty(prober, cases, { runs: 200 }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    const report = (failure as Error).message;
    expect(report).toMatch(/Counterexample/);
    expect(report).toMatch(/status 500/);
    expect(report).toMatch(/Replay: FUZZ_SEED=\d+ FUZZ_PATH='[\d:]+' npx vitest run test\/fuzz\/oracle\.test\.ts -t /);
  });
});
