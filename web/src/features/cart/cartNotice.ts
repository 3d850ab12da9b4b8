/**
 * A cart notice in plain script, before React (and notistack) are fetched: the toast the app
 * shows, drawn as ToastHost draws it (top-right, closing after 5000 ms unless the pointer rests
 * on it; docs/product.md, "Business constants"). It carries notistack's role, description and
 * class names, so it reads, looks and is found as the same toast.
 */
const HIDE_AFTER_MS = 5000;

let host: HTMLElement | null = null;

function noticeHost(): HTMLElement {
  if (!host?.isConnected) {
    host = document.createElement("div");
    host.className = "plain-notices";
    document.body.append(host);
  }
  return host;
}

type Variant = "success" | "error";

/** Shows `message` as a success or error toast; returns its element. */
export function showCartNotice(message: string, variant: Variant): HTMLElement {
  const notice = document.createElement("div");
  notice.dataset.variant = variant;
  notice.className = `plain-notice notistack-MuiContent notistack-MuiContent-${variant}`;
  notice.setAttribute("role", "alert");
  notice.setAttribute("aria-describedby", "notistack-snackbar");
  const text = notice.appendChild(document.createElement("div"));
  text.id = "notistack-snackbar";
  text.className = "plain-notice__message";
  text.textContent = message;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closeLater = () => {
    timer = setTimeout(() => notice.remove(), HIDE_AFTER_MS);
  };
  notice.addEventListener("mouseenter", () => clearTimeout(timer));
  notice.addEventListener("mouseleave", closeLater);
  noticeHost().append(notice);
  closeLater();
  return notice;
}

/**
 * Once React has the page its toasts are notistack's, in the same corner: a notice still showing
 * is handed to `showToast` (ToastHost's), so the two never stack over each other.
 */
export function handNoticesOver(showToast: (message: string, variant: Variant) => void): void {
  for (const notice of host?.querySelectorAll<HTMLElement>(".plain-notice") ?? []) {
    notice.remove();
    showToast(notice.textContent ?? "", notice.dataset.variant === "error" ? "error" : "success");
  }
}
