import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";

@Entity({ name: "newsletter_subscriptions" })
export class NewsletterSubscription {
  @PrimaryGeneratedColumn("uuid", { name: "id" })
  databaseId: string;

  @Column({ type: "varchar", length: 254 })
  email: string;

  @CreateDateColumn({ type: "timestamptz", name: "created_at" })
  createdAt: Date;
}
