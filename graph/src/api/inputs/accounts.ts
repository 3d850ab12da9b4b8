import { ArgsType, Field, InputType } from "type-graphql";
import { IsEmail, IsEnum, IsOptional, IsString } from "class-validator";
import { Role } from "../../domain/accounts/user.entity";
import { HttpUrlField, PhoneField, RequiredText, SearchField } from "./fields";
import { PageArgs } from "./common";
import { IdentityEmail, MAX, MaxLength, NotBlank } from "./validation";

/* Accounts: signing in, whose email, profiles and the newsletter. */

@ArgsType()
export class EmailArgs {
  @Field(() => String, {
    description: `An account's email (any letter case; plain ASCII, at most ${MAX.email} characters)`,
  })
  @IsString({ message: "Email is required" })
  @NotBlank("Email is required")
  @MaxLength(MAX.email, { message: `Email must be at most ${MAX.email} characters` })
  @IdentityEmail("Email")
  email: string;
}

@ArgsType()
export class UsersArgs extends PageArgs {
  @SearchField('A part of a name or an email, accents and letter case aside ("zoe" finds "Zoë")')
  search?: string | null;

  @Field(() => Role, { nullable: true, description: "Only users of this role (ADMIN: the admins)" })
  @IsOptional()
  @IsEnum(Role, { message: "role must be USER or ADMIN" })
  role?: Role | null;
}

@ArgsType()
export class NewsletterArgs {
  @Field(() => String, {
    description: `The email to send the newsletter to (a valid address, plain ASCII, at most ${MAX.email} characters)`,
  })
  @IsString({ message: "Email is required" })
  @NotBlank("Email is required")
  @MaxLength(MAX.email, { message: `Email must be at most ${MAX.email} characters` })
  @IdentityEmail("Email")
  @IsEmail({}, { message: "Provide a valid email address" })
  email: string;
}

@ArgsType()
export class SignInArgs {
  @Field(() => String, {
    description: "A Firebase ID token, proof of the email it names (from Firebase Auth or, locally, the Auth Emulator)",
  })
  @IsString({ message: "A Firebase ID token is required" })
  @NotBlank("A Firebase ID token is required")
  @MaxLength(MAX.idToken, { message: "The ID token is too long" })
  idToken: string;
}

@InputType({ description: "Your profile as the dashboard's form sends it: every field but userName is required" })
export class UpdateProfileInput {
  @Field(() => String, {
    nullable: true,
    description: `The name to show (at most ${MAX.name} characters); left out, the account's display name stays`,
  })
  @IsOptional()
  @IsString({ message: "User name must be text" })
  @MaxLength(MAX.name, { message: `User name must be at most ${MAX.name} characters` })
  userName?: string | null;

  @RequiredText("Education", MAX.shortText, "Where the user studied, as they write it")
  education: string;

  @RequiredText("Address", MAX.address, "Postal address")
  address: string;

  @PhoneField()
  phone: string;

  @HttpUrlField(
    "LinkedIn URL",
    "LinkedIn URL is required",
    "LinkedIn must be an http(s) URL",
    "http(s) URL of the LinkedIn profile",
  )
  linkedin: string;
}
