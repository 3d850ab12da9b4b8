import { invalidRequest } from "../../errors";
import { listParam, stringParam, type FormObject } from "../../form";

export type TypesParam = "payment_method_types" | "allowed_payment_method_types";

/** The list of payment method types sent, and under which name (the answer echoes it under the same). */
export interface PaymentMethodTypes {
  param: TypesParam;
  types: string[];
}

/**
 * `payment_method_types[]` (older API versions) or `allowed_payment_method_types[]` (what the
 * installed SDK's API version calls it). Only cards exist in the sandbox.
 */
export function readPaymentMethodTypes(params: FormObject): PaymentMethodTypes | undefined {
  const legacy = listParam(params, "payment_method_types");
  const allowed = listParam(params, "allowed_payment_method_types");
  if (legacy && allowed) {
    throw invalidRequest(
      "You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.",
      {
        code: "parameters_exclusive",
        param: "allowed_payment_method_types",
      },
    );
  }
  const param: TypesParam = allowed ? "allowed_payment_method_types" : "payment_method_types";
  const types = allowed ?? legacy;
  if (!types) return undefined;
  if (types.length === 0) throw invalidRequest("Invalid array", { param });
  for (const type of types) {
    if (type !== "card") {
      throw invalidRequest(
        `The payment method type "${type}" is not supported by the Partshop Stripe sandbox, which only takes cards.`,
        {
          code: "payment_intent_invalid_parameter",
          param,
        },
      );
    }
  }
  return { param, types };
}

export function rejectConfirmationToken(params: FormObject): void {
  if (params.confirmation_token !== undefined) {
    throw invalidRequest(
      "confirmation_token is not supported by the Partshop Stripe sandbox; confirm with payment_method or payment_method_data.",
      {
        code: "payment_intent_invalid_parameter",
        param: "confirmation_token",
      },
    );
  }
}

/** The sandbox captures every payment at once, so only the automatic methods are served. */
export function readCaptureMethod(params: FormObject): string | undefined {
  const method = stringParam(params, "capture_method");
  if (method === undefined || method === "automatic" || method === "automatic_async") return method;
  if (method === "manual") {
    throw invalidRequest("capture_method=manual is not supported by the Partshop Stripe sandbox.", {
      code: "payment_intent_invalid_parameter",
      param: "capture_method",
    });
  }
  throw invalidRequest("Invalid capture_method: must be one of automatic, automatic_async, or manual", {
    param: "capture_method",
  });
}

export function readSetupFutureUsage(params: FormObject): string | null {
  const value = stringParam(params, "setup_future_usage");
  if (!value) return null;
  if (value !== "on_session" && value !== "off_session") {
    throw invalidRequest("Invalid setup_future_usage: must be one of on_session or off_session", {
      param: "setup_future_usage",
    });
  }
  return value;
}

export function readDescriptor(params: FormObject, key: string): string | null {
  const value = stringParam(params, key);
  if (!value) return null;
  if (value.length > 22) {
    throw invalidRequest(`The ${key} parameter must be at most 22 characters.`, { param: key });
  }
  return value;
}
