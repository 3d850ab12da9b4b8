import { describe, expect, it } from "vitest";
import { escapeHtml, renderEmail } from "./templates";

const lines = [
  { number: "100041", partName: "ThinkPad T14 keyboard", quantity: 2, unitPriceCents: 4999, totalCents: 9998 },
  { number: "100042", partName: "65 W charger", quantity: 1, unitPriceCents: 2950, totalCents: 2950 },
];

const berlin = {
  name: "Emmy Noether",
  company: null,
  line1: "Unter den Linden 6",
  line2: null,
  city: "Berlin",
  region: null,
  postalCode: "10117",
  country: "DE",
  phone: "+4930209312345",
};
/** docs/product.md's worked example in Germany, as its header froze it. */
const germanSale = {
  subtotalCents: 20_447,
  discountCents: 0,
  shippingCents: 1900,
  taxCents: 3781,
  totalCents: 26_128,
  pricesIncludeTax: true,
  taxZoneName: "Germany",
  shipTo: berlin,
  shippingMethodName: "Express",
  minDays: 2,
  maxDays: 4,
};
const workedLines = [
  { number: "100051", partName: "Battery", quantity: 3, unitPriceCents: 5999, totalCents: 17_997 + 1672 + 3738 },
  { number: "100052", partName: "Manual", quantity: 1, unitPriceCents: 2450, totalCents: 2450 + 228 + 43 },
];

describe("the emails' templates", () => {
  it("an order confirmation lists each line and the total in text and HTML, with the customer's name and the numbers", () => {
    const email = renderEmail("order_placed", {
      customerName: "Ada",
      lines,
      holdEndsAt: new Date("2026-11-28T16:45:30Z"),
    });
    expect(email.subject).toBe("Your Partshop orders #100041, #100042");
    expect(email.text).toContain("Hello Ada,");
    expect(email.text).toContain("reserved for you until 2026-11-28 16:45 UTC");
    expect(email.text).toContain("#100041  ThinkPad T14 keyboard  2 x $49.99 = $99.98");
    expect(email.text).toContain("#100042  65 W charger  1 x $29.50 = $29.50");
    expect(email.text).toContain("Total: $129.48");
    expect(email.html).toContain('<h1 style="font-size:20px">Partshop</h1>');
    expect(email.html).toMatch(
      />#100041<\/td><td[^>]*>ThinkPad T14 keyboard<\/td><td[^>]*>2<\/td><td[^>]*>\$49\.99<\/td><td[^>]*>\$99\.98<\/td>/,
    );
    expect(email.html).toMatch(/>Total<\/th><th[^>]*>\$129\.48<\/th>/);
  });

  it("every kind has its own subject, and says what it is about", () => {
    const facts = { customerName: "Ada", lines: lines.slice(0, 1) };
    expect(renderEmail("payment_received", { ...facts, paymentReference: "pi_1" }).text).toContain(
      "We received your payment of $99.98.",
    );
    expect(renderEmail("hold_ending", facts).subject).toBe("Your reservation ends soon: order #100041");
    expect(renderEmail("hold_ended", facts).subject).toBe("Your reservation has ended: order #100041");
    expect(renderEmail("order_cancelled", { ...facts, reason: "by the shop" }).text).toContain(
      "Your order #100041 is cancelled by the shop.",
    );
    expect(renderEmail("order_refunded", { ...facts, amountCents: 500 }).text).toContain(
      "We refunded $5.00 to your card.",
    );
  });

  it("a shipping email lists the parcel's lines and units, the carrier, tracking number and link, and no amounts", () => {
    const parcel = {
      carrierName: "UPS",
      trackingNumber: "1Z999AA10123456784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784&x=<y>",
    };
    const email = renderEmail("order_shipped", { customerName: "Ada", lines: [{ ...lines[0], quantity: 1 }], parcel });
    expect(email.subject).toBe("Shipped: your Partshop order #100041");
    expect(email.text).toContain("a parcel with these parts is on its way with UPS.");
    expect(email.text).toContain("Tracking number: 1Z999AA10123456784");
    expect(email.text).toContain(`Track it: ${parcel.trackingUrl}`);
    expect(email.text).toContain("#100041  ThinkPad T14 keyboard  x 1");
    expect(email.text).not.toContain("$");
    expect(email.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784&amp;x=&lt;y&gt;"');
    expect(email.html).toMatch(/>ThinkPad T14 keyboard<\/td><td[^>]*>1<\/td>/);
    expect(email.html).not.toContain("$");
  });

  it("the receipt names its invoice and the refund notice its credit note, each attached", () => {
    const facts = { customerName: "Ada", lines: lines.slice(0, 1) };
    const receipt = renderEmail("payment_received", { ...facts, invoiceNumber: "INV-2026-000123" });
    expect(receipt.text).toContain("Your invoice INV-2026-000123 is attached.");
    expect(receipt.html).toContain("Your invoice INV-2026-000123 is attached.");
    expect(renderEmail("order_refunded", { ...facts, creditNoteNumber: "CN-2026-000045" }).text).toContain(
      "Your credit note CN-2026-000045 is attached.",
    );
    expect(renderEmail("payment_received", facts).text).not.toContain("attached");
  });

  it("a long checkout's subject names its first orders and how many more", () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ ...lines[0], number: String(100_001 + index) }));
    expect(renderEmail("order_placed", { customerName: "Ada", lines: many }).subject).toBe(
      "Your Partshop orders #100001, #100002, #100003 and 9 more",
    );
  });

  it("escapes everything put into the HTML: a part's and a customer's names", () => {
    const email = renderEmail("order_placed", {
      customerName: `Eve "<img src=x onerror=alert(1)>"`,
      lines: [{ ...lines[0], partName: `<script>alert('x')</script> & Co` }],
    });
    expect(email.html).not.toMatch(/<script>|<img/);
    expect(email.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co");
    expect(email.html).toContain("Hello Eve &quot;&lt;img src=x onerror=alert(1)&gt;&quot;,");
    expect(email.text).toContain("<script>alert('x')</script> & Co");
  });

  it("escapeHtml leaves plain text alone", () => {
    expect(escapeHtml("Keyboard 14 inch")).toBe("Keyboard 14 inch");
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });

  it("an order with frozen shipping and tax lists subtotal, shipping with its method, tax with its zone, the total and the address", () => {
    const email = renderEmail("payment_received", { customerName: "Emmy", lines: workedLines, sale: germanSale });
    expect(email.text).toContain("We received your payment of $261.28. Thank you!");
    // Each line at its price; shipping and tax are rows of their own.
    expect(email.text).toContain("#100051  Battery  3 x $59.99 = $179.97");
    expect(email.text).toContain("#100052  Manual  1 x $24.50 = $24.50");
    expect(email.text).toContain(
      [
        "Subtotal: $204.47",
        "Shipping (Express, 2–4 working days): $19.00",
        "Tax (Germany, included in shown prices): $37.81",
        "Total: $261.28",
        "",
        "Ships to:",
        "Emmy Noether",
        "Unter den Linden 6, Berlin 10117, Germany",
        "Phone: +4930209312345",
      ].join("\n"),
    );
    expect(email.html).toMatch(/>Subtotal<\/th><th[^>]*>\$204\.47<\/th>/);
    expect(email.html).toMatch(/>Shipping \(Express, 2–4 working days\)<\/th><th[^>]*>\$19\.00<\/th>/);
    expect(email.html).toMatch(/>Tax \(Germany, included in shown prices\)<\/th><th[^>]*>\$37\.81<\/th>/);
    expect(email.html).toMatch(/>Total<\/th><th[^>]*>\$261\.28<\/th>/);
    expect(email.html).toContain(
      "<strong>Ships to:</strong><br>Emmy Noether<br>Unter den Linden 6, Berlin 10117, Germany",
    );
  });

  it("a zone that adds tax names it plainly; an order without delivery or tax lists its lines and total as before", () => {
    const added = renderEmail("order_placed", {
      customerName: "Ada",
      lines,
      sale: { ...germanSale, pricesIncludeTax: false, taxZoneName: "New York", minDays: 1, maxDays: 1 },
    });
    expect(added.text).toContain("Shipping (Express, 1 working day): $19.00");
    expect(added.text).toContain("Tax (New York): $37.81");
    const plain = { customerName: "Ada", lines };
    const undelivered = {
      ...germanSale,
      shippingCents: 0,
      taxCents: 0,
      shipTo: null,
      shippingMethodName: null,
      taxZoneName: null,
      pricesIncludeTax: false,
    };
    expect(renderEmail("order_placed", { ...plain, sale: undelivered })).toEqual(renderEmail("order_placed", plain));
    expect(renderEmail("order_placed", plain).text).not.toContain("Subtotal");
  });
});
