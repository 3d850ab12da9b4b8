import { Field, ObjectType } from "type-graphql";

@ObjectType({
  simpleResolvers: true,
  description: "What the web app needs to know to talk to the identity, payment and image services",
})
export class PublicConfig {
  @Field(() => String, { description: "The Firebase project that signs users in (demo-* on the local Auth Emulator)" })
  firebaseProjectId: string;

  @Field(() => String, { description: "The Firebase web API key (public by design)" })
  firebaseApiKey: string;

  @Field(() => String, {
    nullable: true,
    description: "The Firebase auth domain (for Google sign-in), when configured",
  })
  firebaseAuthDomain: string | null;

  @Field(() => String, {
    nullable: true,
    description: "http://host:port of the Auth Emulator when the shop runs on it",
  })
  authEmulatorUrl: string | null;

  @Field(() => String, { description: "Stripe publishable key (the sandbox's own key offline)" })
  stripePublishableKey: string;

  @Field(() => String, {
    nullable: true,
    description: "Base URL of the local Stripe-compatible sandbox, when payments run offline",
  })
  paymentSandboxUrl: string | null;

  @Field(() => String, { description: "Where review images are uploaded (multipart field `image`)" })
  imageUploadUrl: string;
}
