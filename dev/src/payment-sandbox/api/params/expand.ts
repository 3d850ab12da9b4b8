import { invalidRequest } from "../../errors";
import { listParam, type FormObject } from "../../form";

/** `expand[]=latest_charge`: the fields to answer with whole objects instead of ids. */
export function readExpand(params: FormObject): string[] {
  return listParam(params, "expand") ?? [];
}

/**
 * Replaces each expanded field of `rendered` with what its expander gives (null: accepted, left as it
 * is, for objects the sandbox does not have); a field without an expander cannot be expanded.
 */
export function expandFields(
  rendered: Record<string, unknown>,
  expand: string[],
  expanders: Record<string, (() => unknown) | null>,
): Record<string, unknown> {
  for (const path of expand) {
    if (!Object.hasOwn(expanders, path))
      throw invalidRequest(`This property cannot be expanded (${path}).`, { param: "expand" });
    const expander = expanders[path];
    if (expander) rendered[path] = expander();
  }
  return rendered;
}
