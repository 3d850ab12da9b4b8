import { expect, it } from "vitest";
import { formatDay } from "./formatDay";

it("writes a day as Intl's en-US long date in UTC does, whatever the time of day", () => {
  const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const start = Date.UTC(2024, 0, 1);
  for (let hours = 0; hours < 24 * 800; hours += 7) {
    const iso = new Date(start + hours * 3_600_000 + 59_999).toISOString();
    expect(formatDay(iso), iso).toBe(intl.format(new Date(iso)));
  }
});
