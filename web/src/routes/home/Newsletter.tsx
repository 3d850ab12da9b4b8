import { useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { errorCode } from "@/lib/apollo/errors";
import "./Newsletter.css";

export const SubscribeNewsletterDocument = graphql(`
  mutation SubscribeNewsletter($email: String!) {
    subscribeNewsletter(email: $email) {
      subscribed
      alreadySubscribed
    }
  }
`);

export const NEWSLETTER_MESSAGES = {
  subscribed: "Thank you for subscribing! Deals are on their way.",
  alreadySubscribed: "You are already subscribed.",
  invalidEmail: "Please enter a valid email address.",
  failed: "We could not subscribe you right now. Please try again.",
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Outcome = { kind: "success" | "error"; message: string } | null;

export function Newsletter() {
  const [email, setEmail] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [subscribe, { loading }] = useMutation(SubscribeNewsletterDocument);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!EMAIL.test(trimmed)) {
      setOutcome({ kind: "error", message: NEWSLETTER_MESSAGES.invalidEmail });
      return;
    }
    try {
      const { data } = await subscribe({ variables: { email: trimmed } });
      if (data?.subscribeNewsletter.alreadySubscribed) {
        setOutcome({ kind: "success", message: NEWSLETTER_MESSAGES.alreadySubscribed });
      } else {
        setOutcome({ kind: "success", message: NEWSLETTER_MESSAGES.subscribed });
        setEmail("");
      }
    } catch (error) {
      const message =
        errorCode(error) === "BAD_USER_INPUT" ? NEWSLETTER_MESSAGES.invalidEmail : NEWSLETTER_MESSAGES.failed;
      setOutcome({ kind: "error", message });
    }
  };

  return (
    <section className="newsletter" aria-labelledby="newsletter-heading">
      <div className="container newsletter__inner">
        <div>
          <h2 id="newsletter-heading">Get winter deals first</h2>
          <p>Subscribe to our newsletter for new arrivals and discount codes. No spam, ever.</p>
        </div>
        <form className="newsletter__form" onSubmit={onSubmit} noValidate>
          <label htmlFor="newsletter-email" className="visually-hidden">
            Email address
          </label>
          <input
            id="newsletter-email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="Your email address"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={outcome?.kind === "error" || undefined}
            aria-describedby={outcome ? "newsletter-message" : undefined}
          />
          <button type="submit" className="btn btn--accent" disabled={loading}>
            {loading ? "Subscribing…" : "Subscribe"}
          </button>
          {outcome && (
            <p
              id="newsletter-message"
              className={outcome.kind === "error" ? "newsletter__message is-error" : "newsletter__message"}
              role={outcome.kind === "error" ? "alert" : "status"}
            >
              {outcome.message}
            </p>
          )}
        </form>
      </div>
    </section>
  );
}
