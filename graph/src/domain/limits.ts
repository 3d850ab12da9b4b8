/** Text limits, documented in the README: longer input is refused, never truncated. */
export const MAX = {
  name: 80,
  productName: 20,
  shortText: 200,
  address: 300,
  description: 2000,
  url: 2048,
  email: 254,
  phoneDigits: 20,
  idToken: 8192,
} as const;
