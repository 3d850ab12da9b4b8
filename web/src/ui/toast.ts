import { useMemo } from "react";

type Variant = "success" | "error" | "info";
type Notistack = typeof import("notistack");

// notistack is loaded off the critical path (ToastHost is lazy); toasts raised before it is
// mounted wait for it instead of being lost.
let resolveHost: (module: Notistack) => void;
const hostReady = new Promise<Notistack>((resolve) => {
  resolveHost = resolve;
});

/** Called by ToastHost once its SnackbarProvider is mounted. */
export function markToastHostReady(module: Notistack): void {
  resolveHost(module);
}

export function showToast(message: string, variant: Variant): void {
  void hostReady.then(({ enqueueSnackbar }) => enqueueSnackbar(message, { variant }));
}

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
