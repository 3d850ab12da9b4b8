import { Args, Ctx, Directive, FieldResolver, Mutation, Query, Resolver, Root } from "type-graphql";
import { AddAddressArgs, AddressIdArgs, UpdateAddressArgs } from "../../inputs/addresses";
import { GraphContext } from "../context";
import { databaseIdFor } from "../global-id";
import { AddressBookChange, AddressType, CountryType } from "../types/address.type";
import { Viewer } from "../types/viewer";

/** A customer's address book (docs/product.md, "Beyond the spec"), and the countries its form lists. */
@Resolver(() => AddressType)
export class AddressResolver {
  @Query(() => [CountryType], {
    description:
      "Every country (ISO 3166) an address may be in, in name order, with whether it needs a region and the regions to choose from: what the address form lists",
  })
  countries(@Ctx() { services }: GraphContext) {
    return services.addresses.countries();
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => AddressBookChange, {
    description:
      "Adds an address to your book; your first becomes your default. BAD_USER_INPUT naming every field at fault (extensions.fields); CONFLICT when the book already holds 20",
  })
  async addAddress(@Args() { input }: AddAddressArgs, @Ctx() { services, actor }: GraphContext) {
    const caller = await actor();
    const address = await services.addresses.add(caller, input);
    return new AddressBookChange(address, await services.addresses.list(caller));
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => AddressBookChange, {
    description:
      "Replaces the fields of one of your addresses (whether it is the default stays). BAD_USER_INPUT naming every field at fault; NOT_FOUND when the id names none of your addresses",
  })
  async updateAddress(@Args() { id, input }: UpdateAddressArgs, @Ctx() { services, actor }: GraphContext) {
    const caller = await actor();
    const address = await services.addresses.update(caller, databaseIdFor("Address", id), input);
    return new AddressBookChange(address, await services.addresses.list(caller));
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => AddressBookChange, {
    description:
      "Removes one of your addresses; if it was your default, your newest address left becomes the default. NOT_FOUND when the id names none of your addresses",
  })
  async removeAddress(@Args() { id }: AddressIdArgs, @Ctx() { services, actor }: GraphContext) {
    const caller = await actor();
    const removed = await services.addresses.remove(caller, databaseIdFor("Address", id));
    return new AddressBookChange(removed, await services.addresses.list(caller), true);
  }

  @Directive("@auth(requires: USER)")
  @Mutation(() => AddressBookChange, {
    description:
      "Makes one of your addresses the default (and the old default an ordinary one). NOT_FOUND when the id names none of your addresses",
  })
  async setDefaultAddress(@Args() { id }: AddressIdArgs, @Ctx() { services, actor }: GraphContext) {
    const caller = await actor();
    const address = await services.addresses.setDefault(caller, databaseIdFor("Address", id));
    return new AddressBookChange(address, await services.addresses.list(caller));
  }
}

@Resolver(() => Viewer)
export class ViewerAddressesResolver {
  @FieldResolver(() => [AddressType], {
    description: "Your address book (at most 20), the default first, then the newest first",
  })
  addresses(@Root() viewer: Viewer, @Ctx() { services }: GraphContext) {
    return services.addresses.list(viewer.user);
  }
}
