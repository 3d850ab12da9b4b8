import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, Directive, FieldResolver, Info, Mutation, Query, Resolver, Root } from "type-graphql";
import { EmailArgs, NewsletterArgs, SignInArgs, UpdateProfileInput, UsersArgs } from "../../inputs/accounts";
import { PageArgs } from "../../inputs/common";
import { GraphContext } from "../context";
import { OrderConnection, UserConnection } from "../types/connection";
import { NewsletterPayload, SignInPayload } from "../types/payloads";
import { ProfileType } from "../types/profile.type";
import { PublicConfig } from "../types/public-config";
import { UserType } from "../types/user.type";
import { ordersReadFor } from "./order.resolver";
import { Viewer } from "../types/viewer";

@Resolver(() => UserType)
export class UserResolver {
  @Mutation(() => SignInPayload, {
    description:
      "Exchanges a Firebase ID token for the shop's access token. An account is the Firebase uid; an email links to an existing account, or grants ADMIN_EMAILS' role, only once verified (FORBIDDEN with extensions.reason EMAIL_NOT_VERIFIED says to verify first). Rate-limited per client address, like PUT /user/{email}",
  })
  signIn(@Args() { idToken }: SignInArgs, @Ctx() { services }: GraphContext) {
    return services.users.signIn(idToken);
  }

  @Directive("@cached(until: [ACCOUNTS, CATALOGUE], scope: CALLER)")
  @Query(() => Viewer, { nullable: true, description: "The signed-in user, or null for a visitor" })
  async viewer(@Ctx() { actor }: GraphContext): Promise<Viewer | null> {
    const user = await actor();
    return user ? new Viewer(user) : null;
  }

  @Directive("@auth(requires: USER)")
  @Query(() => Boolean, { description: "Whether an email is an admin's: your own, or anyone's for admins" })
  async isAdmin(@Args() { email }: EmailArgs, @Ctx() { services, actor }: GraphContext) {
    return services.users.isAdmin(await actor(), email);
  }

  @Directive("@auth(requires: ADMIN)")
  @Query(() => UserConnection, {
    description:
      "Every user in sign-up order; with search, those whose name or email contains it; with role, those of that role",
  })
  async users(@Args() { first, after, search, role }: UsersArgs, @Ctx() { services, actor }: GraphContext) {
    return services.users.list(await actor(), { first, after }, { search, role });
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => UserType, { description: "Promotes a user to admin" })
  async makeAdmin(@Args() { email }: EmailArgs, @Ctx() { services, actor }: GraphContext) {
    return (await services.users.makeAdmin(await actor(), email)).user;
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => UserType, {
    description:
      "Takes the admin role from another admin (recorded in the history). CONFLICT for yourself, and for an address ADMIN_EMAILS lists (take it out of the configuration instead)",
  })
  async demoteAdmin(@Args() { email }: EmailArgs, @Ctx() { services, actor }: GraphContext) {
    return (await services.users.demoteAdmin(await actor(), email)).user;
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => Boolean, {
    description: "Signs out: the access token this request carries is refused from now on, by every shop process",
  })
  async signOut(@Ctx() { services, actor, accessToken }: GraphContext) {
    const claims = await accessToken();
    if (claims) await services.users.signOut(await actor(), { id: claims.jti, expiresAt: new Date(claims.exp * 1000) });
    return true;
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => ProfileType, { description: "Saves your profile" })
  async updateProfile(
    @Arg("input", () => UpdateProfileInput, { description: "The whole profile (it replaces the one saved)" })
    input: UpdateProfileInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    const user = await actor();
    return services.profiles.update(user, user?.email ?? "", input);
  }

  @Mutation(() => NewsletterPayload, {
    description: "Puts an email on the newsletter list (rate-limited per client address)",
  })
  subscribeNewsletter(@Args() { email }: NewsletterArgs, @Ctx() { services }: GraphContext) {
    return services.newsletter.subscribe(email);
  }

  @Query(() => PublicConfig, {
    description: "The public settings a client needs: Firebase project, Stripe publishable key, where images upload",
  })
  // The process's own settings: no change of the database ends them.
  @Directive("@cached(until: [])")
  publicConfig(@Ctx() { publicConfig }: GraphContext): PublicConfig {
    return publicConfig;
  }
}

@Resolver(() => Viewer)
export class ViewerResolver {
  @FieldResolver(() => ProfileType, { nullable: true, description: "Your saved profile, or null before you save one" })
  profile(@Root() viewer: Viewer, @Ctx() { loaders }: GraphContext) {
    return loaders.profileByUserId.load(viewer.user.databaseId);
  }

  @FieldResolver(() => OrderConnection, { description: "Your live orders, newest first" })
  async orders(
    @Root() viewer: Viewer,
    @Args() page: PageArgs,
    @Ctx() { services }: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return services.orders.listForEmail(viewer.user, viewer.user.email, page, ordersReadFor(info));
  }

  @FieldResolver(() => OrderConnection, {
    description:
      "Your past orders, newest first: those cancelled (by you, the shop or their hold's end) and those refunded",
  })
  async pastOrders(
    @Root() viewer: Viewer,
    @Args() page: PageArgs,
    @Ctx() { services }: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return services.orders.listPast(viewer.user, page, ordersReadFor(info));
  }
}
