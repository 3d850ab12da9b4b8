import { invalidRequest, missingParam } from "../../errors";
import { objectParam, rejectUnknown, stringParam, type FormObject } from "../../form";
import type { Address, BillingDetails, Shipping } from "../../types";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function readEmail(params: FormObject): string | null {
  const email = stringParam(params, "receipt_email");
  if (!email) return null;
  if (!EMAIL.test(email)) {
    throw invalidRequest(`Invalid email address: ${email}`, { code: "email_invalid", param: "receipt_email" });
  }
  return email;
}

/** Every field is present, null when not given, as in Stripe's objects. */
export function readAddress(value: FormObject | "" | undefined, prefix: string): Address {
  const address: Address = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
  if (!value) return address;
  rejectUnknown(value, Object.keys(address), prefix);
  for (const key of Object.keys(address) as (keyof Address)[]) {
    address[key] = stringParam(value, key, prefix) || null;
  }
  return address;
}

export function readBillingDetails(value: FormObject | "" | undefined, prefix: string): BillingDetails {
  const details: BillingDetails = {
    address: readAddress(undefined, ""),
    email: null,
    name: null,
    phone: null,
    tax_id: null,
  };
  if (!value) return details;
  rejectUnknown(value, ["address", "email", "name", "phone", "tax_id"], prefix);
  details.address = readAddress(objectParam(value, "address", prefix), `${prefix}[address]`);
  details.email = stringParam(value, "email", prefix) || null;
  details.name = stringParam(value, "name", prefix) || null;
  details.phone = stringParam(value, "phone", prefix) || null;
  details.tax_id = stringParam(value, "tax_id", prefix) || null;
  return details;
}

export function readShipping(params: FormObject): Shipping | null {
  const value = objectParam(params, "shipping");
  if (!value) return null;
  rejectUnknown(value, ["address", "carrier", "name", "phone", "tracking_number"], "shipping");
  const name = stringParam(value, "name", "shipping");
  if (!name) throw missingParam("shipping[name]");
  const address = objectParam(value, "address", "shipping");
  if (!address) throw missingParam("shipping[address]");
  return {
    address: readAddress(address, "shipping[address]"),
    carrier: stringParam(value, "carrier", "shipping") || null,
    name,
    phone: stringParam(value, "phone", "shipping") || null,
    tracking_number: stringParam(value, "tracking_number", "shipping") || null,
  };
}
