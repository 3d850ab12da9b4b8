import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { useAuth } from "@/lib/auth/AuthContext";
import { Spinner } from "@/ui/Spinner";
import { DashboardMenu } from "./DashboardMenu";
import "./DashboardLayout.css";

export function DashboardLayout() {
  const { user } = useAuth();
  return (
    <div className="container dashboard">
      <aside className="dashboard__sidebar">
        <p className="dashboard__title">Dashboard</p>
        <p className="dashboard__welcome" title={user?.displayName || user?.email}>
          Hello, {user?.displayName || user?.email}
        </p>
        <DashboardMenu />
      </aside>
      <section className="dashboard__content">
        <Suspense fallback={<Spinner label="Loading page…" />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
