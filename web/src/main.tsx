// First: the shared styles come before every component's own stylesheet, which may refine them.
import "./ui/styles/index.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProviders } from "./AppProviders";
import { AppRoutes, loadPagesAt } from "./AppRoutes";
import { createApolloClient } from "@/lib/apollo/createApolloClient";
import { takeOverServerPage } from "@/lib/page/serverPage";
import { offerSearchSuggestions } from "@/features/layout/searchSuggestions";

// The navigation bar's search box suggests parts in plain script, as on the storefront's pages.
offerSearchSuggestions();

const root = document.getElementById("root")!;
// Public pages come rendered from the server with the data they show: the browser hydrates them.
// The cart page comes as forms from this browser's cart on the server: the app renders its own.
const browserRenders = root.hasAttribute("data-browser-renders");
if (browserRenders) root.replaceChildren();
const fromServer = root.hasChildNodes();
const client = createApolloClient(fromServer ? takeOverServerPage() : undefined);
const app = (
  <StrictMode>
    <AppProviders client={client}>
      <AppRoutes />
    </AppProviders>
  </StrictMode>
);
// The page's code first: hydrating a page whose code is still on its way would render it again.
// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page (the page is already painted and its links already work).
if (fromServer)
  void loadPagesAt(window.location.pathname).finally(() => startTransition(() => void hydrateRoot(root, app)));
else createRoot(root).render(app);
