import { ArgsType, Field, InputType } from "type-graphql";
import { IsEmail, IsOptional, IsString } from "class-validator";
import { HttpUrlField, PhoneField, RequiredText } from "./fields";
import { IdentityEmail, MAX, MaxLength, NotBlank } from "./validation";

/* Accounts: signing in, whose email, profiles and the newsletter. */

@ArgsType()
export class EmailArgs {
  @Field(() => String)
  @IsString({ message: "Email is required" })
  @NotBlank("Email is required")
  @MaxLength(MAX.email, { message: `Email must be at most ${MAX.email} characters` })
  @IdentityEmail("Email")
  email: string;
}

@ArgsType()
export class NewsletterArgs {
  @Field(() => String)
  @IsString({ message: "Email is required" })
  @NotBlank("Email is required")
  @MaxLength(MAX.email, { message: `Email must be at most ${MAX.email} characters` })
  @IdentityEmail("Email")
  @IsEmail({}, { message: "Provide a valid email address" })
  email: string;
}

@ArgsType()
export class SignInArgs {
  @Field(() => String, { description: "A Firebase ID token" })
  @IsString({ message: "A Firebase ID token is required" })
  @NotBlank("A Firebase ID token is required")
  @MaxLength(MAX.idToken, { message: "The ID token is too long" })
  idToken: string;
}

@InputType()
export class UpdateProfileInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: "User name must be text" })
  @MaxLength(MAX.name, { message: `User name must be at most ${MAX.name} characters` })
  userName?: string | null;

  @RequiredText("Education", MAX.shortText)
  education: string;

  @RequiredText("Address", MAX.address)
  address: string;

  @PhoneField()
  phone: string;

  @HttpUrlField("LinkedIn URL", "LinkedIn URL is required", "LinkedIn must be an http(s) URL", "http(s) URL of the LinkedIn profile")
  linkedin: string;
}
