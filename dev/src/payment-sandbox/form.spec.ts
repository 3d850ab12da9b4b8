import { describe, expect, it } from "vitest";
import { SandboxError } from "./errors";
import { booleanParam, integerParam, listParam, objectParam, parseForm, rejectUnknown, stringParam } from "./form";

/** The Stripe error a call throws, as its status and body. */
function refusal(call: () => unknown): { status: number; body: SandboxError["body"] } | null {
  try {
    call();
  } catch (error) {
    if (error instanceof SandboxError) return { status: error.status, body: error.body };
    throw error;
  }
  return null;
}

describe("Stripe's form encoding", () => {
  it("nests bracketed keys into hashes", () => {
    expect(parseForm("amount=1250&metadata[orderId]=42&payment_method_data[card][number]=4242")).toEqual({
      amount: "1250",
      metadata: { orderId: "42" },
      payment_method_data: { card: { number: "4242" } },
    });
  });

  it("reads arrays written with indexes or with empty brackets, in index order", () => {
    const params = parseForm("types[1]=b&types[0]=a&expand[]=x&expand[]=y");
    expect(listParam(params, "types")).toEqual(["a", "b"]);
    expect(listParam(params, "expand")).toEqual(["x", "y"]);
    expect(listParam(parseForm("types="), "types")).toEqual([]);
    expect(listParam(params, "missing")).toBeUndefined();
  });

  it("lets later sources win: the body over the query string", () => {
    expect(parseForm("amount=1&currency=usd", "amount=2")).toEqual({ amount: "2", currency: "usd" });
  });

  it("decodes percent-encoding and plus signs", () => {
    expect(parseForm("description=A%20part+for%20%E2%82%AC5")).toEqual({ description: "A part for €5" });
  });

  it("refuses a key that is both a value and a hash, either way round", () => {
    expect(refusal(() => parseForm("metadata=x&metadata[a]=1"))).toMatchObject({
      status: 400,
      body: { type: "invalid_request_error", param: "metadata[a]" },
    });
    expect(refusal(() => parseForm("metadata[a]=1&metadata=x"))?.body.message).toBe(
      "Invalid hash: metadata cannot be both a value and a hash",
    );
    // An empty value ("unset") may become a hash.
    expect(parseForm("metadata=&metadata[a]=1")).toEqual({ metadata: { a: "1" } });
  });

  it("refuses __proto__ anywhere in a key, so no parameter reaches Object.prototype", () => {
    expect(refusal(() => parseForm("__proto__[polluted]=1"))?.body.message).toBe(
      "Invalid parameter name: __proto__[polluted]",
    );
    expect(refusal(() => parseForm("metadata[__proto__]=1"))?.body.param).toBe("metadata[__proto__]");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("typed parameters", () => {
  const params = parseForm(
    "n=42&neg=-7&big=99999999999999999999&f=1.5&yes=true&no=false&maybe=1&hash[a]=1&text=hi&unset=",
  );

  it("read integers, refusing decimals and numbers beyond what is exact", () => {
    expect(integerParam(params, "n")).toBe(42);
    expect(integerParam(params, "neg")).toBe(-7);
    expect(integerParam(params, "missing")).toBeUndefined();
    expect(refusal(() => integerParam(params, "f"))?.body).toMatchObject({
      code: "parameter_invalid_integer",
      param: "f",
      message: "Invalid integer: 1.5",
    });
    expect(refusal(() => integerParam(params, "big"))?.body.code).toBe("parameter_invalid_integer");
  });

  it("read booleans as the words true and false only", () => {
    expect(booleanParam(params, "yes")).toBe(true);
    expect(booleanParam(params, "no")).toBe(false);
    expect(refusal(() => booleanParam(params, "maybe"))?.body.message).toBe("Invalid boolean: 1");
  });

  it("refuse a hash where a string is wanted, naming it with brackets", () => {
    expect(stringParam(params, "text")).toBe("hi");
    expect(refusal(() => stringParam(params, "hash", "payment_method_data"))?.body).toMatchObject({
      code: "parameter_invalid_string",
      param: "payment_method_data[hash]",
    });
  });

  it("read hashes, the empty string meaning unset", () => {
    expect(objectParam(params, "hash")).toEqual({ a: "1" });
    expect(objectParam(params, "unset")).toBe("");
    expect(refusal(() => objectParam(params, "text"))?.body.message).toBe("Invalid object");
  });

  it("refuse unknown parameters but let Stripe.js's own through", () => {
    expect(refusal(() => rejectUnknown(parseForm("amount=1&colour=red"), ["amount"]))?.body).toMatchObject({
      code: "parameter_unknown",
      param: "colour",
      message: "Received unknown parameter: colour",
    });
    expect(refusal(() => rejectUnknown(parseForm("amount=1&_stripe_version=2024"), ["amount"]))).toBeNull();
  });
});
