import { Link, useParams } from "react-router-dom";
import { useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { LoadMoreButton } from "@/ui/LoadMoreButton";
import { DataCell, DataTable } from "@/ui/DataTable";
import { formatPrice } from "@/ui/format";
import { formatDateTime } from "@/ui/formatFigures";
import { OrderStatusBadge } from "@/features/orders/OrderStatusBadge";
import { FulfilmentBadge } from "@/features/fulfilment";
import "./adminLists.css";
import "./CustomerPage.css";

export const CustomerDocument = graphql(`
  query Customer($id: ID!, $first: Int, $after: String) {
    customer(id: $id) {
      user {
        id
        databaseId
        email
        displayName
        role
        emailVerified
      }
      profile {
        userName
        address
        phone
        education
        linkedin
      }
      totals {
        orders
        paidOrders
        unpaidOrders
        paid
        unpaid
        refunded
      }
      orders(first: $first, after: $after) {
        edges {
          cursor
          node {
            id
            databaseId
            number
            partName
            quantity
            price
            status
            fulfilment
            createdAt
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

/** One customer as admins see them: the account and profile, what they ordered and what it adds up to. */
export function CustomerPage() {
  const { userId = "" } = useParams();
  const { data, loading, error, refetch, fetchMore } = useQuery(CustomerDocument, {
    variables: { id: userId, first: 20 },
    fetchPolicy: "cache-and-network",
  });
  if (!data && loading) return <Spinner label="Loading the customer…" />;
  if (!data || !data.customer)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load this customer"
      />
    );
  const { user, profile, totals, orders } = data.customer;
  const edges = orders.edges;
  return (
    <div className="dashboard-page">
      <p className="small">
        <Link to="/dashboard/all_users">← All Users</Link>
      </p>
      <div className="page-heading">
        <h1>{user.displayName ?? user.email}</h1>
        <Link className="btn btn--outline" to={`/dashboard/history?type=USER&id=${user.databaseId}`}>
          History
        </Link>
      </div>
      <div className="customer-cards">
        <section className="card" aria-labelledby="customer-profile">
          <h2 id="customer-profile">Profile</h2>
          <dl className="customer-facts">
            <dt>Email</dt>
            <dd>
              {user.email}
              {!user.emailVerified && <span className="small"> (not verified)</span>}
            </dd>
            <dt>Role</dt>
            <dd>{user.role === "ADMIN" ? "Admin" : "Customer"}</dd>
            {profile ? (
              <>
                <dt>Address</dt>
                <dd>{profile.address}</dd>
                <dt>Phone</dt>
                <dd>{profile.phone}</dd>
                <dt>Education</dt>
                <dd>{profile.education}</dd>
                <dt>LinkedIn</dt>
                <dd>
                  <a href={profile.linkedin} rel="noopener noreferrer" target="_blank">
                    {profile.linkedin}
                  </a>
                </dd>
              </>
            ) : (
              <>
                <dt>Profile</dt>
                <dd className="small">Not filled in yet</dd>
              </>
            )}
          </dl>
        </section>
        <section className="card" aria-labelledby="customer-totals">
          <h2 id="customer-totals">Totals</h2>
          <dl className="customer-facts">
            <dt>Orders</dt>
            <dd>{totals.orders}</dd>
            <dt>Paid</dt>
            <dd>
              {formatPrice(totals.paid)} <span className="small">({totals.paidOrders} orders)</span>
            </dd>
            <dt>Unpaid</dt>
            <dd>
              {formatPrice(totals.unpaid)} <span className="small">({totals.unpaidOrders} orders)</span>
            </dd>
            <dt>Refunded</dt>
            <dd>{formatPrice(totals.refunded)}</dd>
          </dl>
        </section>
      </div>
      <h2>Orders</h2>
      {edges.length === 0 ? (
        <EmptyState>No orders yet.</EmptyState>
      ) : (
        <>
          <DataTable
            caption="Their orders, newest first"
            columns={["Number", "Placed", "Part", "Quantity", "Total", "Status"]}
          >
            {edges.map(({ node: order }) => (
              <tr key={order.id}>
                <DataCell label="Number">
                  <Link to={`/dashboard/manage_all_orders?search=${order.number}`}>#{order.number}</Link>
                </DataCell>
                <DataCell label="Placed">
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </DataCell>
                <DataCell label="Part">{order.partName}</DataCell>
                <DataCell label="Quantity" kind="number">
                  {order.quantity}
                </DataCell>
                <DataCell label="Total" kind="number">
                  {formatPrice(order.price)}
                </DataCell>
                <DataCell label="Status">
                  <OrderStatusBadge order={order} paidLabel="Paid" />
                  <FulfilmentBadge fulfilment={order.fulfilment} />
                </DataCell>
              </tr>
            ))}
          </DataTable>
          <LoadMoreButton
            pageInfo={orders.pageInfo}
            label="Load more orders"
            onLoadMore={(after) => fetchMore({ variables: { after } })}
          />
        </>
      )}
    </div>
  );
}
