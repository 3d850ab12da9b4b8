import { describe, expect, it } from "vitest";
import { escapeHtml, renderEmail } from "./templates";

const lines = [
  { number: "100041", partName: "ThinkPad T14 keyboard", quantity: 2, unitPriceCents: 4999, totalCents: 9998 },
  { number: "100042", partName: "65 W charger", quantity: 1, unitPriceCents: 2950, totalCents: 2950 },
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
});
