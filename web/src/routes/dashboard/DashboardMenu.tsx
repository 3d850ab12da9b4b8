import { useId, useRef, useState, type KeyboardEvent } from "react";
import { matchPath, NavLink, useLocation } from "react-router-dom";
import { useIsAdmin } from "@/lib/auth/useIsAdmin";
import { Spinner } from "@/ui/Spinner";
import "./DashboardMenu.css";

interface MenuItem {
  to: string;
  label: string;
  end?: boolean;
}

const ALWAYS: MenuItem[] = [{ to: "/dashboard", label: "My Profile", end: true }];
const CUSTOMER: MenuItem[] = [
  { to: "/dashboard/my_orders", label: "My Orders" },
  { to: "/dashboard/add_review", label: "Add a review" },
  { to: "/dashboard/addresses", label: "Addresses" },
];
// The overview first; the spec's four pages in the spec's order; then the To-ship queue, parts, shipping, tax and the history.
const ADMIN: MenuItem[] = [
  { to: "/dashboard/overview", label: "Overview" },
  { to: "/dashboard/all_users", label: "All Users" },
  { to: "/dashboard/manage_all_orders", label: "Manage All Orders" },
  { to: "/dashboard/add_product", label: "Add Product" },
  { to: "/dashboard/manage_product", label: "Manage Product" },
  { to: "/dashboard/to_ship", label: "To ship" },
  { to: "/dashboard/manage_parts", label: "Manage Parts" },
  { to: "/dashboard/shipping", label: "Shipping" },
  { to: "/dashboard/tax", label: "Tax" },
  { to: "/dashboard/history", label: "History" },
];

/** The entry NavLink marks active for this path (the same matching rule). */
function currentItem(items: MenuItem[], pathname: string): MenuItem | undefined {
  return items.find((item) => matchPath({ path: item.to, end: item.end ?? false }, pathname));
}

/**
 * docs/product.md, "Roles and permissions": My Profile always; customers get orders and reviews; admins get the admin pages.
 * On a phone the list folds under a button naming the current page; from 768 px it is always
 * shown (a row of tabs, then the sidebar from 1280 px).
 */
export function DashboardMenu() {
  const check = useIsAdmin();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const items = [...ALWAYS, ...(check.state === "admin" ? ADMIN : check.state === "notAdmin" ? CUSTOMER : [])];
  const current = currentItem(items, pathname);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <nav className="dashboard__menu" aria-label="Dashboard" onKeyDown={closeOnEscape}>
      <button
        ref={toggle}
        type="button"
        className="dashboard__menu-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <span>
          <span className="visually-hidden">Dashboard menu: </span>
          {current?.label ?? "Choose a page"}
        </span>
        <svg className="dashboard__menu-chevron" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path
            d="M5 7.5l5 5 5-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <ul id={listId} className={open ? "dashboard__menu-list is-open" : "dashboard__menu-list"}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {check.state === "checking" && <Spinner inline label="Loading your menu…" />}
      {check.state === "error" && (
        <button type="button" className="btn btn--small btn--outline" onClick={check.retry}>
          Retry loading menu
        </button>
      )}
    </nav>
  );
}
