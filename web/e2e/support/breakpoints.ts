import fs from "node:fs";
import path from "node:path";
import { WEB_DIR } from "./paths";

/** A media query's em is the browser's initial font size, whatever the page sets. */
const PX_PER_EM = 16;

type WidthCondition = "min-width" | "max-width" | ">=" | ">" | "<=" | "<";

/** The first width (in whole CSS pixels) at which a viewport-width condition starts or stops holding. */
function breakpointOf(condition: WidthCondition, px: number): number {
  switch (condition) {
    case "min-width": // holds from px on
    case ">=":
    case "<": // holds until px
      return Math.ceil(px);
    case "max-width": // holds up to px (max-width: 639.98px changes the layout at 640)
    case "<=":
    case ">": // holds past px
      return Math.floor(px) + 1;
  }
}

const WIDTH_CONDITION =
  /\(\s*(?:(min-width|max-width)\s*:\s*([\d.]+)([a-z%]*)|width\s*(<=|>=|<|>)\s*([\d.]+)([a-z%]*))\s*\)/g;

/**
 * The viewport widths at which a style sheet's layout changes: every min-width, max-width and
 * `width <op> value` of its @media rules (in px, em or rem). A width it cannot read (another unit,
 * a range with two bounds) is an error rather than a breakpoint left unchecked.
 */
export function breakpointsOf(css: string): number[] {
  const widths: number[] = [];
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const [, prelude] of withoutComments.matchAll(/@media([^{]*)\{/g)) {
    const conditions = [...prelude.matchAll(WIDTH_CONDITION)];
    if (conditions.length !== (prelude.match(/width/g) ?? []).length)
      throw new Error(`A media query the layout journey cannot read: @media${prelude}`);
    for (const [condition, feature, featureValue, featureUnit, operator, rangeValue, rangeUnit] of conditions) {
      const unit = featureUnit ?? rangeUnit;
      const value = Number(featureValue ?? rangeValue);
      const px = unit === "px" ? value : unit === "em" || unit === "rem" ? value * PX_PER_EM : NaN;
      if (!Number.isFinite(px)) throw new Error(`A media query the layout journey cannot read: ${condition}`);
      widths.push(breakpointOf((feature ?? operator) as WidthCondition, px));
    }
  }
  return widths;
}

/** Every .css file of the web app's sources. */
function styleSheets(dir = path.join(WEB_DIR, "src")): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".css"))
    .map((name) => path.join(dir, name));
}

/**
 * The widths the layout journey checks: the smallest phone it supports, every breakpoint the web
 * app's CSS declares (read from web/src, so a new one is checked without being listed), and a
 * desktop; in increasing order.
 */
export function layoutWidths({ narrowest = 360, widest = 1920 } = {}): number[] {
  const breakpoints = styleSheets().flatMap((file) => breakpointsOf(fs.readFileSync(file, "utf8")));
  return [...new Set([narrowest, ...breakpoints, widest])].sort((a, b) => a - b);
}
