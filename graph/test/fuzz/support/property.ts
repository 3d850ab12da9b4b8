import fc from "fast-check";
import { Kind, parse } from "graphql";
import { expect } from "vitest";
import { changedTables, DatabaseFingerprint, Fingerprint } from "./fingerprint";
import { describeAnswer, HttpAnswer, HttpRequest, send } from "./http";
import { FUZZ_PATH, FUZZ_SEED, FUZZ_STATS } from "./settings";

/*
 * The property every generated request must keep:
 *   1. the server answers, with a status below 500;
 *   2. no GraphQL error in the answer has the code INTERNAL_SERVER_ERROR (a client's mistake that
 *      graphql-js or Apollo reports must reach the client as what it is, not masked);
 *   3. when the request was refused (a 4xx, or GraphQL errors and no data), and whenever it only
 *      reads, no row of any shop table and no stored image changed;
 *   4. (checked once per property) the server still answers GET /healthz afterwards.
 * A target may add its own expectations (`extra`), such as "a refusal says why".
 */

export interface FuzzCase {
  request: HttpRequest;
  /** Even if accepted, this request must change nothing (an event that is not a payment, say). */
  mustChangeNothing?: boolean;
  /** Sent this many more times: each repeat must change nothing (a replayed webhook event). */
  replays?: number;
}

export interface PropertyOptions<C extends FuzzCase> {
  runs: number;
  /** Further problems with an answer, specific to the target. */
  extra?: (fuzzCase: C, answer: HttpAnswer) => string | null;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const isGraphqlRequest = (request: HttpRequest) => request.path.split("?")[0] === "/graphql";

/** The GraphQL errors of an answer (any path: a REST answer has none). */
export function graphqlErrorsOf(answer: HttpAnswer): Array<{ message?: unknown; extensions?: { code?: unknown } }> {
  const errors = answer.json?.errors;
  return Array.isArray(errors) ? errors : [];
}

/** Refused: a 4xx, or the connection closed on an oversized request; or a GraphQL answer with errors and no data for any root field. */
export function wasRefused(request: HttpRequest, answer: HttpAnswer): boolean {
  if ((answer.status >= 400 && answer.status < 500) || answer.closedOnOversizedRequest) return true;
  if (!isGraphqlRequest(request) || graphqlErrorsOf(answer).length === 0) return false;
  const data = answer.json?.data;
  return (
    data === null ||
    data === undefined ||
    (typeof data === "object" && Object.values(data).every((value) => value === null))
  );
}

/** A read: no write method, or a GraphQL document without a mutation. */
export function onlyReads(request: HttpRequest): boolean {
  if (!WRITE_METHODS.has(request.method.toUpperCase())) return true;
  if (!isGraphqlRequest(request) || request.method.toUpperCase() !== "POST" || !request.body) return false;
  try {
    const document = parse(JSON.parse(request.body.toString("utf8")).query);
    return document.definitions.every(
      (definition) => definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== "mutation",
    );
  } catch {
    // Not a parsable GraphQL request: nothing can run; a change would still be caught as "refused".
    return false;
  }
}

/** A refusal says why: `{ error }` (or its route's own shape) for REST, `errors[].message` for GraphQL. */
export function refusalWithoutMessage(request: HttpRequest, answer: HttpAnswer): string | null {
  if (!wasRefused(request, answer)) return null;
  if (answer.closedOnOversizedRequest) return null;
  const messages = [answer.json?.error, ...graphqlErrorsOf(answer).map((error) => error.message)];
  return messages.some((message) => typeof message === "string" && message.trim() !== "")
    ? null
    : "refused without a message";
}

/**
 * Sends requests and checks the property, keeping the last fingerprint so that each request costs
 * one more (the "after" of one request is the "before" of the next).
 */
export class Prober {
  private last: Fingerprint | undefined;
  /** Milliseconds spent sending and fingerprinting (FUZZ_STATS). */
  readonly timings = { send: 0, fingerprint: 0 };

  constructor(
    private readonly database: Pick<DatabaseFingerprint, "take">,
    /** How requests are sent: over HTTP to the suite's shop (a stand-in in the oracle's own test). */
    private readonly sender: (request: HttpRequest) => Promise<HttpAnswer> = send,
  ) {}

  /** Forget the last fingerprint: something other than the fuzzer may have written since. */
  forget(): void {
    this.last = undefined;
  }

  private async timed<T>(what: keyof Prober["timings"], work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.timings[what] += performance.now() - started;
    }
  }

  async probe(request: HttpRequest, mustChangeNothing = false): Promise<{ answer: HttpAnswer; problems: string[] }> {
    const before = this.last ?? (await this.timed("fingerprint", () => this.database.take()));
    const answer = await this.timed("send", () => this.sender(request));
    const after = await this.timed("fingerprint", () => this.database.take());
    this.last = after;
    const problems: string[] = [];
    if (answer.noAnswer && !answer.closedOnOversizedRequest) problems.push(`no answer: ${answer.noAnswer}`);
    else if (answer.status >= 500) problems.push(`status ${answer.status}`);
    const internal = graphqlErrorsOf(answer).filter((error) => error.extensions?.code === "INTERNAL_SERVER_ERROR");
    if (internal.length)
      problems.push(`a GraphQL error with code INTERNAL_SERVER_ERROR: ${JSON.stringify(internal[0].message)}`);
    const refused = wasRefused(request, answer);
    if (refused || onlyReads(request) || mustChangeNothing) {
      const changed = changedTables(before, after);
      const why = refused ? "refused" : mustChangeNothing ? "one that must change nothing" : "a read";
      if (changed.length) problems.push(`the request was ${why}, yet rows changed in: ${changed.join(", ")}`);
    }
    return { answer, problems };
  }
}

/** An answer in a word: its status and, for GraphQL, its first error code ("200 ok", "400 BAD_USER_INPUT"). */
function outcomeOf(answer: HttpAnswer): string {
  if (answer.closedOnOversizedRequest) return "closed on an oversized request";
  if (answer.noAnswer) return "no answer";
  const code = graphqlErrorsOf(answer)[0]?.extensions?.code;
  return `${answer.status} ${typeof code === "string" ? code : answer.status < 400 ? "ok" : ""}`.trim();
}

/** How the cases were answered (FUZZ_STATS=1): shows whether they get past validation and reach the services. */
function printOutcomes(outcomes: Map<string, number>, timings: Prober["timings"]): void {
  const total = [...outcomes.values()].reduce((sum, count) => sum + count, 0);
  const rows = [...outcomes.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([outcome, count]) => `${String(Math.round((100 * count) / total)).padStart(3)}% ${outcome}`);
  const time = `(so far: ${Math.round(timings.send)} ms sending, ${Math.round(timings.fingerprint)} ms fingerprinting)`;
  console.log(`${expect.getState().currentTestName}: ${total} cases ${time}\n  ${rows.join("\n  ")}`);
}

/** A test's own title as a pattern for vitest's -t (a regular expression): special characters escaped. */
const titlePattern = (testName: string) =>
  (testName.split(" > ").pop() ?? testName).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What a vitest run needs to replay a failure: the seed, the path and the test. */
function replayHint(details: { seed: number; counterexamplePath: string | null }): string {
  const state = expect.getState();
  const file = state.testPath ? state.testPath.slice(state.testPath.indexOf("test/fuzz/")) : "test/fuzz";
  const pattern = titlePattern(state.currentTestName ?? "");
  return `Replay: FUZZ_SEED=${details.seed} FUZZ_PATH='${details.counterexamplePath}' npx vitest run ${file} -t '${pattern}'`;
}

/** One case: its request (and replays) sent and checked; throws what is wrong, with the answer. */
async function checkCase<C extends FuzzCase>(
  prober: Prober,
  fuzzCase: C,
  options: PropertyOptions<C>,
  outcomes: Map<string, number>,
): Promise<void> {
  const { answer, problems } = await prober.probe(fuzzCase.request, fuzzCase.mustChangeNothing);
  const outcome = outcomeOf(answer);
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  for (let replay = 1; replay <= (fuzzCase.replays ?? 0); replay++) {
    const again = await prober.probe(fuzzCase.request, true);
    problems.push(
      ...again.problems.map((problem) => `replay ${replay}: ${problem}\nIts answer: ${describeAnswer(again.answer)}`),
    );
  }
  const extra = options.extra?.(fuzzCase, answer);
  if (extra) problems.push(extra);
  if (problems.length) throw new Error(`${problems.join("\n")}\nThe answer: ${describeAnswer(answer)}`);
}

const healthStatus = async () =>
  (await send({ method: "GET", path: "/healthz", headers: { accept: "application/json" } })).status;

/**
 * Checks the property on `runs` generated cases (seeded, so a run is repeatable), then that the
 * server still answers. A failure is shrunk to a small counterexample and reported as the HTTP
 * request it sent, the answer, and the command that replays it.
 */
export async function checkProperty<C extends FuzzCase>(
  prober: Prober,
  arbitrary: fc.Arbitrary<C>,
  options: PropertyOptions<C>,
): Promise<void> {
  prober.forget();
  const outcomes = new Map<string, number>();
  const property = fc.asyncProperty(arbitrary, (fuzzCase) => checkCase(prober, fuzzCase, options, outcomes));
  const details = await fc.check(property, {
    seed: FUZZ_SEED,
    path: FUZZ_PATH,
    numRuns: options.runs,
    includeErrorInReport: true,
  });
  if (FUZZ_STATS) printOutcomes(outcomes, prober.timings);
  const health = await healthStatus();
  if (details.failed) {
    const afterwards = health === 200 ? "" : `\n\nAfterwards GET /healthz answered ${health}.`;
    throw new Error(`${fc.defaultReportMessage(details)}\n\n${replayHint(details)}${afterwards}`);
  }
  expect(health, "GET /healthz after the run").toBe(200);
}
