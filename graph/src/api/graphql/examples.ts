/*
 * What Apollo Sandbox opens with outside production (edge/graphql.ts): one document of named
 * operations, for a visitor, a customer and an admin, and the variables they take. The tests run
 * each of them against a real shop (test/api-docs.test.ts), so they stay valid as the schema grows.
 */

export const SANDBOX_DOCUMENT = `# Partshop's GraphQL API. Pick an operation (the Run button's menu), fill in its variables, run it.
# Every field, argument and error code is described in the Documentation panel; the five-minute
# guide is docs/api-getting-started.md.
#
# As a visitor, no token: SearchParts.
# As a customer: get a Firebase ID token (locally, the Auth Emulator signs in the seeded
#   customer@partshop.dev / partshop-customer:
#     curl -s 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key' \\
#       -H 'content-type: application/json' \\
#       -d '{"email":"customer@partshop.dev","password":"partshop-customer","returnSecureToken":true}'
#   ), put it in the idToken variable and run SignIn; then add the header
#   Authorization: Bearer <the token SignIn answered> (Headers, below the editor) and run
#   PlaceOrder (a partId from SearchParts), PayOrder, then ConfirmPayment once the card is paid,
#   and MyOrders.
# As an admin: the same with admin@partshop.dev / partshop-admin, then AdminReports.

query SearchParts($search: String, $filter: PartFilter, $orderBy: PartOrder) {
  parts(search: $search, filter: $filter, orderBy: $orderBy, first: 5) {
    edges {
      node {
        databaseId
        name
        price
        available
        minOrderQuantity
        compatibleModels {
          name
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}

mutation SignIn($idToken: String!) {
  signIn(idToken: $idToken) {
    token
    user {
      email
      role
    }
  }
}

mutation PlaceOrder($order: PlaceOrderInput!) {
  placeOrder(input: $order) {
    databaseId
    status
    quantity
    unitPrice
    price
    partName
  }
}

mutation PayOrder($orderId: ID!) {
  createPaymentIntent(orderId: $orderId) {
    clientSecret
  }
}

mutation ConfirmPayment($orderId: ID!, $transactionId: String!) {
  confirmOrderPayment(orderId: $orderId, transactionId: $transactionId) {
    status
    paid
    paidAt
    transactionId
  }
}

query MyOrders {
  viewer {
    email
    role
    orders(first: 10) {
      edges {
        node {
          databaseId
          partName
          quantity
          price
          status
          createdAt
        }
      }
    }
  }
}

query AdminReports {
  adminOverview {
    firstDay
    lastDay
    revenue
    paidOrders
    openUnpaidOrders
    openUnpaidValue
    customers
    newCustomers
    revenueByDay {
      day
      revenue
      paidOrders
    }
    topParts {
      part {
        name
      }
      unitsSold
      revenue
    }
    lowStockParts {
      name
      available
      lowStockThreshold
    }
  }
  orders(first: 10, status: PAID) {
    edges {
      node {
        databaseId
        userEmail
        partName
        price
        paidAt
      }
    }
  }
  auditLog(first: 5) {
    edges {
      node {
        at
        actorEmail
        action
        entityType
        entityName
      }
    }
  }
}
`;

/** The operations' variables; the placeholders say where each value comes from. */
export const SANDBOX_VARIABLES = {
  search: "thinkpad battery",
  filter: { inStock: true },
  orderBy: "RELEVANCE",
  idToken: "<a Firebase ID token: see the comment at the top>",
  order: {
    partId: "<a databaseId from SearchParts>",
    quantity: 1,
    address: "12 Harbour Road, Bristol",
    phone: "0123456789",
  },
  orderId: "<the databaseId PlaceOrder answered>",
  transactionId:
    "<the PaymentIntent id (pi_...) that paid it: the part of clientSecret before _secret_, once the card is confirmed>",
};

/** The operations by who runs them (the tests run each as that caller). */
export const SANDBOX_OPERATIONS = {
  visitor: ["SearchParts"],
  customer: ["SignIn", "PlaceOrder", "PayOrder", "ConfirmPayment", "MyOrders"],
  admin: ["AdminReports"],
} as const;
