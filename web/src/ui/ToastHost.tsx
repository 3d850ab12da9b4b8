import { useEffect } from "react";
import * as notistack from "notistack";
import { markToastHostReady } from "./toast";
import "./toast.css";

/** docs/product.md, "Business constants": toasts top-right, closing after 5000 ms, no limit on how many show at once. */
export function ToastHost() {
  useEffect(() => markToastHostReady(notistack), []);
  return (
    <notistack.SnackbarProvider
      anchorOrigin={{ vertical: "top", horizontal: "right" }}
      autoHideDuration={5000}
      maxSnack={1000}
    />
  );
}
