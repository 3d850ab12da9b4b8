// The card payment's face to other features: what they may import (from "@/features/payment", never a file inside).
export { IntentCardPayment, usePaymentIntent, type PaymentIntentState } from "./usePaymentIntent";
export { CardPayment, preloadCardForm } from "./CardPayment";
export type { BillingDetails } from "./cardPayment";
