import { Link } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { Spinner } from "@/ui/Spinner";
import { ErrorState } from "@/ui/QueryStates";
import { DataCell, DataTable } from "@/ui/DataTable";
import { formatPrice } from "@/ui/format";
import { formatCount } from "@/ui/formatFigures";
import { RestockForm } from "../parts/RestockForm";
import { SalesChart } from "./SalesChart";
import "../adminLists.css";
import "./OverviewPage.css";

export const AdminOverviewDocument = graphql(`
  query AdminOverview {
    adminOverview {
      days
      firstDay
      lastDay
      revenue
      paidOrders
      openUnpaidOrders
      openUnpaidValue
      customers
      newCustomers
      lowStockCount
      revenueByDay {
        day
        revenue
        paidOrders
      }
      topParts {
        part {
          id
          databaseId
          name
        }
        unitsSold
        revenue
      }
      lowStockParts {
        id
        databaseId
        name
        available
        lowStockThreshold
      }
    }
  }
`);

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="card stat-tile">
      <p className="stat-tile__label">{label}</p>
      <p className="stat-tile__value">{value}</p>
      {detail && <p className="stat-tile__detail">{detail}</p>}
    </div>
  );
}

/** The business at a glance: every figure an SQL aggregate over the orders, customers and parts. */
export function OverviewPage() {
  // Always asked again: the figures move with every order.
  const { data, loading, error, refetch } = useQuery(AdminOverviewDocument, { fetchPolicy: "cache-and-network" });
  if (!data && loading) return <Spinner label="Loading the overview…" />;
  if (!data)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load the overview"
      />
    );
  const overview = data.adminOverview;
  const period = `${overview.firstDay} to ${overview.lastDay} (UTC)`;
  return (
    <div className="dashboard-page overview">
      <h1>Overview</h1>
      <p className="page-intro">
        The last {overview.days} days: {period}.
      </p>
      <div className="stat-grid">
        <Stat
          label={`Revenue, last ${overview.days} days`}
          value={formatPrice(overview.revenue)}
          detail="Totals of the orders paid"
        />
        <Stat label={`Paid orders, last ${overview.days} days`} value={formatCount(overview.paidOrders)} />
        <Stat
          label="Open unpaid orders"
          value={formatCount(overview.openUnpaidOrders)}
          detail={`${formatPrice(overview.openUnpaidValue)} waiting for payment`}
        />
        <Stat
          label="Customers"
          value={formatCount(overview.customers)}
          detail={`${formatCount(overview.newCustomers)} new in the last ${overview.days} days`}
        />
      </div>

      <div className="chart-grid">
        <SalesChart
          id="revenue-chart"
          title="Revenue per day"
          days={overview.revenueByDay}
          value={(day) => day.revenue}
          format={formatPrice}
          unit="Revenue"
          color="#1f3a8a"
        />
        <SalesChart
          id="orders-chart"
          title="Paid orders per day"
          days={overview.revenueByDay}
          value={(day) => day.paidOrders}
          format={formatCount}
          unit="Paid orders"
          color="#b45309"
          whole
        />
      </div>

      <section className="overview__section" aria-labelledby="top-parts-heading">
        <h2 id="top-parts-heading">Top parts by units sold</h2>
        <p className="small">Orders paid in the last {overview.days} days.</p>
        {overview.topParts.length === 0 ? (
          <p className="state state--empty">No part sold in the last {overview.days} days.</p>
        ) : (
          <DataTable caption="Top parts by units sold" columns={["#", "Part", "Units sold", "Revenue"]}>
            {overview.topParts.map((top, index) => (
              <tr key={top.part.id}>
                <DataCell label="#" kind="number">
                  {index + 1}
                </DataCell>
                <DataCell label="Part">
                  <Link to={`/dashboard/manage_parts/${top.part.databaseId}`}>{top.part.name}</Link>
                </DataCell>
                <DataCell label="Units sold" kind="number">
                  {formatCount(top.unitsSold)}
                </DataCell>
                <DataCell label="Revenue" kind="number">
                  {formatPrice(top.revenue)}
                </DataCell>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section className="overview__section" aria-labelledby="low-stock-heading">
        <h2 id="low-stock-heading">Low stock</h2>
        <p className="small">
          Parts on sale at or below their low-stock threshold: {formatCount(overview.lowStockCount)}.{" "}
          {overview.lowStockCount > overview.lowStockParts.length && (
            <Link to="/dashboard/manage_parts?low=1">See them all</Link>
          )}
        </p>
        {overview.lowStockParts.length === 0 ? (
          <p className="state state--empty">Every part on sale is above its threshold.</p>
        ) : (
          <DataTable caption="Parts low on stock" columns={["Part", "Stock", "Threshold", "Restock"]}>
            {overview.lowStockParts.map((part) => (
              <tr key={part.id}>
                <DataCell label="Part">
                  <Link to={`/dashboard/manage_parts/${part.databaseId}`}>{part.name}</Link>
                </DataCell>
                <DataCell label="Stock" kind="number">
                  {formatCount(part.available)}
                </DataCell>
                <DataCell label="Threshold" kind="number">
                  {formatCount(part.lowStockThreshold)}
                </DataCell>
                <DataCell label="Restock" kind="actions">
                  <RestockForm part={part} compact refetchQueries={["AdminOverview"]} />
                </DataCell>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
