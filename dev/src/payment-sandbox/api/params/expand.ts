import { listParam, type FormObject } from "../../form";

/** `expand[]=latest_charge`: the fields to answer with whole objects instead of ids. */
export function readExpand(params: FormObject): string[] {
  return listParam(params, "expand") ?? [];
}
