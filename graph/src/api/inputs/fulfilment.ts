import { ArrayMaxSize, IsArray, IsDate, IsOptional, IsString, ValidateNested } from "class-validator";
import { Field, ID, InputType, Int } from "type-graphql";
import { MaxLength } from "./validation";

/* Shipments (admins): an order's lines in a parcel with its carrier and tracking, and its delivery. */

/** More lines than any order has: a request naming more is refused before it reaches the database. */
const MAX_SHIPMENT_LINES = 100;

@InputType({ description: "Units of one line of the order in the parcel" })
export class ShipmentLineInput {
  @Field(() => ID, { description: "A line of the order (global id or databaseId)" })
  @IsString({ message: "orderId is required" })
  @MaxLength(200, { message: "Not a line of this order" })
  orderId: string;

  @Field(() => Int, {
    description: "Units of it in the parcel: 1 to what is left to ship of it (BAD_USER_INPUT naming lines[i].quantity)",
  })
  quantity: number;
}

@InputType({ description: "A parcel of an order: which lines and units, the carrier and the tracking number" })
export class RecordShipmentInput {
  @Field(() => ID, {
    description: "Any line of the order (global id or databaseId): the shipment is of its whole order",
  })
  @IsString({ message: "orderId is required" })
  @MaxLength(200, { message: "Order not found" })
  orderId: string;

  @Field(() => [ShipmentLineInput], {
    nullable: true,
    description: "The lines and units in the parcel; left out: everything left to ship of the order",
  })
  @IsOptional()
  @IsArray({ message: "lines must be a list of lines and quantities" })
  @ArrayMaxSize(MAX_SHIPMENT_LINES, { message: `A parcel names at most ${MAX_SHIPMENT_LINES} lines` })
  @ValidateNested({ each: true })
  lines?: ShipmentLineInput[] | null;

  @Field(() => String, { description: "One of carriers' code (BAD_USER_INPUT naming carrier otherwise)" })
  @IsString({ message: "carrier is required" })
  @MaxLength(40, { message: "carrier is not a carrier the shop ships with" })
  carrier: string;

  @Field(() => String, {
    description:
      "The carrier's tracking number: 5-40 letters, digits, spaces or dashes, kept upper-cased without spaces (BAD_USER_INPUT naming trackingNumber otherwise)",
  })
  @IsString({ message: "trackingNumber is required" })
  @MaxLength(100, { message: "trackingNumber must be 5 to 40 letters, digits or dashes" })
  trackingNumber: string;
}

@InputType({ description: "A parcel delivered, and when" })
export class MarkShipmentDeliveredInput {
  @Field(() => ID, { description: "The shipment (global id or databaseId)" })
  @IsString({ message: "shipmentId is required" })
  @MaxLength(200, { message: "Shipment not found" })
  shipmentId: string;

  @Field(() => Date, {
    nullable: true,
    description: "When it was delivered; left out: now. Never in the future, never before it was shipped",
  })
  @IsOptional()
  @IsDate({ message: "deliveredAt must be a date and time" })
  deliveredAt?: Date | null;
}
