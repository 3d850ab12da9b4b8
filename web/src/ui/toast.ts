import { useMemo } from "react";
import { showToast } from "./toastQueue";

export { markToastHostReady, onFirstToast, showToast } from "./toastQueue";

/** Toast helpers with the variants this shop uses. */
export function useToast() {
  return useMemo(
    () => ({
      success: (message: string) => showToast(message, "success"),
      error: (message: string) => showToast(message, "error"),
      info: (message: string) => showToast(message, "info"),
    }),
    [],
  );
}
