import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { Navbar } from "./Navbar";
import { Footer } from "./Footer";
import { Spinner } from "@/ui/Spinner";
import "./Layout.css";

export function Layout() {
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {/* Islands of a storefront page (src/islands/storefront.ts): each hydrates on its own, on first use. */}
      <div data-island="header" className="layout__island">
        <Navbar />
      </div>
      <main id="main" className="app__main" tabIndex={-1} data-island="page">
        <Suspense fallback={<Spinner label="Loading page…" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
