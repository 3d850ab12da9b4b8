import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, ShopError, toShopError, unavailable } from "./errors";

/** An error as TypeORM wraps the driver's. */
const driverError = (fields: Record<string, unknown>) =>
  Object.assign(new Error("query failed"), { driverError: Object.assign(new Error("pg"), fields) });

describe("what the caller sees of an error", () => {
  it("a ShopError is answered as it is, also when GraphQL has wrapped it", () => {
    const refusal = new ShopError("CONFLICT", "Already ordered");
    expect(toShopError(refusal)).toBe(refusal);
    expect(toShopError(Object.assign(new Error("wrapped"), { originalError: refusal }))).toBe(refusal);
    expect(refusal.status).toBe(409);
  });

  it.each([
    ["a refused connection", Object.assign(new Error("connect"), { code: "ECONNREFUSED" })],
    ["a reset connection under TypeORM's wrapper", driverError({ code: "ECONNRESET" })],
    ["an administrator's shutdown (57P01)", driverError({ code: "57P01" })],
    ["too many connections (53300)", driverError({ code: "53300" })],
    [
      "a connection that failed (08006), as a cause",
      new Error("outer", { cause: Object.assign(new Error("inner"), { code: "08006" }) }),
    ],
    ["pg's message when the server went away", new Error("Connection terminated unexpectedly")],
    ["a pool that could not connect in time", new Error("timeout exceeded when trying to connect")],
    ["a server starting up", driverError({ message: "the database system is starting up" })],
    ["a server that cannot take connections yet (57P03)", driverError({ code: "57P03" })],
    ["a write that reached a standby (25006, a demoted primary)", driverError({ code: "25006" })],
    ["a statement that got no answer within query_timeout", new Error("Query read timeout")],
    ["a host that cannot be reached", Object.assign(new Error("connect"), { code: "EHOSTUNREACH" })],
    [
      "a client used after its connection failed",
      new Error("Client has encountered a connection error and is not queryable"),
    ],
    [
      "a transaction whose connection was released",
      Object.assign(new Error("released"), { name: "QueryRunnerAlreadyReleasedError" }),
    ],
  ])("%s is a 503 the caller may retry", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(toShopError(error)).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      status: 503,
      message: "The shop's database is unavailable right now; please try again in a moment",
    });
  });

  it.each(["22001", "22021", "22P02", "22P05"])(
    "a value PostgreSQL cannot store (%s) is the caller's 400, its cause kept for the log",
    (code) => {
      const error = driverError({ code });
      const answered = toShopError(error);
      expect(answered).toMatchObject({ code: "BAD_USER_INPUT", status: 400 });
      expect(answered.message).toMatch(/cannot be stored/);
      expect(answered.cause).toBe(error);
    },
  );

  it.each([
    ["a bug", new TypeError("undefined is not a function")],
    ["a unique violation", driverError({ code: "23505" })],
    ["a thrown string", "boom"],
    ["nothing", undefined],
  ])("anything else (%s) is a 500 that says nothing of the cause", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(toShopError(error)).toMatchObject({
      code: "INTERNAL_SERVER_ERROR",
      status: 500,
      message: "Something went wrong on our side",
    });
  });

  it("an unavailable dependency keeps its cause", () => {
    const cause = new Error("identity provider down");
    expect(unavailable("try again", cause)).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "try again", cause });
  });
});
