import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 text, like the tail of Stripe's ids. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % ALPHABET.length];
  return out;
}

export function newId(prefix: string, length = 24): string {
  return `${prefix}_${randomToken(length)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
