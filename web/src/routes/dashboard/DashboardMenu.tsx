import { NavLink } from "react-router-dom";
import { useIsAdmin } from "../../auth/useIsAdmin";
import { Spinner } from "../../ui/Spinner";
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
];
const ADMIN: MenuItem[] = [
  { to: "/dashboard/all_users", label: "All Users" },
  { to: "/dashboard/manage_all_orders", label: "Manage All Orders" },
  { to: "/dashboard/add_product", label: "Add Product" },
  { to: "/dashboard/manage_product", label: "Manage Product" },
];

/** Spec §2: My Profile always; customers get orders and reviews; admins get the admin pages. */
export function DashboardMenu() {
  const check = useIsAdmin();
  const items = [...ALWAYS, ...(check.state === "admin" ? ADMIN : check.state === "notAdmin" ? CUSTOMER : [])];
  return (
    <nav className="dashboard__menu" aria-label="Dashboard">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
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
