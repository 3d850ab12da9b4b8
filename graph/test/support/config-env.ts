/** What the shop needs to start outside production (the local harness fills these in for `npm start`). */
export const developmentEnv = {
  DATABASE_URL: "postgres://shop:pw@127.0.0.1:5432/shop",
  FIREBASE_PROJECT_ID: "demo-partshop",
  JWT_SECRET: "y".repeat(40),
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
};
