import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ShopError } from "../errors";
import { OrderStatus } from "../orders/order.entity";
import {
  deliveredAtOf,
  FulfilmentStatus,
  fulfilmentStatusOf,
  leftToShip,
  type LineToFulfil,
  shipmentTake,
} from "./fulfilment-rules";

const line = (id: string, quantity: number, shipped = 0, status = OrderStatus.PAID): LineToFulfil => ({
  id,
  status,
  quantity,
  shipped,
});
const fieldsOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return { code: (error as ShopError).code, fields: Object.keys((error as ShopError).details.fields ?? {}) };
  }
  throw new Error("not refused");
};

describe("an order's fulfilment state", () => {
  const delivered = { deliveredAt: new Date("2026-12-03T10:00:00Z") };
  const onItsWay = { deliveredAt: null };

  it("moves from to ship to partly shipped, shipped and delivered", () => {
    expect(fulfilmentStatusOf([line("a", 2), line("b", 1)], [])).toBe(FulfilmentStatus.TO_SHIP);
    expect(fulfilmentStatusOf([line("a", 2, 2), line("b", 1)], [onItsWay])).toBe(FulfilmentStatus.PARTLY_SHIPPED);
    expect(fulfilmentStatusOf([line("a", 2, 1), line("b", 1, 1)], [onItsWay])).toBe(FulfilmentStatus.PARTLY_SHIPPED);
    expect(fulfilmentStatusOf([line("a", 2, 2), line("b", 1, 1)], [delivered, onItsWay])).toBe(
      FulfilmentStatus.SHIPPED,
    );
    expect(fulfilmentStatusOf([line("a", 2, 2), line("b", 1, 1)], [delivered, delivered])).toBe(
      FulfilmentStatus.DELIVERED,
    );
  });

  it("has none for an unpaid, cancelled or refunded order; cancelled lines of a paid one do not count", () => {
    expect(fulfilmentStatusOf([line("a", 1, 0, OrderStatus.UNPAID)], [])).toBeNull();
    expect(fulfilmentStatusOf([line("a", 1, 0, OrderStatus.CANCELLED)], [])).toBeNull();
    expect(fulfilmentStatusOf([line("a", 1, 0, OrderStatus.REFUNDED)], [])).toBeNull();
    expect(fulfilmentStatusOf([line("a", 2, 2), line("b", 1, 0, OrderStatus.CANCELLED)], [delivered])).toBe(
      FulfilmentStatus.DELIVERED,
    );
  });

  it("a line refunded before shipping has nothing to send; one refunded after shipping keeps the order shipped", () => {
    expect(leftToShip(line("a", 3, 1, OrderStatus.REFUNDED))).toBe(0);
    expect(fulfilmentStatusOf([line("a", 2, 2), line("b", 1, 0, OrderStatus.REFUNDED)], [onItsWay])).toBe(
      FulfilmentStatus.SHIPPED,
    );
    expect(fulfilmentStatusOf([line("a", 2, 2, OrderStatus.REFUNDED)], [onItsWay])).toBe(FulfilmentStatus.SHIPPED);
  });

  it("its delivery date is the last shipment's, once delivered", () => {
    const later = { deliveredAt: new Date("2026-12-05T10:00:00Z") };
    expect(deliveredAtOf(FulfilmentStatus.DELIVERED, [later, delivered])).toEqual(later.deliveredAt);
    expect(deliveredAtOf(FulfilmentStatus.SHIPPED, [later, onItsWay])).toBeNull();
  });
});

describe("what a shipment takes", () => {
  const lines = [line("a", 3, 1), line("b", 2), line("c", 1, 0, OrderStatus.REFUNDED), line("d", 1, 1)];

  it("without lines, everything paid left to ship", () => {
    expect(shipmentTake(lines, null)).toEqual([
      { lineId: "a", quantity: 2 },
      { lineId: "b", quantity: 2 },
    ]);
  });

  it("the lines asked for, up to what is left of each", () => {
    expect(
      shipmentTake(lines, [
        { orderId: "b", quantity: 1 },
        { orderId: "a", quantity: 2 },
      ]),
    ).toEqual([
      { lineId: "b", quantity: 1 },
      { lineId: "a", quantity: 2 },
    ]);
  });

  it("refuses, naming the field, more than is left, nothing, a line shipped already, refunded or foreign, or named twice", () => {
    expect(fieldsOf(() => shipmentTake(lines, [{ orderId: "a", quantity: 3 }]))).toEqual({
      code: "BAD_USER_INPUT",
      fields: ["lines[0].quantity"],
    });
    expect(fieldsOf(() => shipmentTake(lines, [{ orderId: "b", quantity: 0 }]))).toMatchObject({
      fields: ["lines[0].quantity"],
    });
    expect(
      fieldsOf(() =>
        shipmentTake(lines, [
          { orderId: "b", quantity: 1 },
          { orderId: "d", quantity: 1 },
        ]),
      ),
    ).toMatchObject({ fields: ["lines[1].quantity"] });
    expect(fieldsOf(() => shipmentTake(lines, [{ orderId: "c", quantity: 1 }]))).toMatchObject({
      fields: ["lines[0].orderId"],
    });
    expect(fieldsOf(() => shipmentTake(lines, [{ orderId: "", quantity: 1 }]))).toMatchObject({
      fields: ["lines[0].orderId"],
    });
    expect(
      fieldsOf(() =>
        shipmentTake(lines, [
          { orderId: "a", quantity: 1 },
          { orderId: "a", quantity: 1 },
        ]),
      ),
    ).toMatchObject({ fields: ["lines[1].orderId"] });
    expect(fieldsOf(() => shipmentTake(lines, []))).toMatchObject({ fields: ["lines"] });
  });

  it("refuses a whole order that is unpaid or has shipped everything (CONFLICT)", () => {
    expect(fieldsOf(() => shipmentTake([line("a", 1, 0, OrderStatus.UNPAID)], null))).toMatchObject({
      code: "CONFLICT",
    });
    expect(fieldsOf(() => shipmentTake([line("a", 1, 1)], null))).toMatchObject({ code: "CONFLICT" });
  });

  it("whatever shipments are asked, accepted ones never ship more than was ordered, nor any line not paid", () => {
    const status = fc.constantFrom(OrderStatus.PAID, OrderStatus.PAID, OrderStatus.REFUNDED, OrderStatus.UNPAID);
    const order = fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 5 }), status }), {
      minLength: 1,
      maxLength: 4,
    });
    const request = fc.option(
      fc.array(fc.record({ index: fc.integer({ min: 0, max: 4 }), quantity: fc.integer({ min: -1, max: 7 }) }), {
        maxLength: 4,
      }),
    );
    fc.assert(
      fc.property(order, fc.array(request, { maxLength: 8 }), (ordered, requests) => {
        const state = ordered.map((fields, index) => line(`l${index}`, fields.quantity, 0, fields.status));
        for (const asked of requests) {
          let taken;
          try {
            taken = shipmentTake(
              state,
              asked && asked.map((item) => ({ orderId: `l${item.index}`, quantity: item.quantity })),
            );
          } catch (error) {
            expect(["BAD_USER_INPUT", "CONFLICT"]).toContain((error as ShopError).code);
            continue;
          }
          expect(taken.length).toBeGreaterThan(0);
          for (const { lineId, quantity } of taken) {
            const shipped = state.find((candidate) => candidate.id === lineId)!;
            expect(shipped.status).toBe(OrderStatus.PAID);
            expect(quantity).toBeGreaterThan(0);
            shipped.shipped += quantity;
          }
        }
        for (const shipped of state) {
          expect(shipped.shipped).toBeLessThanOrEqual(shipped.quantity);
          if (shipped.status !== OrderStatus.PAID) expect(shipped.shipped).toBe(0);
        }
        const paidLeft = state.some((candidate) => leftToShip(candidate) > 0);
        const status = fulfilmentStatusOf(state, []);
        if (status !== null) expect(status === FulfilmentStatus.SHIPPED).toBe(!paidLeft);
      }),
    );
  });
});
