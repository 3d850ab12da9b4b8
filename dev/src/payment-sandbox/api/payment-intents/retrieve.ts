import { rejectUnknown, type FormObject } from "../../form";
import type { Api, RequestContext } from "../context";
import { readExpand } from "../params/expand";
import { checkClientSecret, findIntent } from "./lookup";
import { renderIntent } from "./render";

/** GET /v1/payment_intents/:id (secret key, or publishable key + client_secret) */
export function retrievePaymentIntent(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  rejectUnknown(params, ["client_secret", "expand"]);
  const intent = findIntent(api, id);
  checkClientSecret(intent, params, ctx);
  return renderIntent(api, intent, ctx, readExpand(params));
}
