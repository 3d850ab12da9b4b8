// The toasts' queue, with no React: plain script (a storefront page's) hands its toasts here too.
export type Variant = "success" | "error" | "info";
type Notistack = typeof import("notistack");

// notistack is loaded with the first toast (ToastHost is lazy and mounted then): a visitor who
// sees none never fetches it; toasts raised before it is mounted wait for it instead of being lost.
let resolveHost: (module: Notistack) => void;
const hostReady = new Promise<Notistack>((resolve) => {
  resolveHost = resolve;
});
let toastRequested = false;
const firstToastListeners = new Set<() => void>();

/** Calls `listener` once a toast has been asked for (at once if one was already): AppProviders mounts ToastHost then. */
export function onFirstToast(listener: () => void): () => void {
  if (toastRequested) {
    listener();
    return () => undefined;
  }
  firstToastListeners.add(listener);
  return () => void firstToastListeners.delete(listener);
}

/** Called by ToastHost once its SnackbarProvider is mounted. */
export function markToastHostReady(module: Notistack): void {
  resolveHost(module);
}

export function showToast(message: string, variant: Variant): void {
  if (!toastRequested) {
    toastRequested = true;
    for (const listener of firstToastListeners) listener();
    firstToastListeners.clear();
  }
  void hostReady.then(({ enqueueSnackbar }) => enqueueSnackbar(message, { variant }));
}
