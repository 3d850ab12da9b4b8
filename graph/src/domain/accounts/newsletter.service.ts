import { DataSource } from "typeorm";

export interface SubscriptionResult {
  subscribed: true;
  alreadySubscribed: boolean;
}

export class NewsletterService {
  constructor(private readonly db: DataSource) {}

  /** Emails are validated at the edge; a second subscription of the same email is not an error. */
  async subscribe(email: string): Promise<SubscriptionResult> {
    const inserted: unknown[] = await this.db.query(
      `INSERT INTO newsletter_subscriptions (email) VALUES ($1) ON CONFLICT (email) DO NOTHING RETURNING id`,
      [email.trim().toLowerCase()],
    );
    return { subscribed: true, alreadySubscribed: inserted.length === 0 };
  }
}
