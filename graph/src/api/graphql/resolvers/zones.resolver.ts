import { Arg, Args, Ctx, Directive, FieldResolver, Float, Mutation, Query, Resolver, Root } from "type-graphql";
import { countryName, regionsOf } from "../../../domain/addresses/address-rules";
import type { Place } from "../../../domain/addresses/places";
import { centsToDollars } from "../../../domain/money";
import type { WeightBand } from "../../../domain/shipping/shipping-rates";
import { ShippingMethod, ShippingZone } from "../../../domain/shipping/shipping-zone";
import { ppmToPercent } from "../../../domain/tax/tax-zone.service";
import { TaxZone } from "../../../domain/tax/tax-zone";
import { IdArgs } from "../../inputs/common";
import {
  CreateShippingZoneInput,
  CreateTaxZoneInput,
  ShippingMethodInput,
  UpdateShippingZoneInput,
  UpdateTaxZoneInput,
  ZoneIdArgs,
} from "../../inputs/zones";
import { GraphContext } from "../context";
import { databaseIdFor, toGlobalId } from "../global-id";
import {
  DeleteZonePayload,
  ShippingMethodType,
  ShippingZoneType,
  TaxZoneType,
  WeightBandType,
  ZonePlaceType,
} from "../types/zones.type";

/** A place as the API shows it: codes and names. */
const placeView = (place: Place): ZonePlaceType => ({
  country: place.country,
  countryName: countryName(place.country) ?? place.country,
  region: place.region,
  regionName: place.region
    ? (regionsOf(place.country).find(([, code]) => code === place.region)?.[0] ?? place.region)
    : null,
});

@Resolver(() => ShippingZoneType)
export class ShippingZoneResolver {
  @Directive("@auth(requires: ADMIN)")
  @Query(() => [ShippingZoneType], {
    description: "Every shipping zone, by name, with its places and methods (at most 100: a plain list)",
  })
  async shippingZones(@Ctx() { services, actor }: GraphContext): Promise<ShippingZone[]> {
    return services.shippingZones.list(await actor());
  }

  @FieldResolver(() => [ZonePlaceType], { description: "The countries and regions it covers, by code" })
  places(@Root() zone: ShippingZone): ZonePlaceType[] {
    return zone.places.map(placeView);
  }

  @FieldResolver(() => [ShippingMethodType], { description: "Its methods, in the order they were added" })
  methods(@Root() zone: ShippingZone): readonly ShippingMethod[] {
    return zone.methods;
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => ShippingZoneType, {
    description:
      "Adds a shipping zone; a place another zone holds is refused, naming that zone; the history records it",
  })
  async createShippingZone(
    @Arg("input", () => CreateShippingZoneInput, { description: "The new zone" }) input: CreateShippingZoneInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.shippingZones.createZone(await actor(), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => ShippingZoneType, {
    description: "Renames a shipping zone or replaces its places (only the fields given); the history records it",
  })
  async updateShippingZone(
    @Args() { id }: IdArgs,
    @Arg("input", () => UpdateShippingZoneInput, { description: "The fields to change" })
    input: UpdateShippingZoneInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.shippingZones.updateZone(await actor(), databaseIdFor("ShippingZone", id), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => DeleteZonePayload, {
    description: "Deletes a shipping zone with its methods and bands (orders keep what they were charged)",
  })
  async deleteShippingZone(
    @Args() { id }: IdArgs,
    @Ctx() { services, actor }: GraphContext,
  ): Promise<DeleteZonePayload> {
    const zone = await services.shippingZones.deleteZone(await actor(), databaseIdFor("ShippingZone", id));
    return { deletedId: toGlobalId("ShippingZone", zone.databaseId), name: zone.name };
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => ShippingZoneType, {
    description: "Adds a method with its weight bands to a shipping zone; answers the zone; the history records it",
  })
  async addShippingMethod(
    @Args() { zoneId }: ZoneIdArgs,
    @Arg("input", () => ShippingMethodInput, { description: "The method's settings" }) input: ShippingMethodInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.shippingZones.addMethod(await actor(), databaseIdFor("ShippingZone", zoneId), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => ShippingZoneType, {
    description: "Sets every setting of a shipping method, its bands replaced by those given; answers its zone",
  })
  async updateShippingMethod(
    @Args() { id }: IdArgs,
    @Arg("input", () => ShippingMethodInput, { description: "The method's settings, all of them" })
    input: ShippingMethodInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.shippingZones.updateMethod(await actor(), databaseIdFor("ShippingMethod", id), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => ShippingZoneType, {
    description: "Removes a shipping method and its bands; answers its zone; the history records it",
  })
  async removeShippingMethod(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext) {
    return services.shippingZones.removeMethod(await actor(), databaseIdFor("ShippingMethod", id));
  }
}

@Resolver(() => ShippingMethodType)
export class ShippingMethodResolver {
  @FieldResolver(() => [WeightBandType], { description: "Its weight bands, lightest first" })
  bands(@Root() method: ShippingMethod): WeightBandType[] {
    return method.bands.map((band: WeightBand) => ({
      upToGrams: band.upToGrams,
      price: centsToDollars(band.priceCents),
    }));
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description:
      "Free when the goods (after discounts, before tax) come to at least this many dollars; null: never free",
  })
  freeOver(@Root() method: ShippingMethod): number | null {
    return method.freeOverCents === null ? null : centsToDollars(method.freeOverCents);
  }
}

@Resolver(() => TaxZoneType)
export class TaxZoneResolver {
  @Directive("@auth(requires: ADMIN)")
  @Query(() => [TaxZoneType], {
    description: "Every tax zone, by name, with its places and rates (at most 100: a plain list)",
  })
  async taxZones(@Ctx() { services, actor }: GraphContext): Promise<TaxZone[]> {
    return services.taxZones.list(await actor());
  }

  @FieldResolver(() => [ZonePlaceType], { description: "The countries and regions it covers, by code" })
  places(@Root() zone: TaxZone): ZonePlaceType[] {
    return zone.places.map(placeView);
  }

  @FieldResolver(() => Float, { description: "The standard rate, a percentage (8.875)" })
  standardRate(@Root() zone: TaxZone): number {
    return ppmToPercent(zone.ratesPpm.standard);
  }

  @FieldResolver(() => Float, { description: "The reduced rate, a percentage" })
  reducedRate(@Root() zone: TaxZone): number {
    return ppmToPercent(zone.ratesPpm.reduced);
  }

  @FieldResolver(() => Float, { description: "The zero rate, a percentage (usually 0)" })
  zeroRate(@Root() zone: TaxZone): number {
    return ppmToPercent(zone.ratesPpm.zero);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => TaxZoneType, {
    description: "Adds a tax zone; a place another tax zone holds is refused, naming that zone; the history records it",
  })
  async createTaxZone(
    @Arg("input", () => CreateTaxZoneInput, { description: "The new tax zone" }) input: CreateTaxZoneInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.taxZones.createZone(await actor(), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => TaxZoneType, {
    description: "Changes a tax zone (only the fields given; places given replace its places); the history records it",
  })
  async updateTaxZone(
    @Args() { id }: IdArgs,
    @Arg("input", () => UpdateTaxZoneInput, { description: "The fields to change" }) input: UpdateTaxZoneInput,
    @Ctx() { services, actor }: GraphContext,
  ) {
    return services.taxZones.updateZone(await actor(), databaseIdFor("TaxZone", id), input);
  }

  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => DeleteZonePayload, {
    description: "Deletes a tax zone: its places then pay no tax until another zone covers them",
  })
  async deleteTaxZone(@Args() { id }: IdArgs, @Ctx() { services, actor }: GraphContext): Promise<DeleteZonePayload> {
    const zone = await services.taxZones.deleteZone(await actor(), databaseIdFor("TaxZone", id));
    return { deletedId: toGlobalId("TaxZone", zone.databaseId), name: zone.name };
  }
}
