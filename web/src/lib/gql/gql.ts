/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AddressFields on Address {\n    id\n    databaseId\n    name\n    company\n    line1\n    line2\n    city\n    region\n    postalCode\n    country\n    countryName\n    phone\n    isDefault\n  }\n": typeof types.AddressFieldsFragmentDoc,
    "\n  query AddressCountries {\n    countries {\n      code\n      name\n      regionRequired\n      regions {\n        code\n        name\n      }\n    }\n  }\n": typeof types.AddressCountriesDocument,
    "\n  fragment ShippingZoneFields on ShippingZone {\n    id\n    databaseId\n    name\n    places {\n      country\n      countryName\n      region\n      regionName\n    }\n    methods {\n      id\n      databaseId\n      name\n      kind\n      bands {\n        upToGrams\n        price\n      }\n      freeOver\n      minDays\n      maxDays\n      carriesDangerousGoods\n    }\n  }\n": typeof types.ShippingZoneFieldsFragmentDoc,
    "\n  fragment TaxZoneFields on TaxZone {\n    id\n    databaseId\n    name\n    places {\n      country\n      countryName\n      region\n      regionName\n    }\n    pricesIncludeTax\n    taxesShipping\n    standardRate\n    reducedRate\n    zeroRate\n  }\n": typeof types.TaxZoneFieldsFragmentDoc,
    "\n  query ShippingZones {\n    shippingZones {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": typeof types.ShippingZonesDocument,
    "\n  query TaxZones {\n    taxZones {\n      id\n      ...TaxZoneFields\n    }\n  }\n": typeof types.TaxZonesDocument,
    "\n  query KnownPlaces {\n    shippingZones {\n      id\n      places {\n        country\n        countryName\n        region\n        regionName\n      }\n    }\n    taxZones {\n      id\n      places {\n        country\n        countryName\n        region\n        regionName\n      }\n    }\n  }\n": typeof types.KnownPlacesDocument,
    "\n  mutation CreateShippingZone($input: CreateShippingZoneInput!) {\n    createShippingZone(input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": typeof types.CreateShippingZoneDocument,
    "\n  mutation UpdateShippingZone($id: ID!, $input: UpdateShippingZoneInput!) {\n    updateShippingZone(id: $id, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": typeof types.UpdateShippingZoneDocument,
    "\n  mutation DeleteShippingZone($id: ID!) {\n    deleteShippingZone(id: $id) {\n      deletedId\n      name\n    }\n  }\n": typeof types.DeleteShippingZoneDocument,
    "\n  mutation AddShippingMethod($zoneId: ID!, $input: ShippingMethodInput!) {\n    addShippingMethod(zoneId: $zoneId, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": typeof types.AddShippingMethodDocument,
    "\n  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {\n    updateShippingMethod(id: $id, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": typeof types.UpdateShippingMethodDocument,
    "\n  mutation RemoveShippingMethod($id: ID!) {\n    removeShippingMethod(id: $id) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": typeof types.RemoveShippingMethodDocument,
    "\n  mutation CreateTaxZone($input: CreateTaxZoneInput!) {\n    createTaxZone(input: $input) {\n      id\n      ...TaxZoneFields\n    }\n  }\n": typeof types.CreateTaxZoneDocument,
    "\n  mutation UpdateTaxZone($id: ID!, $input: UpdateTaxZoneInput!) {\n    updateTaxZone(id: $id, input: $input) {\n      id\n      ...TaxZoneFields\n    }\n  }\n": typeof types.UpdateTaxZoneDocument,
    "\n  mutation DeleteTaxZone($id: ID!) {\n    deleteTaxZone(id: $id) {\n      deletedId\n      name\n    }\n  }\n": typeof types.DeleteTaxZoneDocument,
    "\n  query CartCount {\n    cart {\n      id\n      itemCount\n    }\n  }\n": typeof types.CartCountDocument,
    "\n  fragment CartContents on Cart {\n    id\n    itemCount\n    lineCount\n    subtotal\n    canCheckOut\n    lines(first: 50) {\n      edges {\n        node {\n          id\n          quantity\n          minQuantity\n          maxQuantity\n          lineTotal\n          warning\n          warningMessage\n          part {\n            id\n            databaseId\n            slug\n            name\n            partNumber\n            img\n            price\n            available\n            minOrderQuantity\n            retired\n          }\n        }\n      }\n    }\n  }\n": typeof types.CartContentsFragmentDoc,
    "\n  query Cart {\n    cart {\n      id\n      ...CartContents\n    }\n  }\n": typeof types.CartDocument,
    "\n  query CartPreview($lines: [CartLineInput!]!) {\n    cartPreview(lines: $lines) {\n      id\n      ...CartContents\n    }\n  }\n": typeof types.CartPreviewDocument,
    "\n  mutation AddToCart($line: CartLineInput!) {\n    addToCart(line: $line) {\n      id\n      ...CartContents\n    }\n  }\n": typeof types.AddToCartDocument,
    "\n  mutation SetCartQuantity($line: CartLineInput!) {\n    setCartQuantity(line: $line) {\n      id\n      ...CartContents\n    }\n  }\n": typeof types.SetCartQuantityDocument,
    "\n  mutation RemoveFromCart($partId: ID!) {\n    removeFromCart(partId: $partId) {\n      id\n      ...CartContents\n    }\n  }\n": typeof types.RemoveFromCartDocument,
    "\n  mutation MergeCart($lines: [CartLineInput!]!) {\n    mergeCart(lines: $lines) {\n      id\n      ...CartContents\n    }\n  }\n": typeof types.MergeCartDocument,
    "\n  fragment PartCard_part on Part {\n    id\n    databaseId\n    slug\n    name\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    shortDesc\n  }\n": typeof types.PartCard_PartFragmentDoc,
    "\n  fragment PartSummary_part on Part {\n    id\n    databaseId\n    name\n    partNumber\n    alternativeNumbers\n    img\n    images {\n      id\n      alt\n      url\n      width\n      height\n      srcset\n      sources {\n        mime\n        srcset\n      }\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    shortDesc\n    rating\n    reviewCount\n    compatibleModels {\n      id\n      brand\n      model\n      name\n    }\n  }\n": typeof types.PartSummary_PartFragmentDoc,
    "\n  fragment ProductCard_product on Product {\n    id\n    databaseId\n    slug\n    name\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    availableQuantity\n    minQuantity\n    description\n  }\n": typeof types.ProductCard_ProductFragmentDoc,
    "\n  query PriceDisplay {\n    priceDisplay {\n      pricesIncludeTax\n      taxZoneName\n      country\n    }\n  }\n": typeof types.PriceDisplayDocument,
    "\n  query SaleAddresses {\n    viewer {\n      id\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": typeof types.SaleAddressesDocument,
    "\n  fragment SaleQuoteFields on SaleQuote {\n    subtotal\n    shipping\n    tax\n    total\n    pricesIncludeTax\n    taxZoneName\n    shippingZoneName\n    shippingRefusal\n    shippingOptions {\n      methodId\n      name\n      kind\n      available\n      price\n      free\n      minDays\n      maxDays\n      unavailableReason\n    }\n    chosenShipping {\n      methodId\n      name\n      price\n      free\n      minDays\n      maxDays\n    }\n  }\n": typeof types.SaleQuoteFieldsFragmentDoc,
    "\n  query SaleQuote($input: SaleQuoteInput!) {\n    saleQuote(input: $input) {\n      ...SaleQuoteFields\n    }\n  }\n": typeof types.SaleQuoteDocument,
    "\n  fragment InvoiceFields on Invoice {\n    id\n    number\n    issuedAt\n    total\n    downloadPath\n  }\n": typeof types.InvoiceFieldsFragmentDoc,
    "\n  fragment CreditNoteFields on CreditNote {\n    id\n    number\n    issuedAt\n    invoiceNumber\n    total\n    reason\n    downloadPath\n  }\n": typeof types.CreditNoteFieldsFragmentDoc,
    "\n  fragment ShipmentFields on Shipment {\n    id\n    databaseId\n    trackingNumber\n    trackingUrl\n    shippedAt\n    deliveredAt\n    carrier {\n      code\n      name\n    }\n    lines {\n      partName\n      quantity\n      order {\n        id\n        number\n      }\n    }\n  }\n": typeof types.ShipmentFieldsFragmentDoc,
    "\n  mutation MarkShipmentDelivered($input: MarkShipmentDeliveredInput!) {\n    markShipmentDelivered(input: $input) {\n      id\n      deliveredAt\n    }\n  }\n": typeof types.MarkShipmentDeliveredDocument,
    "\n  query Carriers {\n    carriers {\n      code\n      name\n    }\n  }\n": typeof types.CarriersDocument,
    "\n  mutation RecordShipment($input: RecordShipmentInput!) {\n    recordShipment(input: $input) {\n      id\n      trackingNumber\n      carrier {\n        code\n        name\n      }\n    }\n  }\n": typeof types.RecordShipmentDocument,
    "\n  query SearchSuggestions($search: String!) {\n    parts(first: 6, search: $search) {\n      edges {\n        node {\n          id\n          name\n          slug\n        }\n      }\n    }\n  }\n": typeof types.SearchSuggestionsDocument,
    "\n  fragment AdminOrderRow_order on Order {\n    id\n    databaseId\n    number\n    partName\n    quantity\n    total\n    userName\n    userEmail\n    status\n    createdAt\n    paidAt\n    cancelledAt\n    refundedAt\n    disputeStatus\n    paymentError\n    fulfilment\n  }\n": typeof types.AdminOrderRow_OrderFragmentDoc,
    "\n  fragment MyOrderRow_order on Order {\n    id\n    databaseId\n    number\n    partName\n    quantity\n    price\n    status\n    transactionId\n    createdAt\n    paidAt\n    cancelledAt\n    reservedUntil\n    refundedAt\n    disputeStatus\n    paymentError\n    fulfilment\n  }\n": typeof types.MyOrderRow_OrderFragmentDoc,
    "\n  fragment SaleSummaryFields on SaleSummary {\n    subtotal\n    shipping\n    tax\n    total\n    pricesIncludeTax\n    taxZoneName\n    shippingMethodName\n    minDays\n    maxDays\n    shipTo {\n      name\n      company\n      line1\n      line2\n      city\n      region\n      postalCode\n      countryName\n      phone\n    }\n  }\n": typeof types.SaleSummaryFieldsFragmentDoc,
    "\n  query IsAdmin($email: String!) {\n    isAdmin(email: $email)\n  }\n": typeof types.IsAdminDocument,
    "\n  mutation SignIn($idToken: String!) {\n    signIn(idToken: $idToken) {\n      token\n      user {\n        id\n        email\n        displayName\n        role\n      }\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": typeof types.SignOutDocument,
    "\n  query PublicConfig {\n    publicConfig {\n      firebaseProjectId\n      firebaseApiKey\n      firebaseAuthDomain\n      authEmulatorUrl\n      stripePublishableKey\n      paymentSandboxUrl\n      imageUploadUrl\n    }\n  }\n": typeof types.PublicConfigDocument,
    "\n  query CatalogueBrands {\n    laptopBrands\n  }\n": typeof types.CatalogueBrandsDocument,
    "\n  query CatalogueModels($brand: String!) {\n    laptopModels(first: 100, brand: $brand) {\n      edges {\n        node {\n          id\n          model\n        }\n      }\n    }\n  }\n": typeof types.CatalogueModelsDocument,
    "\n  query CatalogueParts($search: String, $filter: PartFilter, $orderBy: PartOrder, $after: String) {\n    parts(first: 12, search: $search, filter: $filter, orderBy: $orderBy, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartResultCard_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.CataloguePartsDocument,
    "\n  fragment PartResultCard_part on Part {\n    id\n    databaseId\n    slug\n    name\n    partNumber\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    rating\n    reviewCount\n    compatibleModels {\n      id\n      brand\n      model\n      name\n    }\n  }\n": typeof types.PartResultCard_PartFragmentDoc,
    "\n  query CheckoutConfirmation($id: ID!) {\n    checkout(id: $id) {\n      id\n      databaseId\n      summary {\n        ...SaleSummaryFields\n      }\n      orders {\n        id\n        databaseId\n        number\n        partName\n        quantity\n        price\n        total\n        paid\n        transactionId\n      }\n    }\n  }\n": typeof types.CheckoutConfirmationDocument,
    "\n  mutation PlaceCheckout($input: PlaceCheckoutInput!) {\n    placeCheckout(input: $input) {\n      id\n      databaseId\n      total\n      amountDue\n      orders {\n        id\n        number\n      }\n    }\n  }\n": typeof types.PlaceCheckoutDocument,
    "\n  query Checkout($id: ID!) {\n    checkout(id: $id) {\n      id\n      databaseId\n      total\n      amountDue\n      orderCount\n      reservedUntil\n      summary {\n        subtotal\n        shipping\n        tax\n        total\n        pricesIncludeTax\n        taxZoneName\n        shippingMethodName\n        minDays\n        maxDays\n      }\n      orders {\n        id\n        databaseId\n        number\n        partName\n        quantity\n        price\n        status\n        paid\n        transactionId\n        userName\n        userEmail\n      }\n    }\n  }\n": typeof types.CheckoutDocument,
    "\n  mutation CreateCheckoutPaymentIntent($checkoutId: ID!) {\n    createCheckoutPaymentIntent(checkoutId: $checkoutId) {\n      clientSecret\n      amount\n    }\n  }\n": typeof types.CreateCheckoutPaymentIntentDocument,
    "\n  mutation ConfirmCheckoutPayment($checkoutId: ID!, $transactionId: String!) {\n    confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) {\n      id\n      amountDue\n      reservedUntil\n      orders {\n        id\n        status\n        paid\n        paidAt\n        transactionId\n        reservedUntil\n      }\n    }\n  }\n": typeof types.ConfirmCheckoutPaymentDocument,
    "\n  mutation AddReview($input: AddReviewInput!) {\n    addReview(input: $input) {\n      id\n      name\n      ratings\n      description\n      img\n    }\n  }\n": typeof types.AddReviewDocument,
    "\n  query ReviewedPart($id: ID!) {\n    part(id: $id) {\n      id\n      databaseId\n      name\n    }\n  }\n": typeof types.ReviewedPartDocument,
    "\n  query ViewerAddresses {\n    viewer {\n      id\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": typeof types.ViewerAddressesDocument,
    "\n  mutation AddAddress($input: AddressInput!) {\n    addAddress(input: $input) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": typeof types.AddAddressDocument,
    "\n  mutation UpdateAddress($id: ID!, $input: AddressInput!) {\n    updateAddress(id: $id, input: $input) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": typeof types.UpdateAddressDocument,
    "\n  mutation RemoveAddress($id: ID!) {\n    removeAddress(id: $id) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": typeof types.RemoveAddressDocument,
    "\n  mutation SetDefaultAddress($id: ID!) {\n    setDefaultAddress(id: $id) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": typeof types.SetDefaultAddressDocument,
    "\n  query MyOrders($first: Int, $after: String) {\n    viewer {\n      id\n      orders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            status\n            ...MyOrderRow_order\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.MyOrdersDocument,
    "\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      status\n      paid\n      part {\n        id\n        available\n      }\n    }\n  }\n": typeof types.CancelOrderDocument,
    "\n  query OrderDetail($id: ID!) {\n    order(id: $id) {\n      id\n      databaseId\n      number\n      partName\n      quantity\n      unitPrice\n      price\n      status\n      paid\n      address\n      phone\n      userName\n      userEmail\n      transactionId\n      reservedUntil\n      disputeStatus\n      paymentError\n      refundedAmount\n      fulfilment\n      deliveredAt\n      shipped\n      sale {\n        ...SaleSummaryFields\n      }\n      shipments {\n        id\n        ...ShipmentFields\n      }\n      invoice {\n        id\n        ...InvoiceFields\n      }\n      creditNotes {\n        id\n        ...CreditNoteFields\n      }\n      timeline {\n        at\n        kind\n        description\n      }\n      checkout {\n        id\n        databaseId\n        orders {\n          id\n          databaseId\n          number\n          partName\n          quantity\n          shipped\n          status\n        }\n      }\n    }\n  }\n": typeof types.OrderDetailDocument,
    "\n  query PastOrders($first: Int, $after: String) {\n    viewer {\n      id\n      pastOrders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            ...MyOrderRow_order\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.PastOrdersDocument,
    "\n  query ViewerProfile {\n    viewer {\n      id\n      email\n      displayName\n      profile {\n        userName\n        education\n        address\n        phone\n        linkedin\n      }\n    }\n  }\n": typeof types.ViewerProfileDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      userName\n      education\n      address\n      phone\n      linkedin\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  mutation AddProduct($input: AddProductInput!) {\n    addProduct(input: $input) {\n      id\n      databaseId\n      name\n    }\n  }\n": typeof types.AddProductDocument,
    "\n  query AllUsers($first: Int, $after: String, $search: String) {\n    users(first: $first, after: $after, search: $search) {\n      edges {\n        cursor\n        node {\n          id\n          ...UserRow_user\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AllUsersDocument,
    "\n  mutation MakeAdmin($email: String!) {\n    makeAdmin(email: $email) {\n      id\n      role\n    }\n  }\n": typeof types.MakeAdminDocument,
    "\n  mutation DemoteAdmin($email: String!) {\n    demoteAdmin(email: $email) {\n      id\n      role\n    }\n  }\n": typeof types.DemoteAdminDocument,
    "\n  query Customer($id: ID!, $first: Int, $after: String) {\n    customer(id: $id) {\n      user {\n        id\n        databaseId\n        email\n        displayName\n        role\n        emailVerified\n      }\n      profile {\n        userName\n        address\n        phone\n        education\n        linkedin\n      }\n      totals {\n        orders\n        paidOrders\n        unpaidOrders\n        paid\n        unpaid\n        refunded\n      }\n      orders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            databaseId\n            number\n            partName\n            quantity\n            price\n            status\n            fulfilment\n            createdAt\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.CustomerDocument,
    "\n  query AllOrders($first: Int, $after: String, $status: OrderStatus, $search: String) {\n    orders(first: $first, after: $after, status: $status, search: $search) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          ...AdminOrderRow_order\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AllOrdersDocument,
    "\n  mutation AdminCancelOrder($id: ID!) {\n    adminCancelOrder(id: $id) {\n      id\n      status\n      paid\n      cancelledAt\n      part {\n        id\n        available\n      }\n    }\n  }\n": typeof types.AdminCancelOrderDocument,
    "\n  mutation RefundOrder($id: ID!) {\n    refundOrder(id: $id) {\n      id\n      status\n      paid\n      refundedAt\n      part {\n        id\n        available\n      }\n    }\n  }\n": typeof types.RefundOrderDocument,
    "\n  query ManageProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ProductRow_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ManageProductsDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id) {\n      deletedId\n      name\n    }\n  }\n": typeof types.DeleteProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      name\n      img\n      image {\n        ...ResponsiveImage_image\n      }\n      price\n      availableQuantity\n      description\n    }\n  }\n": typeof types.UpdateProductDocument,
    "\n  fragment ProductRow_product on Product {\n    id\n    name\n    img\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    availableQuantity\n    description\n  }\n": typeof types.ProductRow_ProductFragmentDoc,
    "\n  fragment UserRow_user on User {\n    id\n    databaseId\n    email\n    displayName\n    role\n    emailVerified\n  }\n": typeof types.UserRow_UserFragmentDoc,
    "\n  fragment AuditEntryRow_entry on AuditEntry {\n    databaseId\n    at\n    actorEmail\n    action\n    entityType\n    entityDatabaseId\n    entityName\n    changes {\n      field\n      kind\n      before\n      after\n      beforeItems\n      afterItems\n    }\n  }\n": typeof types.AuditEntryRow_EntryFragmentDoc,
    "\n  query AuditLog(\n    $first: Int\n    $after: String\n    $entityType: AuditEntityType\n    $entityId: ID\n    $importId: ID\n    $actorId: ID\n    $from: DateTimeISO\n    $to: DateTimeISO\n  ) {\n    auditLog(\n      first: $first\n      after: $after\n      entityType: $entityType\n      entityId: $entityId\n      importId: $importId\n      actorId: $actorId\n      from: $from\n      to: $to\n    ) {\n      edges {\n        cursor\n        node {\n          databaseId\n          entityName\n          ...AuditEntryRow_entry\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  query HistoryAdmins {\n    users(first: 100, role: ADMIN) {\n      edges {\n        node {\n          id\n          databaseId\n          email\n        }\n      }\n    }\n  }\n": typeof types.HistoryAdminsDocument,
    "\n  query AdminOverview {\n    adminOverview {\n      days\n      firstDay\n      lastDay\n      revenue\n      paidOrders\n      openUnpaidOrders\n      openUnpaidValue\n      customers\n      newCustomers\n      lowStockCount\n      revenueByDay {\n        day\n        revenue\n        paidOrders\n      }\n      topParts {\n        part {\n          id\n          databaseId\n          name\n        }\n        unitsSold\n        revenue\n      }\n      lowStockParts {\n        id\n        databaseId\n        name\n        available\n        lowStockThreshold\n      }\n    }\n  }\n": typeof types.AdminOverviewDocument,
    "\n  mutation CreatePart($input: CreatePartInput!) {\n    createPart(input: $input) {\n      id\n      databaseId\n      name\n    }\n  }\n": typeof types.CreatePartDocument,
    "\n  query EditPart($id: ID!) {\n    part(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      partNumber\n      alternativeNumbers\n      shortDesc\n      img\n      price\n      available\n      minOrderQuantity\n      lowStockThreshold\n      lowStock\n      retired\n      retiredAt\n      compatibleModels {\n        id\n        name\n      }\n      weightGrams\n      dimensions {\n        lengthMm\n        widthMm\n        heightMm\n      }\n      dangerousGoods\n      batteryWh\n      taxCategory\n      ...PartImages_part\n    }\n  }\n": typeof types.EditPartDocument,
    "\n  mutation UpdatePart($id: ID!, $input: UpdatePartInput!) {\n    updatePart(id: $id, input: $input) {\n      id\n      name\n      partNumber\n      alternativeNumbers\n      shortDesc\n      img\n      price\n      available\n      minOrderQuantity\n      lowStockThreshold\n      lowStock\n      retired\n      compatibleModels {\n        id\n        name\n      }\n      weightGrams\n      dimensions {\n        lengthMm\n        widthMm\n        heightMm\n      }\n      dangerousGoods\n      batteryWh\n      taxCategory\n    }\n  }\n": typeof types.UpdatePartDocument,
    "\n  query AdminParts($first: Int, $after: String, $search: String, $status: PartStatusFilter, $lowStock: Boolean) {\n    adminParts(first: $first, after: $after, search: $search, status: $status, lowStock: $lowStock) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartAdminRow_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.AdminPartsDocument,
    "\n  fragment PartAdminRow_part on Part {\n    id\n    databaseId\n    name\n    partNumber\n    img\n    price\n    available\n    minOrderQuantity\n    lowStock\n    lowStockThreshold\n    retired\n  }\n": typeof types.PartAdminRow_PartFragmentDoc,
    "\n  query PartHistory($id: ID!) {\n    auditLog(first: 5, entityType: PART, entityId: $id) {\n      edges {\n        node {\n          databaseId\n          at\n          actorEmail\n          action\n          changes {\n            field\n            kind\n            before\n            after\n            beforeItems\n            afterItems\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n  }\n": typeof types.PartHistoryDocument,
    "\n  fragment PartImages_part on Part {\n    id\n    name\n    img\n    images {\n      id\n      position\n      alt\n      url\n      width\n      height\n      srcset\n      sources {\n        mime\n        srcset\n      }\n    }\n  }\n": typeof types.PartImages_PartFragmentDoc,
    "\n  mutation AddPartImage($partId: ID!, $input: AddPartImageInput!) {\n    addPartImage(partId: $partId, input: $input) {\n      id\n      ...PartImages_part\n    }\n  }\n": typeof types.AddPartImageDocument,
    "\n  mutation ReorderPartImages($partId: ID!, $imageIds: [ID!]!) {\n    reorderPartImages(partId: $partId, imageIds: $imageIds) {\n      id\n      ...PartImages_part\n    }\n  }\n": typeof types.ReorderPartImagesDocument,
    "\n  mutation SetPartImageAlt($imageId: ID!, $alt: String!) {\n    setPartImageAlt(imageId: $imageId, alt: $alt) {\n      id\n      ...PartImages_part\n    }\n  }\n": typeof types.SetPartImageAltDocument,
    "\n  mutation RemovePartImage($imageId: ID!) {\n    removePartImage(imageId: $imageId) {\n      id\n      ...PartImages_part\n    }\n  }\n": typeof types.RemovePartImageDocument,
    "\n  mutation RetirePart($id: ID!) {\n    retirePart(id: $id) {\n      id\n      retired\n      retiredAt\n      lowStock\n    }\n  }\n": typeof types.RetirePartDocument,
    "\n  mutation RestorePart($id: ID!) {\n    restorePart(id: $id) {\n      id\n      retired\n      retiredAt\n      lowStock\n    }\n  }\n": typeof types.RestorePartDocument,
    "\n  mutation RestockPart($id: ID!, $quantity: Int!) {\n    restockPart(id: $id, quantity: $quantity) {\n      id\n      name\n      available\n      lowStock\n    }\n  }\n": typeof types.RestockPartDocument,
    "\n  query ToShipQueue($after: String) {\n    toShip(first: 20, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          paidAt\n          customerName\n          customerEmail\n          address\n          shippingMethodName\n          fulfilment\n          order {\n            id\n            databaseId\n            number\n          }\n          shipTo {\n            name\n            company\n            line1\n            line2\n            city\n            region\n            postalCode\n            countryName\n            phone\n          }\n          lines {\n            partName\n            partNumber\n            quantity\n            shipped\n            toShip\n            order {\n              id\n              databaseId\n              number\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ToShipQueueDocument,
    "\n  query PaymentOrder($id: ID!) {\n    order(id: $id) {\n      id\n      databaseId\n      partName\n      quantity\n      unitPrice\n      price\n      paid\n      status\n      transactionId\n      userName\n      userEmail\n      sale {\n        ...SaleSummaryFields\n      }\n    }\n  }\n": typeof types.PaymentOrderDocument,
    "\n  mutation ChooseOrderDelivery($input: ChooseOrderDeliveryInput!) {\n    chooseOrderDelivery(input: $input) {\n      id\n      sale {\n        ...SaleSummaryFields\n      }\n    }\n  }\n": typeof types.ChooseOrderDeliveryDocument,
    "\n  mutation CreatePaymentIntent($orderId: ID!, $price: Float) {\n    createPaymentIntent(orderId: $orderId, price: $price) {\n      clientSecret\n    }\n  }\n": typeof types.CreatePaymentIntentDocument,
    "\n  mutation ConfirmOrderPayment($orderId: ID!, $transactionId: String!) {\n    confirmOrderPayment(orderId: $orderId, transactionId: $transactionId) {\n      id\n      paid\n      status\n      transactionId\n    }\n  }\n": typeof types.ConfirmOrderPaymentDocument,
    "\n  query HomeProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.HomeProductsDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      alreadySubscribed\n    }\n  }\n": typeof types.SubscribeNewsletterDocument,
    "\n  query HomeParts($first: Int, $after: String) {\n    parts(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartCard_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.HomePartsDocument,
    "\n  fragment ReviewCard_review on Review {\n    id\n    name\n    ratings\n    description\n    image {\n      ...ResponsiveImage_image\n    }\n  }\n": typeof types.ReviewCard_ReviewFragmentDoc,
    "\n  query HomeReviews($first: Int, $after: String) {\n    reviews(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ReviewCard_review\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.HomeReviewsDocument,
    "\n  fragment ReservationForm_part on Part {\n    id\n    name\n    price\n    available\n    minOrderQuantity\n  }\n": typeof types.ReservationForm_PartFragmentDoc,
    "\n  mutation PlaceOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      id\n      databaseId\n      quantity\n      price\n      paid\n      part {\n        id\n        available\n      }\n    }\n  }\n": typeof types.PlaceOrderDocument,
    "\n  query ReservationPart($id: ID!) {\n    part(id: $id) {\n      id\n      name\n      retired\n      ...PartSummary_part\n      ...ReservationForm_part\n    }\n  }\n": typeof types.ReservationPartDocument,
    "\n  query PartPage($id: ID!, $reviewsAfter: String) {\n    part(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      img\n      price\n      shortDesc\n      rating\n      reviewCount\n      retired\n      available\n      minOrderQuantity\n      ...PartSummary_part\n      reviews(first: 10, after: $reviewsAfter) {\n        edges {\n          cursor\n          node {\n            id\n            name\n            ratings\n            description\n            createdAt\n            ...PartReview_review\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n      relatedParts(first: 3) {\n        id\n        ...PartCard_part\n      }\n    }\n  }\n": typeof types.PartPageDocument,
    "\n  fragment PartReview_review on Review {\n    id\n    name\n    ratings\n    description\n    image {\n      ...ResponsiveImage_image\n    }\n    createdAt\n  }\n": typeof types.PartReview_ReviewFragmentDoc,
    "\n  query ProductPage($id: ID!) {\n    product(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      img\n      image {\n        ...ResponsiveImage_image\n      }\n      price\n      availableQuantity\n      minQuantity\n      description\n    }\n  }\n": typeof types.ProductPageDocument,
    "\n  fragment ResponsiveImage_image on Image {\n    url\n    width\n    height\n    srcset\n    sources {\n      mime\n      srcset\n    }\n  }\n": typeof types.ResponsiveImage_ImageFragmentDoc,
};
const documents: Documents = {
    "\n  fragment AddressFields on Address {\n    id\n    databaseId\n    name\n    company\n    line1\n    line2\n    city\n    region\n    postalCode\n    country\n    countryName\n    phone\n    isDefault\n  }\n": types.AddressFieldsFragmentDoc,
    "\n  query AddressCountries {\n    countries {\n      code\n      name\n      regionRequired\n      regions {\n        code\n        name\n      }\n    }\n  }\n": types.AddressCountriesDocument,
    "\n  fragment ShippingZoneFields on ShippingZone {\n    id\n    databaseId\n    name\n    places {\n      country\n      countryName\n      region\n      regionName\n    }\n    methods {\n      id\n      databaseId\n      name\n      kind\n      bands {\n        upToGrams\n        price\n      }\n      freeOver\n      minDays\n      maxDays\n      carriesDangerousGoods\n    }\n  }\n": types.ShippingZoneFieldsFragmentDoc,
    "\n  fragment TaxZoneFields on TaxZone {\n    id\n    databaseId\n    name\n    places {\n      country\n      countryName\n      region\n      regionName\n    }\n    pricesIncludeTax\n    taxesShipping\n    standardRate\n    reducedRate\n    zeroRate\n  }\n": types.TaxZoneFieldsFragmentDoc,
    "\n  query ShippingZones {\n    shippingZones {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": types.ShippingZonesDocument,
    "\n  query TaxZones {\n    taxZones {\n      id\n      ...TaxZoneFields\n    }\n  }\n": types.TaxZonesDocument,
    "\n  query KnownPlaces {\n    shippingZones {\n      id\n      places {\n        country\n        countryName\n        region\n        regionName\n      }\n    }\n    taxZones {\n      id\n      places {\n        country\n        countryName\n        region\n        regionName\n      }\n    }\n  }\n": types.KnownPlacesDocument,
    "\n  mutation CreateShippingZone($input: CreateShippingZoneInput!) {\n    createShippingZone(input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": types.CreateShippingZoneDocument,
    "\n  mutation UpdateShippingZone($id: ID!, $input: UpdateShippingZoneInput!) {\n    updateShippingZone(id: $id, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": types.UpdateShippingZoneDocument,
    "\n  mutation DeleteShippingZone($id: ID!) {\n    deleteShippingZone(id: $id) {\n      deletedId\n      name\n    }\n  }\n": types.DeleteShippingZoneDocument,
    "\n  mutation AddShippingMethod($zoneId: ID!, $input: ShippingMethodInput!) {\n    addShippingMethod(zoneId: $zoneId, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": types.AddShippingMethodDocument,
    "\n  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {\n    updateShippingMethod(id: $id, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": types.UpdateShippingMethodDocument,
    "\n  mutation RemoveShippingMethod($id: ID!) {\n    removeShippingMethod(id: $id) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n": types.RemoveShippingMethodDocument,
    "\n  mutation CreateTaxZone($input: CreateTaxZoneInput!) {\n    createTaxZone(input: $input) {\n      id\n      ...TaxZoneFields\n    }\n  }\n": types.CreateTaxZoneDocument,
    "\n  mutation UpdateTaxZone($id: ID!, $input: UpdateTaxZoneInput!) {\n    updateTaxZone(id: $id, input: $input) {\n      id\n      ...TaxZoneFields\n    }\n  }\n": types.UpdateTaxZoneDocument,
    "\n  mutation DeleteTaxZone($id: ID!) {\n    deleteTaxZone(id: $id) {\n      deletedId\n      name\n    }\n  }\n": types.DeleteTaxZoneDocument,
    "\n  query CartCount {\n    cart {\n      id\n      itemCount\n    }\n  }\n": types.CartCountDocument,
    "\n  fragment CartContents on Cart {\n    id\n    itemCount\n    lineCount\n    subtotal\n    canCheckOut\n    lines(first: 50) {\n      edges {\n        node {\n          id\n          quantity\n          minQuantity\n          maxQuantity\n          lineTotal\n          warning\n          warningMessage\n          part {\n            id\n            databaseId\n            slug\n            name\n            partNumber\n            img\n            price\n            available\n            minOrderQuantity\n            retired\n          }\n        }\n      }\n    }\n  }\n": types.CartContentsFragmentDoc,
    "\n  query Cart {\n    cart {\n      id\n      ...CartContents\n    }\n  }\n": types.CartDocument,
    "\n  query CartPreview($lines: [CartLineInput!]!) {\n    cartPreview(lines: $lines) {\n      id\n      ...CartContents\n    }\n  }\n": types.CartPreviewDocument,
    "\n  mutation AddToCart($line: CartLineInput!) {\n    addToCart(line: $line) {\n      id\n      ...CartContents\n    }\n  }\n": types.AddToCartDocument,
    "\n  mutation SetCartQuantity($line: CartLineInput!) {\n    setCartQuantity(line: $line) {\n      id\n      ...CartContents\n    }\n  }\n": types.SetCartQuantityDocument,
    "\n  mutation RemoveFromCart($partId: ID!) {\n    removeFromCart(partId: $partId) {\n      id\n      ...CartContents\n    }\n  }\n": types.RemoveFromCartDocument,
    "\n  mutation MergeCart($lines: [CartLineInput!]!) {\n    mergeCart(lines: $lines) {\n      id\n      ...CartContents\n    }\n  }\n": types.MergeCartDocument,
    "\n  fragment PartCard_part on Part {\n    id\n    databaseId\n    slug\n    name\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    shortDesc\n  }\n": types.PartCard_PartFragmentDoc,
    "\n  fragment PartSummary_part on Part {\n    id\n    databaseId\n    name\n    partNumber\n    alternativeNumbers\n    img\n    images {\n      id\n      alt\n      url\n      width\n      height\n      srcset\n      sources {\n        mime\n        srcset\n      }\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    shortDesc\n    rating\n    reviewCount\n    compatibleModels {\n      id\n      brand\n      model\n      name\n    }\n  }\n": types.PartSummary_PartFragmentDoc,
    "\n  fragment ProductCard_product on Product {\n    id\n    databaseId\n    slug\n    name\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    availableQuantity\n    minQuantity\n    description\n  }\n": types.ProductCard_ProductFragmentDoc,
    "\n  query PriceDisplay {\n    priceDisplay {\n      pricesIncludeTax\n      taxZoneName\n      country\n    }\n  }\n": types.PriceDisplayDocument,
    "\n  query SaleAddresses {\n    viewer {\n      id\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": types.SaleAddressesDocument,
    "\n  fragment SaleQuoteFields on SaleQuote {\n    subtotal\n    shipping\n    tax\n    total\n    pricesIncludeTax\n    taxZoneName\n    shippingZoneName\n    shippingRefusal\n    shippingOptions {\n      methodId\n      name\n      kind\n      available\n      price\n      free\n      minDays\n      maxDays\n      unavailableReason\n    }\n    chosenShipping {\n      methodId\n      name\n      price\n      free\n      minDays\n      maxDays\n    }\n  }\n": types.SaleQuoteFieldsFragmentDoc,
    "\n  query SaleQuote($input: SaleQuoteInput!) {\n    saleQuote(input: $input) {\n      ...SaleQuoteFields\n    }\n  }\n": types.SaleQuoteDocument,
    "\n  fragment InvoiceFields on Invoice {\n    id\n    number\n    issuedAt\n    total\n    downloadPath\n  }\n": types.InvoiceFieldsFragmentDoc,
    "\n  fragment CreditNoteFields on CreditNote {\n    id\n    number\n    issuedAt\n    invoiceNumber\n    total\n    reason\n    downloadPath\n  }\n": types.CreditNoteFieldsFragmentDoc,
    "\n  fragment ShipmentFields on Shipment {\n    id\n    databaseId\n    trackingNumber\n    trackingUrl\n    shippedAt\n    deliveredAt\n    carrier {\n      code\n      name\n    }\n    lines {\n      partName\n      quantity\n      order {\n        id\n        number\n      }\n    }\n  }\n": types.ShipmentFieldsFragmentDoc,
    "\n  mutation MarkShipmentDelivered($input: MarkShipmentDeliveredInput!) {\n    markShipmentDelivered(input: $input) {\n      id\n      deliveredAt\n    }\n  }\n": types.MarkShipmentDeliveredDocument,
    "\n  query Carriers {\n    carriers {\n      code\n      name\n    }\n  }\n": types.CarriersDocument,
    "\n  mutation RecordShipment($input: RecordShipmentInput!) {\n    recordShipment(input: $input) {\n      id\n      trackingNumber\n      carrier {\n        code\n        name\n      }\n    }\n  }\n": types.RecordShipmentDocument,
    "\n  query SearchSuggestions($search: String!) {\n    parts(first: 6, search: $search) {\n      edges {\n        node {\n          id\n          name\n          slug\n        }\n      }\n    }\n  }\n": types.SearchSuggestionsDocument,
    "\n  fragment AdminOrderRow_order on Order {\n    id\n    databaseId\n    number\n    partName\n    quantity\n    total\n    userName\n    userEmail\n    status\n    createdAt\n    paidAt\n    cancelledAt\n    refundedAt\n    disputeStatus\n    paymentError\n    fulfilment\n  }\n": types.AdminOrderRow_OrderFragmentDoc,
    "\n  fragment MyOrderRow_order on Order {\n    id\n    databaseId\n    number\n    partName\n    quantity\n    price\n    status\n    transactionId\n    createdAt\n    paidAt\n    cancelledAt\n    reservedUntil\n    refundedAt\n    disputeStatus\n    paymentError\n    fulfilment\n  }\n": types.MyOrderRow_OrderFragmentDoc,
    "\n  fragment SaleSummaryFields on SaleSummary {\n    subtotal\n    shipping\n    tax\n    total\n    pricesIncludeTax\n    taxZoneName\n    shippingMethodName\n    minDays\n    maxDays\n    shipTo {\n      name\n      company\n      line1\n      line2\n      city\n      region\n      postalCode\n      countryName\n      phone\n    }\n  }\n": types.SaleSummaryFieldsFragmentDoc,
    "\n  query IsAdmin($email: String!) {\n    isAdmin(email: $email)\n  }\n": types.IsAdminDocument,
    "\n  mutation SignIn($idToken: String!) {\n    signIn(idToken: $idToken) {\n      token\n      user {\n        id\n        email\n        displayName\n        role\n      }\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": types.SignOutDocument,
    "\n  query PublicConfig {\n    publicConfig {\n      firebaseProjectId\n      firebaseApiKey\n      firebaseAuthDomain\n      authEmulatorUrl\n      stripePublishableKey\n      paymentSandboxUrl\n      imageUploadUrl\n    }\n  }\n": types.PublicConfigDocument,
    "\n  query CatalogueBrands {\n    laptopBrands\n  }\n": types.CatalogueBrandsDocument,
    "\n  query CatalogueModels($brand: String!) {\n    laptopModels(first: 100, brand: $brand) {\n      edges {\n        node {\n          id\n          model\n        }\n      }\n    }\n  }\n": types.CatalogueModelsDocument,
    "\n  query CatalogueParts($search: String, $filter: PartFilter, $orderBy: PartOrder, $after: String) {\n    parts(first: 12, search: $search, filter: $filter, orderBy: $orderBy, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartResultCard_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.CataloguePartsDocument,
    "\n  fragment PartResultCard_part on Part {\n    id\n    databaseId\n    slug\n    name\n    partNumber\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    rating\n    reviewCount\n    compatibleModels {\n      id\n      brand\n      model\n      name\n    }\n  }\n": types.PartResultCard_PartFragmentDoc,
    "\n  query CheckoutConfirmation($id: ID!) {\n    checkout(id: $id) {\n      id\n      databaseId\n      summary {\n        ...SaleSummaryFields\n      }\n      orders {\n        id\n        databaseId\n        number\n        partName\n        quantity\n        price\n        total\n        paid\n        transactionId\n      }\n    }\n  }\n": types.CheckoutConfirmationDocument,
    "\n  mutation PlaceCheckout($input: PlaceCheckoutInput!) {\n    placeCheckout(input: $input) {\n      id\n      databaseId\n      total\n      amountDue\n      orders {\n        id\n        number\n      }\n    }\n  }\n": types.PlaceCheckoutDocument,
    "\n  query Checkout($id: ID!) {\n    checkout(id: $id) {\n      id\n      databaseId\n      total\n      amountDue\n      orderCount\n      reservedUntil\n      summary {\n        subtotal\n        shipping\n        tax\n        total\n        pricesIncludeTax\n        taxZoneName\n        shippingMethodName\n        minDays\n        maxDays\n      }\n      orders {\n        id\n        databaseId\n        number\n        partName\n        quantity\n        price\n        status\n        paid\n        transactionId\n        userName\n        userEmail\n      }\n    }\n  }\n": types.CheckoutDocument,
    "\n  mutation CreateCheckoutPaymentIntent($checkoutId: ID!) {\n    createCheckoutPaymentIntent(checkoutId: $checkoutId) {\n      clientSecret\n      amount\n    }\n  }\n": types.CreateCheckoutPaymentIntentDocument,
    "\n  mutation ConfirmCheckoutPayment($checkoutId: ID!, $transactionId: String!) {\n    confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) {\n      id\n      amountDue\n      reservedUntil\n      orders {\n        id\n        status\n        paid\n        paidAt\n        transactionId\n        reservedUntil\n      }\n    }\n  }\n": types.ConfirmCheckoutPaymentDocument,
    "\n  mutation AddReview($input: AddReviewInput!) {\n    addReview(input: $input) {\n      id\n      name\n      ratings\n      description\n      img\n    }\n  }\n": types.AddReviewDocument,
    "\n  query ReviewedPart($id: ID!) {\n    part(id: $id) {\n      id\n      databaseId\n      name\n    }\n  }\n": types.ReviewedPartDocument,
    "\n  query ViewerAddresses {\n    viewer {\n      id\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": types.ViewerAddressesDocument,
    "\n  mutation AddAddress($input: AddressInput!) {\n    addAddress(input: $input) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": types.AddAddressDocument,
    "\n  mutation UpdateAddress($id: ID!, $input: AddressInput!) {\n    updateAddress(id: $id, input: $input) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": types.UpdateAddressDocument,
    "\n  mutation RemoveAddress($id: ID!) {\n    removeAddress(id: $id) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": types.RemoveAddressDocument,
    "\n  mutation SetDefaultAddress($id: ID!) {\n    setDefaultAddress(id: $id) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n": types.SetDefaultAddressDocument,
    "\n  query MyOrders($first: Int, $after: String) {\n    viewer {\n      id\n      orders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            status\n            ...MyOrderRow_order\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.MyOrdersDocument,
    "\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      status\n      paid\n      part {\n        id\n        available\n      }\n    }\n  }\n": types.CancelOrderDocument,
    "\n  query OrderDetail($id: ID!) {\n    order(id: $id) {\n      id\n      databaseId\n      number\n      partName\n      quantity\n      unitPrice\n      price\n      status\n      paid\n      address\n      phone\n      userName\n      userEmail\n      transactionId\n      reservedUntil\n      disputeStatus\n      paymentError\n      refundedAmount\n      fulfilment\n      deliveredAt\n      shipped\n      sale {\n        ...SaleSummaryFields\n      }\n      shipments {\n        id\n        ...ShipmentFields\n      }\n      invoice {\n        id\n        ...InvoiceFields\n      }\n      creditNotes {\n        id\n        ...CreditNoteFields\n      }\n      timeline {\n        at\n        kind\n        description\n      }\n      checkout {\n        id\n        databaseId\n        orders {\n          id\n          databaseId\n          number\n          partName\n          quantity\n          shipped\n          status\n        }\n      }\n    }\n  }\n": types.OrderDetailDocument,
    "\n  query PastOrders($first: Int, $after: String) {\n    viewer {\n      id\n      pastOrders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            ...MyOrderRow_order\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.PastOrdersDocument,
    "\n  query ViewerProfile {\n    viewer {\n      id\n      email\n      displayName\n      profile {\n        userName\n        education\n        address\n        phone\n        linkedin\n      }\n    }\n  }\n": types.ViewerProfileDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      userName\n      education\n      address\n      phone\n      linkedin\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  mutation AddProduct($input: AddProductInput!) {\n    addProduct(input: $input) {\n      id\n      databaseId\n      name\n    }\n  }\n": types.AddProductDocument,
    "\n  query AllUsers($first: Int, $after: String, $search: String) {\n    users(first: $first, after: $after, search: $search) {\n      edges {\n        cursor\n        node {\n          id\n          ...UserRow_user\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AllUsersDocument,
    "\n  mutation MakeAdmin($email: String!) {\n    makeAdmin(email: $email) {\n      id\n      role\n    }\n  }\n": types.MakeAdminDocument,
    "\n  mutation DemoteAdmin($email: String!) {\n    demoteAdmin(email: $email) {\n      id\n      role\n    }\n  }\n": types.DemoteAdminDocument,
    "\n  query Customer($id: ID!, $first: Int, $after: String) {\n    customer(id: $id) {\n      user {\n        id\n        databaseId\n        email\n        displayName\n        role\n        emailVerified\n      }\n      profile {\n        userName\n        address\n        phone\n        education\n        linkedin\n      }\n      totals {\n        orders\n        paidOrders\n        unpaidOrders\n        paid\n        unpaid\n        refunded\n      }\n      orders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            databaseId\n            number\n            partName\n            quantity\n            price\n            status\n            fulfilment\n            createdAt\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.CustomerDocument,
    "\n  query AllOrders($first: Int, $after: String, $status: OrderStatus, $search: String) {\n    orders(first: $first, after: $after, status: $status, search: $search) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          ...AdminOrderRow_order\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AllOrdersDocument,
    "\n  mutation AdminCancelOrder($id: ID!) {\n    adminCancelOrder(id: $id) {\n      id\n      status\n      paid\n      cancelledAt\n      part {\n        id\n        available\n      }\n    }\n  }\n": types.AdminCancelOrderDocument,
    "\n  mutation RefundOrder($id: ID!) {\n    refundOrder(id: $id) {\n      id\n      status\n      paid\n      refundedAt\n      part {\n        id\n        available\n      }\n    }\n  }\n": types.RefundOrderDocument,
    "\n  query ManageProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ProductRow_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ManageProductsDocument,
    "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id) {\n      deletedId\n      name\n    }\n  }\n": types.DeleteProductDocument,
    "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      name\n      img\n      image {\n        ...ResponsiveImage_image\n      }\n      price\n      availableQuantity\n      description\n    }\n  }\n": types.UpdateProductDocument,
    "\n  fragment ProductRow_product on Product {\n    id\n    name\n    img\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    availableQuantity\n    description\n  }\n": types.ProductRow_ProductFragmentDoc,
    "\n  fragment UserRow_user on User {\n    id\n    databaseId\n    email\n    displayName\n    role\n    emailVerified\n  }\n": types.UserRow_UserFragmentDoc,
    "\n  fragment AuditEntryRow_entry on AuditEntry {\n    databaseId\n    at\n    actorEmail\n    action\n    entityType\n    entityDatabaseId\n    entityName\n    changes {\n      field\n      kind\n      before\n      after\n      beforeItems\n      afterItems\n    }\n  }\n": types.AuditEntryRow_EntryFragmentDoc,
    "\n  query AuditLog(\n    $first: Int\n    $after: String\n    $entityType: AuditEntityType\n    $entityId: ID\n    $importId: ID\n    $actorId: ID\n    $from: DateTimeISO\n    $to: DateTimeISO\n  ) {\n    auditLog(\n      first: $first\n      after: $after\n      entityType: $entityType\n      entityId: $entityId\n      importId: $importId\n      actorId: $actorId\n      from: $from\n      to: $to\n    ) {\n      edges {\n        cursor\n        node {\n          databaseId\n          entityName\n          ...AuditEntryRow_entry\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AuditLogDocument,
    "\n  query HistoryAdmins {\n    users(first: 100, role: ADMIN) {\n      edges {\n        node {\n          id\n          databaseId\n          email\n        }\n      }\n    }\n  }\n": types.HistoryAdminsDocument,
    "\n  query AdminOverview {\n    adminOverview {\n      days\n      firstDay\n      lastDay\n      revenue\n      paidOrders\n      openUnpaidOrders\n      openUnpaidValue\n      customers\n      newCustomers\n      lowStockCount\n      revenueByDay {\n        day\n        revenue\n        paidOrders\n      }\n      topParts {\n        part {\n          id\n          databaseId\n          name\n        }\n        unitsSold\n        revenue\n      }\n      lowStockParts {\n        id\n        databaseId\n        name\n        available\n        lowStockThreshold\n      }\n    }\n  }\n": types.AdminOverviewDocument,
    "\n  mutation CreatePart($input: CreatePartInput!) {\n    createPart(input: $input) {\n      id\n      databaseId\n      name\n    }\n  }\n": types.CreatePartDocument,
    "\n  query EditPart($id: ID!) {\n    part(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      partNumber\n      alternativeNumbers\n      shortDesc\n      img\n      price\n      available\n      minOrderQuantity\n      lowStockThreshold\n      lowStock\n      retired\n      retiredAt\n      compatibleModels {\n        id\n        name\n      }\n      weightGrams\n      dimensions {\n        lengthMm\n        widthMm\n        heightMm\n      }\n      dangerousGoods\n      batteryWh\n      taxCategory\n      ...PartImages_part\n    }\n  }\n": types.EditPartDocument,
    "\n  mutation UpdatePart($id: ID!, $input: UpdatePartInput!) {\n    updatePart(id: $id, input: $input) {\n      id\n      name\n      partNumber\n      alternativeNumbers\n      shortDesc\n      img\n      price\n      available\n      minOrderQuantity\n      lowStockThreshold\n      lowStock\n      retired\n      compatibleModels {\n        id\n        name\n      }\n      weightGrams\n      dimensions {\n        lengthMm\n        widthMm\n        heightMm\n      }\n      dangerousGoods\n      batteryWh\n      taxCategory\n    }\n  }\n": types.UpdatePartDocument,
    "\n  query AdminParts($first: Int, $after: String, $search: String, $status: PartStatusFilter, $lowStock: Boolean) {\n    adminParts(first: $first, after: $after, search: $search, status: $status, lowStock: $lowStock) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartAdminRow_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.AdminPartsDocument,
    "\n  fragment PartAdminRow_part on Part {\n    id\n    databaseId\n    name\n    partNumber\n    img\n    price\n    available\n    minOrderQuantity\n    lowStock\n    lowStockThreshold\n    retired\n  }\n": types.PartAdminRow_PartFragmentDoc,
    "\n  query PartHistory($id: ID!) {\n    auditLog(first: 5, entityType: PART, entityId: $id) {\n      edges {\n        node {\n          databaseId\n          at\n          actorEmail\n          action\n          changes {\n            field\n            kind\n            before\n            after\n            beforeItems\n            afterItems\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n  }\n": types.PartHistoryDocument,
    "\n  fragment PartImages_part on Part {\n    id\n    name\n    img\n    images {\n      id\n      position\n      alt\n      url\n      width\n      height\n      srcset\n      sources {\n        mime\n        srcset\n      }\n    }\n  }\n": types.PartImages_PartFragmentDoc,
    "\n  mutation AddPartImage($partId: ID!, $input: AddPartImageInput!) {\n    addPartImage(partId: $partId, input: $input) {\n      id\n      ...PartImages_part\n    }\n  }\n": types.AddPartImageDocument,
    "\n  mutation ReorderPartImages($partId: ID!, $imageIds: [ID!]!) {\n    reorderPartImages(partId: $partId, imageIds: $imageIds) {\n      id\n      ...PartImages_part\n    }\n  }\n": types.ReorderPartImagesDocument,
    "\n  mutation SetPartImageAlt($imageId: ID!, $alt: String!) {\n    setPartImageAlt(imageId: $imageId, alt: $alt) {\n      id\n      ...PartImages_part\n    }\n  }\n": types.SetPartImageAltDocument,
    "\n  mutation RemovePartImage($imageId: ID!) {\n    removePartImage(imageId: $imageId) {\n      id\n      ...PartImages_part\n    }\n  }\n": types.RemovePartImageDocument,
    "\n  mutation RetirePart($id: ID!) {\n    retirePart(id: $id) {\n      id\n      retired\n      retiredAt\n      lowStock\n    }\n  }\n": types.RetirePartDocument,
    "\n  mutation RestorePart($id: ID!) {\n    restorePart(id: $id) {\n      id\n      retired\n      retiredAt\n      lowStock\n    }\n  }\n": types.RestorePartDocument,
    "\n  mutation RestockPart($id: ID!, $quantity: Int!) {\n    restockPart(id: $id, quantity: $quantity) {\n      id\n      name\n      available\n      lowStock\n    }\n  }\n": types.RestockPartDocument,
    "\n  query ToShipQueue($after: String) {\n    toShip(first: 20, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          paidAt\n          customerName\n          customerEmail\n          address\n          shippingMethodName\n          fulfilment\n          order {\n            id\n            databaseId\n            number\n          }\n          shipTo {\n            name\n            company\n            line1\n            line2\n            city\n            region\n            postalCode\n            countryName\n            phone\n          }\n          lines {\n            partName\n            partNumber\n            quantity\n            shipped\n            toShip\n            order {\n              id\n              databaseId\n              number\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ToShipQueueDocument,
    "\n  query PaymentOrder($id: ID!) {\n    order(id: $id) {\n      id\n      databaseId\n      partName\n      quantity\n      unitPrice\n      price\n      paid\n      status\n      transactionId\n      userName\n      userEmail\n      sale {\n        ...SaleSummaryFields\n      }\n    }\n  }\n": types.PaymentOrderDocument,
    "\n  mutation ChooseOrderDelivery($input: ChooseOrderDeliveryInput!) {\n    chooseOrderDelivery(input: $input) {\n      id\n      sale {\n        ...SaleSummaryFields\n      }\n    }\n  }\n": types.ChooseOrderDeliveryDocument,
    "\n  mutation CreatePaymentIntent($orderId: ID!, $price: Float) {\n    createPaymentIntent(orderId: $orderId, price: $price) {\n      clientSecret\n    }\n  }\n": types.CreatePaymentIntentDocument,
    "\n  mutation ConfirmOrderPayment($orderId: ID!, $transactionId: String!) {\n    confirmOrderPayment(orderId: $orderId, transactionId: $transactionId) {\n      id\n      paid\n      status\n      transactionId\n    }\n  }\n": types.ConfirmOrderPaymentDocument,
    "\n  query HomeProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.HomeProductsDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      alreadySubscribed\n    }\n  }\n": types.SubscribeNewsletterDocument,
    "\n  query HomeParts($first: Int, $after: String) {\n    parts(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartCard_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.HomePartsDocument,
    "\n  fragment ReviewCard_review on Review {\n    id\n    name\n    ratings\n    description\n    image {\n      ...ResponsiveImage_image\n    }\n  }\n": types.ReviewCard_ReviewFragmentDoc,
    "\n  query HomeReviews($first: Int, $after: String) {\n    reviews(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ReviewCard_review\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.HomeReviewsDocument,
    "\n  fragment ReservationForm_part on Part {\n    id\n    name\n    price\n    available\n    minOrderQuantity\n  }\n": types.ReservationForm_PartFragmentDoc,
    "\n  mutation PlaceOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      id\n      databaseId\n      quantity\n      price\n      paid\n      part {\n        id\n        available\n      }\n    }\n  }\n": types.PlaceOrderDocument,
    "\n  query ReservationPart($id: ID!) {\n    part(id: $id) {\n      id\n      name\n      retired\n      ...PartSummary_part\n      ...ReservationForm_part\n    }\n  }\n": types.ReservationPartDocument,
    "\n  query PartPage($id: ID!, $reviewsAfter: String) {\n    part(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      img\n      price\n      shortDesc\n      rating\n      reviewCount\n      retired\n      available\n      minOrderQuantity\n      ...PartSummary_part\n      reviews(first: 10, after: $reviewsAfter) {\n        edges {\n          cursor\n          node {\n            id\n            name\n            ratings\n            description\n            createdAt\n            ...PartReview_review\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n      relatedParts(first: 3) {\n        id\n        ...PartCard_part\n      }\n    }\n  }\n": types.PartPageDocument,
    "\n  fragment PartReview_review on Review {\n    id\n    name\n    ratings\n    description\n    image {\n      ...ResponsiveImage_image\n    }\n    createdAt\n  }\n": types.PartReview_ReviewFragmentDoc,
    "\n  query ProductPage($id: ID!) {\n    product(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      img\n      image {\n        ...ResponsiveImage_image\n      }\n      price\n      availableQuantity\n      minQuantity\n      description\n    }\n  }\n": types.ProductPageDocument,
    "\n  fragment ResponsiveImage_image on Image {\n    url\n    width\n    height\n    srcset\n    sources {\n      mime\n      srcset\n    }\n  }\n": types.ResponsiveImage_ImageFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AddressFields on Address {\n    id\n    databaseId\n    name\n    company\n    line1\n    line2\n    city\n    region\n    postalCode\n    country\n    countryName\n    phone\n    isDefault\n  }\n"): (typeof documents)["\n  fragment AddressFields on Address {\n    id\n    databaseId\n    name\n    company\n    line1\n    line2\n    city\n    region\n    postalCode\n    country\n    countryName\n    phone\n    isDefault\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AddressCountries {\n    countries {\n      code\n      name\n      regionRequired\n      regions {\n        code\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query AddressCountries {\n    countries {\n      code\n      name\n      regionRequired\n      regions {\n        code\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ShippingZoneFields on ShippingZone {\n    id\n    databaseId\n    name\n    places {\n      country\n      countryName\n      region\n      regionName\n    }\n    methods {\n      id\n      databaseId\n      name\n      kind\n      bands {\n        upToGrams\n        price\n      }\n      freeOver\n      minDays\n      maxDays\n      carriesDangerousGoods\n    }\n  }\n"): (typeof documents)["\n  fragment ShippingZoneFields on ShippingZone {\n    id\n    databaseId\n    name\n    places {\n      country\n      countryName\n      region\n      regionName\n    }\n    methods {\n      id\n      databaseId\n      name\n      kind\n      bands {\n        upToGrams\n        price\n      }\n      freeOver\n      minDays\n      maxDays\n      carriesDangerousGoods\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaxZoneFields on TaxZone {\n    id\n    databaseId\n    name\n    places {\n      country\n      countryName\n      region\n      regionName\n    }\n    pricesIncludeTax\n    taxesShipping\n    standardRate\n    reducedRate\n    zeroRate\n  }\n"): (typeof documents)["\n  fragment TaxZoneFields on TaxZone {\n    id\n    databaseId\n    name\n    places {\n      country\n      countryName\n      region\n      regionName\n    }\n    pricesIncludeTax\n    taxesShipping\n    standardRate\n    reducedRate\n    zeroRate\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShippingZones {\n    shippingZones {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"): (typeof documents)["\n  query ShippingZones {\n    shippingZones {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaxZones {\n    taxZones {\n      id\n      ...TaxZoneFields\n    }\n  }\n"): (typeof documents)["\n  query TaxZones {\n    taxZones {\n      id\n      ...TaxZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query KnownPlaces {\n    shippingZones {\n      id\n      places {\n        country\n        countryName\n        region\n        regionName\n      }\n    }\n    taxZones {\n      id\n      places {\n        country\n        countryName\n        region\n        regionName\n      }\n    }\n  }\n"): (typeof documents)["\n  query KnownPlaces {\n    shippingZones {\n      id\n      places {\n        country\n        countryName\n        region\n        regionName\n      }\n    }\n    taxZones {\n      id\n      places {\n        country\n        countryName\n        region\n        regionName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateShippingZone($input: CreateShippingZoneInput!) {\n    createShippingZone(input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateShippingZone($input: CreateShippingZoneInput!) {\n    createShippingZone(input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateShippingZone($id: ID!, $input: UpdateShippingZoneInput!) {\n    updateShippingZone(id: $id, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateShippingZone($id: ID!, $input: UpdateShippingZoneInput!) {\n    updateShippingZone(id: $id, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteShippingZone($id: ID!) {\n    deleteShippingZone(id: $id) {\n      deletedId\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteShippingZone($id: ID!) {\n    deleteShippingZone(id: $id) {\n      deletedId\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddShippingMethod($zoneId: ID!, $input: ShippingMethodInput!) {\n    addShippingMethod(zoneId: $zoneId, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddShippingMethod($zoneId: ID!, $input: ShippingMethodInput!) {\n    addShippingMethod(zoneId: $zoneId, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {\n    updateShippingMethod(id: $id, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {\n    updateShippingMethod(id: $id, input: $input) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveShippingMethod($id: ID!) {\n    removeShippingMethod(id: $id) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveShippingMethod($id: ID!) {\n    removeShippingMethod(id: $id) {\n      id\n      ...ShippingZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTaxZone($input: CreateTaxZoneInput!) {\n    createTaxZone(input: $input) {\n      id\n      ...TaxZoneFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTaxZone($input: CreateTaxZoneInput!) {\n    createTaxZone(input: $input) {\n      id\n      ...TaxZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTaxZone($id: ID!, $input: UpdateTaxZoneInput!) {\n    updateTaxZone(id: $id, input: $input) {\n      id\n      ...TaxZoneFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTaxZone($id: ID!, $input: UpdateTaxZoneInput!) {\n    updateTaxZone(id: $id, input: $input) {\n      id\n      ...TaxZoneFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTaxZone($id: ID!) {\n    deleteTaxZone(id: $id) {\n      deletedId\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteTaxZone($id: ID!) {\n    deleteTaxZone(id: $id) {\n      deletedId\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CartCount {\n    cart {\n      id\n      itemCount\n    }\n  }\n"): (typeof documents)["\n  query CartCount {\n    cart {\n      id\n      itemCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CartContents on Cart {\n    id\n    itemCount\n    lineCount\n    subtotal\n    canCheckOut\n    lines(first: 50) {\n      edges {\n        node {\n          id\n          quantity\n          minQuantity\n          maxQuantity\n          lineTotal\n          warning\n          warningMessage\n          part {\n            id\n            databaseId\n            slug\n            name\n            partNumber\n            img\n            price\n            available\n            minOrderQuantity\n            retired\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment CartContents on Cart {\n    id\n    itemCount\n    lineCount\n    subtotal\n    canCheckOut\n    lines(first: 50) {\n      edges {\n        node {\n          id\n          quantity\n          minQuantity\n          maxQuantity\n          lineTotal\n          warning\n          warningMessage\n          part {\n            id\n            databaseId\n            slug\n            name\n            partNumber\n            img\n            price\n            available\n            minOrderQuantity\n            retired\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Cart {\n    cart {\n      id\n      ...CartContents\n    }\n  }\n"): (typeof documents)["\n  query Cart {\n    cart {\n      id\n      ...CartContents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CartPreview($lines: [CartLineInput!]!) {\n    cartPreview(lines: $lines) {\n      id\n      ...CartContents\n    }\n  }\n"): (typeof documents)["\n  query CartPreview($lines: [CartLineInput!]!) {\n    cartPreview(lines: $lines) {\n      id\n      ...CartContents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddToCart($line: CartLineInput!) {\n    addToCart(line: $line) {\n      id\n      ...CartContents\n    }\n  }\n"): (typeof documents)["\n  mutation AddToCart($line: CartLineInput!) {\n    addToCart(line: $line) {\n      id\n      ...CartContents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCartQuantity($line: CartLineInput!) {\n    setCartQuantity(line: $line) {\n      id\n      ...CartContents\n    }\n  }\n"): (typeof documents)["\n  mutation SetCartQuantity($line: CartLineInput!) {\n    setCartQuantity(line: $line) {\n      id\n      ...CartContents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFromCart($partId: ID!) {\n    removeFromCart(partId: $partId) {\n      id\n      ...CartContents\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveFromCart($partId: ID!) {\n    removeFromCart(partId: $partId) {\n      id\n      ...CartContents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MergeCart($lines: [CartLineInput!]!) {\n    mergeCart(lines: $lines) {\n      id\n      ...CartContents\n    }\n  }\n"): (typeof documents)["\n  mutation MergeCart($lines: [CartLineInput!]!) {\n    mergeCart(lines: $lines) {\n      id\n      ...CartContents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PartCard_part on Part {\n    id\n    databaseId\n    slug\n    name\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    shortDesc\n  }\n"): (typeof documents)["\n  fragment PartCard_part on Part {\n    id\n    databaseId\n    slug\n    name\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    shortDesc\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PartSummary_part on Part {\n    id\n    databaseId\n    name\n    partNumber\n    alternativeNumbers\n    img\n    images {\n      id\n      alt\n      url\n      width\n      height\n      srcset\n      sources {\n        mime\n        srcset\n      }\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    shortDesc\n    rating\n    reviewCount\n    compatibleModels {\n      id\n      brand\n      model\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment PartSummary_part on Part {\n    id\n    databaseId\n    name\n    partNumber\n    alternativeNumbers\n    img\n    images {\n      id\n      alt\n      url\n      width\n      height\n      srcset\n      sources {\n        mime\n        srcset\n      }\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    shortDesc\n    rating\n    reviewCount\n    compatibleModels {\n      id\n      brand\n      model\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductCard_product on Product {\n    id\n    databaseId\n    slug\n    name\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    availableQuantity\n    minQuantity\n    description\n  }\n"): (typeof documents)["\n  fragment ProductCard_product on Product {\n    id\n    databaseId\n    slug\n    name\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    availableQuantity\n    minQuantity\n    description\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PriceDisplay {\n    priceDisplay {\n      pricesIncludeTax\n      taxZoneName\n      country\n    }\n  }\n"): (typeof documents)["\n  query PriceDisplay {\n    priceDisplay {\n      pricesIncludeTax\n      taxZoneName\n      country\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SaleAddresses {\n    viewer {\n      id\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query SaleAddresses {\n    viewer {\n      id\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SaleQuoteFields on SaleQuote {\n    subtotal\n    shipping\n    tax\n    total\n    pricesIncludeTax\n    taxZoneName\n    shippingZoneName\n    shippingRefusal\n    shippingOptions {\n      methodId\n      name\n      kind\n      available\n      price\n      free\n      minDays\n      maxDays\n      unavailableReason\n    }\n    chosenShipping {\n      methodId\n      name\n      price\n      free\n      minDays\n      maxDays\n    }\n  }\n"): (typeof documents)["\n  fragment SaleQuoteFields on SaleQuote {\n    subtotal\n    shipping\n    tax\n    total\n    pricesIncludeTax\n    taxZoneName\n    shippingZoneName\n    shippingRefusal\n    shippingOptions {\n      methodId\n      name\n      kind\n      available\n      price\n      free\n      minDays\n      maxDays\n      unavailableReason\n    }\n    chosenShipping {\n      methodId\n      name\n      price\n      free\n      minDays\n      maxDays\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SaleQuote($input: SaleQuoteInput!) {\n    saleQuote(input: $input) {\n      ...SaleQuoteFields\n    }\n  }\n"): (typeof documents)["\n  query SaleQuote($input: SaleQuoteInput!) {\n    saleQuote(input: $input) {\n      ...SaleQuoteFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InvoiceFields on Invoice {\n    id\n    number\n    issuedAt\n    total\n    downloadPath\n  }\n"): (typeof documents)["\n  fragment InvoiceFields on Invoice {\n    id\n    number\n    issuedAt\n    total\n    downloadPath\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CreditNoteFields on CreditNote {\n    id\n    number\n    issuedAt\n    invoiceNumber\n    total\n    reason\n    downloadPath\n  }\n"): (typeof documents)["\n  fragment CreditNoteFields on CreditNote {\n    id\n    number\n    issuedAt\n    invoiceNumber\n    total\n    reason\n    downloadPath\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ShipmentFields on Shipment {\n    id\n    databaseId\n    trackingNumber\n    trackingUrl\n    shippedAt\n    deliveredAt\n    carrier {\n      code\n      name\n    }\n    lines {\n      partName\n      quantity\n      order {\n        id\n        number\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment ShipmentFields on Shipment {\n    id\n    databaseId\n    trackingNumber\n    trackingUrl\n    shippedAt\n    deliveredAt\n    carrier {\n      code\n      name\n    }\n    lines {\n      partName\n      quantity\n      order {\n        id\n        number\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkShipmentDelivered($input: MarkShipmentDeliveredInput!) {\n    markShipmentDelivered(input: $input) {\n      id\n      deliveredAt\n    }\n  }\n"): (typeof documents)["\n  mutation MarkShipmentDelivered($input: MarkShipmentDeliveredInput!) {\n    markShipmentDelivered(input: $input) {\n      id\n      deliveredAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Carriers {\n    carriers {\n      code\n      name\n    }\n  }\n"): (typeof documents)["\n  query Carriers {\n    carriers {\n      code\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordShipment($input: RecordShipmentInput!) {\n    recordShipment(input: $input) {\n      id\n      trackingNumber\n      carrier {\n        code\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RecordShipment($input: RecordShipmentInput!) {\n    recordShipment(input: $input) {\n      id\n      trackingNumber\n      carrier {\n        code\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchSuggestions($search: String!) {\n    parts(first: 6, search: $search) {\n      edges {\n        node {\n          id\n          name\n          slug\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SearchSuggestions($search: String!) {\n    parts(first: 6, search: $search) {\n      edges {\n        node {\n          id\n          name\n          slug\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminOrderRow_order on Order {\n    id\n    databaseId\n    number\n    partName\n    quantity\n    total\n    userName\n    userEmail\n    status\n    createdAt\n    paidAt\n    cancelledAt\n    refundedAt\n    disputeStatus\n    paymentError\n    fulfilment\n  }\n"): (typeof documents)["\n  fragment AdminOrderRow_order on Order {\n    id\n    databaseId\n    number\n    partName\n    quantity\n    total\n    userName\n    userEmail\n    status\n    createdAt\n    paidAt\n    cancelledAt\n    refundedAt\n    disputeStatus\n    paymentError\n    fulfilment\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MyOrderRow_order on Order {\n    id\n    databaseId\n    number\n    partName\n    quantity\n    price\n    status\n    transactionId\n    createdAt\n    paidAt\n    cancelledAt\n    reservedUntil\n    refundedAt\n    disputeStatus\n    paymentError\n    fulfilment\n  }\n"): (typeof documents)["\n  fragment MyOrderRow_order on Order {\n    id\n    databaseId\n    number\n    partName\n    quantity\n    price\n    status\n    transactionId\n    createdAt\n    paidAt\n    cancelledAt\n    reservedUntil\n    refundedAt\n    disputeStatus\n    paymentError\n    fulfilment\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SaleSummaryFields on SaleSummary {\n    subtotal\n    shipping\n    tax\n    total\n    pricesIncludeTax\n    taxZoneName\n    shippingMethodName\n    minDays\n    maxDays\n    shipTo {\n      name\n      company\n      line1\n      line2\n      city\n      region\n      postalCode\n      countryName\n      phone\n    }\n  }\n"): (typeof documents)["\n  fragment SaleSummaryFields on SaleSummary {\n    subtotal\n    shipping\n    tax\n    total\n    pricesIncludeTax\n    taxZoneName\n    shippingMethodName\n    minDays\n    maxDays\n    shipTo {\n      name\n      company\n      line1\n      line2\n      city\n      region\n      postalCode\n      countryName\n      phone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IsAdmin($email: String!) {\n    isAdmin(email: $email)\n  }\n"): (typeof documents)["\n  query IsAdmin($email: String!) {\n    isAdmin(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($idToken: String!) {\n    signIn(idToken: $idToken) {\n      token\n      user {\n        id\n        email\n        displayName\n        role\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SignIn($idToken: String!) {\n    signIn(idToken: $idToken) {\n      token\n      user {\n        id\n        email\n        displayName\n        role\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    signOut\n  }\n"): (typeof documents)["\n  mutation SignOut {\n    signOut\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublicConfig {\n    publicConfig {\n      firebaseProjectId\n      firebaseApiKey\n      firebaseAuthDomain\n      authEmulatorUrl\n      stripePublishableKey\n      paymentSandboxUrl\n      imageUploadUrl\n    }\n  }\n"): (typeof documents)["\n  query PublicConfig {\n    publicConfig {\n      firebaseProjectId\n      firebaseApiKey\n      firebaseAuthDomain\n      authEmulatorUrl\n      stripePublishableKey\n      paymentSandboxUrl\n      imageUploadUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogueBrands {\n    laptopBrands\n  }\n"): (typeof documents)["\n  query CatalogueBrands {\n    laptopBrands\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogueModels($brand: String!) {\n    laptopModels(first: 100, brand: $brand) {\n      edges {\n        node {\n          id\n          model\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CatalogueModels($brand: String!) {\n    laptopModels(first: 100, brand: $brand) {\n      edges {\n        node {\n          id\n          model\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogueParts($search: String, $filter: PartFilter, $orderBy: PartOrder, $after: String) {\n    parts(first: 12, search: $search, filter: $filter, orderBy: $orderBy, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartResultCard_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query CatalogueParts($search: String, $filter: PartFilter, $orderBy: PartOrder, $after: String) {\n    parts(first: 12, search: $search, filter: $filter, orderBy: $orderBy, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartResultCard_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PartResultCard_part on Part {\n    id\n    databaseId\n    slug\n    name\n    partNumber\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    rating\n    reviewCount\n    compatibleModels {\n      id\n      brand\n      model\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment PartResultCard_part on Part {\n    id\n    databaseId\n    slug\n    name\n    partNumber\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    shownPrice\n    available\n    minOrderQuantity\n    rating\n    reviewCount\n    compatibleModels {\n      id\n      brand\n      model\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CheckoutConfirmation($id: ID!) {\n    checkout(id: $id) {\n      id\n      databaseId\n      summary {\n        ...SaleSummaryFields\n      }\n      orders {\n        id\n        databaseId\n        number\n        partName\n        quantity\n        price\n        total\n        paid\n        transactionId\n      }\n    }\n  }\n"): (typeof documents)["\n  query CheckoutConfirmation($id: ID!) {\n    checkout(id: $id) {\n      id\n      databaseId\n      summary {\n        ...SaleSummaryFields\n      }\n      orders {\n        id\n        databaseId\n        number\n        partName\n        quantity\n        price\n        total\n        paid\n        transactionId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaceCheckout($input: PlaceCheckoutInput!) {\n    placeCheckout(input: $input) {\n      id\n      databaseId\n      total\n      amountDue\n      orders {\n        id\n        number\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PlaceCheckout($input: PlaceCheckoutInput!) {\n    placeCheckout(input: $input) {\n      id\n      databaseId\n      total\n      amountDue\n      orders {\n        id\n        number\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Checkout($id: ID!) {\n    checkout(id: $id) {\n      id\n      databaseId\n      total\n      amountDue\n      orderCount\n      reservedUntil\n      summary {\n        subtotal\n        shipping\n        tax\n        total\n        pricesIncludeTax\n        taxZoneName\n        shippingMethodName\n        minDays\n        maxDays\n      }\n      orders {\n        id\n        databaseId\n        number\n        partName\n        quantity\n        price\n        status\n        paid\n        transactionId\n        userName\n        userEmail\n      }\n    }\n  }\n"): (typeof documents)["\n  query Checkout($id: ID!) {\n    checkout(id: $id) {\n      id\n      databaseId\n      total\n      amountDue\n      orderCount\n      reservedUntil\n      summary {\n        subtotal\n        shipping\n        tax\n        total\n        pricesIncludeTax\n        taxZoneName\n        shippingMethodName\n        minDays\n        maxDays\n      }\n      orders {\n        id\n        databaseId\n        number\n        partName\n        quantity\n        price\n        status\n        paid\n        transactionId\n        userName\n        userEmail\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCheckoutPaymentIntent($checkoutId: ID!) {\n    createCheckoutPaymentIntent(checkoutId: $checkoutId) {\n      clientSecret\n      amount\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCheckoutPaymentIntent($checkoutId: ID!) {\n    createCheckoutPaymentIntent(checkoutId: $checkoutId) {\n      clientSecret\n      amount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmCheckoutPayment($checkoutId: ID!, $transactionId: String!) {\n    confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) {\n      id\n      amountDue\n      reservedUntil\n      orders {\n        id\n        status\n        paid\n        paidAt\n        transactionId\n        reservedUntil\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmCheckoutPayment($checkoutId: ID!, $transactionId: String!) {\n    confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) {\n      id\n      amountDue\n      reservedUntil\n      orders {\n        id\n        status\n        paid\n        paidAt\n        transactionId\n        reservedUntil\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddReview($input: AddReviewInput!) {\n    addReview(input: $input) {\n      id\n      name\n      ratings\n      description\n      img\n    }\n  }\n"): (typeof documents)["\n  mutation AddReview($input: AddReviewInput!) {\n    addReview(input: $input) {\n      id\n      name\n      ratings\n      description\n      img\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReviewedPart($id: ID!) {\n    part(id: $id) {\n      id\n      databaseId\n      name\n    }\n  }\n"): (typeof documents)["\n  query ReviewedPart($id: ID!) {\n    part(id: $id) {\n      id\n      databaseId\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewerAddresses {\n    viewer {\n      id\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ViewerAddresses {\n    viewer {\n      id\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddAddress($input: AddressInput!) {\n    addAddress(input: $input) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddAddress($input: AddressInput!) {\n    addAddress(input: $input) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAddress($id: ID!, $input: AddressInput!) {\n    updateAddress(id: $id, input: $input) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAddress($id: ID!, $input: AddressInput!) {\n    updateAddress(id: $id, input: $input) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveAddress($id: ID!) {\n    removeAddress(id: $id) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveAddress($id: ID!) {\n    removeAddress(id: $id) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDefaultAddress($id: ID!) {\n    setDefaultAddress(id: $id) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SetDefaultAddress($id: ID!) {\n    setDefaultAddress(id: $id) {\n      addresses {\n        ...AddressFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyOrders($first: Int, $after: String) {\n    viewer {\n      id\n      orders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            status\n            ...MyOrderRow_order\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyOrders($first: Int, $after: String) {\n    viewer {\n      id\n      orders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            status\n            ...MyOrderRow_order\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      status\n      paid\n      part {\n        id\n        available\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CancelOrder($id: ID!) {\n    cancelOrder(id: $id) {\n      id\n      status\n      paid\n      part {\n        id\n        available\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderDetail($id: ID!) {\n    order(id: $id) {\n      id\n      databaseId\n      number\n      partName\n      quantity\n      unitPrice\n      price\n      status\n      paid\n      address\n      phone\n      userName\n      userEmail\n      transactionId\n      reservedUntil\n      disputeStatus\n      paymentError\n      refundedAmount\n      fulfilment\n      deliveredAt\n      shipped\n      sale {\n        ...SaleSummaryFields\n      }\n      shipments {\n        id\n        ...ShipmentFields\n      }\n      invoice {\n        id\n        ...InvoiceFields\n      }\n      creditNotes {\n        id\n        ...CreditNoteFields\n      }\n      timeline {\n        at\n        kind\n        description\n      }\n      checkout {\n        id\n        databaseId\n        orders {\n          id\n          databaseId\n          number\n          partName\n          quantity\n          shipped\n          status\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrderDetail($id: ID!) {\n    order(id: $id) {\n      id\n      databaseId\n      number\n      partName\n      quantity\n      unitPrice\n      price\n      status\n      paid\n      address\n      phone\n      userName\n      userEmail\n      transactionId\n      reservedUntil\n      disputeStatus\n      paymentError\n      refundedAmount\n      fulfilment\n      deliveredAt\n      shipped\n      sale {\n        ...SaleSummaryFields\n      }\n      shipments {\n        id\n        ...ShipmentFields\n      }\n      invoice {\n        id\n        ...InvoiceFields\n      }\n      creditNotes {\n        id\n        ...CreditNoteFields\n      }\n      timeline {\n        at\n        kind\n        description\n      }\n      checkout {\n        id\n        databaseId\n        orders {\n          id\n          databaseId\n          number\n          partName\n          quantity\n          shipped\n          status\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PastOrders($first: Int, $after: String) {\n    viewer {\n      id\n      pastOrders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            ...MyOrderRow_order\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PastOrders($first: Int, $after: String) {\n    viewer {\n      id\n      pastOrders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            ...MyOrderRow_order\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewerProfile {\n    viewer {\n      id\n      email\n      displayName\n      profile {\n        userName\n        education\n        address\n        phone\n        linkedin\n      }\n    }\n  }\n"): (typeof documents)["\n  query ViewerProfile {\n    viewer {\n      id\n      email\n      displayName\n      profile {\n        userName\n        education\n        address\n        phone\n        linkedin\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      userName\n      education\n      address\n      phone\n      linkedin\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      userName\n      education\n      address\n      phone\n      linkedin\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddProduct($input: AddProductInput!) {\n    addProduct(input: $input) {\n      id\n      databaseId\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation AddProduct($input: AddProductInput!) {\n    addProduct(input: $input) {\n      id\n      databaseId\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AllUsers($first: Int, $after: String, $search: String) {\n    users(first: $first, after: $after, search: $search) {\n      edges {\n        cursor\n        node {\n          id\n          ...UserRow_user\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query AllUsers($first: Int, $after: String, $search: String) {\n    users(first: $first, after: $after, search: $search) {\n      edges {\n        cursor\n        node {\n          id\n          ...UserRow_user\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MakeAdmin($email: String!) {\n    makeAdmin(email: $email) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation MakeAdmin($email: String!) {\n    makeAdmin(email: $email) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DemoteAdmin($email: String!) {\n    demoteAdmin(email: $email) {\n      id\n      role\n    }\n  }\n"): (typeof documents)["\n  mutation DemoteAdmin($email: String!) {\n    demoteAdmin(email: $email) {\n      id\n      role\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Customer($id: ID!, $first: Int, $after: String) {\n    customer(id: $id) {\n      user {\n        id\n        databaseId\n        email\n        displayName\n        role\n        emailVerified\n      }\n      profile {\n        userName\n        address\n        phone\n        education\n        linkedin\n      }\n      totals {\n        orders\n        paidOrders\n        unpaidOrders\n        paid\n        unpaid\n        refunded\n      }\n      orders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            databaseId\n            number\n            partName\n            quantity\n            price\n            status\n            fulfilment\n            createdAt\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Customer($id: ID!, $first: Int, $after: String) {\n    customer(id: $id) {\n      user {\n        id\n        databaseId\n        email\n        displayName\n        role\n        emailVerified\n      }\n      profile {\n        userName\n        address\n        phone\n        education\n        linkedin\n      }\n      totals {\n        orders\n        paidOrders\n        unpaidOrders\n        paid\n        unpaid\n        refunded\n      }\n      orders(first: $first, after: $after) {\n        edges {\n          cursor\n          node {\n            id\n            databaseId\n            number\n            partName\n            quantity\n            price\n            status\n            fulfilment\n            createdAt\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AllOrders($first: Int, $after: String, $status: OrderStatus, $search: String) {\n    orders(first: $first, after: $after, status: $status, search: $search) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          ...AdminOrderRow_order\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query AllOrders($first: Int, $after: String, $status: OrderStatus, $search: String) {\n    orders(first: $first, after: $after, status: $status, search: $search) {\n      edges {\n        cursor\n        node {\n          id\n          status\n          ...AdminOrderRow_order\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCancelOrder($id: ID!) {\n    adminCancelOrder(id: $id) {\n      id\n      status\n      paid\n      cancelledAt\n      part {\n        id\n        available\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCancelOrder($id: ID!) {\n    adminCancelOrder(id: $id) {\n      id\n      status\n      paid\n      cancelledAt\n      part {\n        id\n        available\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefundOrder($id: ID!) {\n    refundOrder(id: $id) {\n      id\n      status\n      paid\n      refundedAt\n      part {\n        id\n        available\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RefundOrder($id: ID!) {\n    refundOrder(id: $id) {\n      id\n      status\n      paid\n      refundedAt\n      part {\n        id\n        available\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManageProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ProductRow_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query ManageProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ProductRow_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id) {\n      deletedId\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteProduct($id: ID!) {\n    deleteProduct(id: $id) {\n      deletedId\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      name\n      img\n      image {\n        ...ResponsiveImage_image\n      }\n      price\n      availableQuantity\n      description\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {\n    updateProduct(id: $id, input: $input) {\n      id\n      name\n      img\n      image {\n        ...ResponsiveImage_image\n      }\n      price\n      availableQuantity\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductRow_product on Product {\n    id\n    name\n    img\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    availableQuantity\n    description\n  }\n"): (typeof documents)["\n  fragment ProductRow_product on Product {\n    id\n    name\n    img\n    image {\n      ...ResponsiveImage_image\n    }\n    price\n    availableQuantity\n    description\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserRow_user on User {\n    id\n    databaseId\n    email\n    displayName\n    role\n    emailVerified\n  }\n"): (typeof documents)["\n  fragment UserRow_user on User {\n    id\n    databaseId\n    email\n    displayName\n    role\n    emailVerified\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AuditEntryRow_entry on AuditEntry {\n    databaseId\n    at\n    actorEmail\n    action\n    entityType\n    entityDatabaseId\n    entityName\n    changes {\n      field\n      kind\n      before\n      after\n      beforeItems\n      afterItems\n    }\n  }\n"): (typeof documents)["\n  fragment AuditEntryRow_entry on AuditEntry {\n    databaseId\n    at\n    actorEmail\n    action\n    entityType\n    entityDatabaseId\n    entityName\n    changes {\n      field\n      kind\n      before\n      after\n      beforeItems\n      afterItems\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog(\n    $first: Int\n    $after: String\n    $entityType: AuditEntityType\n    $entityId: ID\n    $importId: ID\n    $actorId: ID\n    $from: DateTimeISO\n    $to: DateTimeISO\n  ) {\n    auditLog(\n      first: $first\n      after: $after\n      entityType: $entityType\n      entityId: $entityId\n      importId: $importId\n      actorId: $actorId\n      from: $from\n      to: $to\n    ) {\n      edges {\n        cursor\n        node {\n          databaseId\n          entityName\n          ...AuditEntryRow_entry\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditLog(\n    $first: Int\n    $after: String\n    $entityType: AuditEntityType\n    $entityId: ID\n    $importId: ID\n    $actorId: ID\n    $from: DateTimeISO\n    $to: DateTimeISO\n  ) {\n    auditLog(\n      first: $first\n      after: $after\n      entityType: $entityType\n      entityId: $entityId\n      importId: $importId\n      actorId: $actorId\n      from: $from\n      to: $to\n    ) {\n      edges {\n        cursor\n        node {\n          databaseId\n          entityName\n          ...AuditEntryRow_entry\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HistoryAdmins {\n    users(first: 100, role: ADMIN) {\n      edges {\n        node {\n          id\n          databaseId\n          email\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query HistoryAdmins {\n    users(first: 100, role: ADMIN) {\n      edges {\n        node {\n          id\n          databaseId\n          email\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminOverview {\n    adminOverview {\n      days\n      firstDay\n      lastDay\n      revenue\n      paidOrders\n      openUnpaidOrders\n      openUnpaidValue\n      customers\n      newCustomers\n      lowStockCount\n      revenueByDay {\n        day\n        revenue\n        paidOrders\n      }\n      topParts {\n        part {\n          id\n          databaseId\n          name\n        }\n        unitsSold\n        revenue\n      }\n      lowStockParts {\n        id\n        databaseId\n        name\n        available\n        lowStockThreshold\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminOverview {\n    adminOverview {\n      days\n      firstDay\n      lastDay\n      revenue\n      paidOrders\n      openUnpaidOrders\n      openUnpaidValue\n      customers\n      newCustomers\n      lowStockCount\n      revenueByDay {\n        day\n        revenue\n        paidOrders\n      }\n      topParts {\n        part {\n          id\n          databaseId\n          name\n        }\n        unitsSold\n        revenue\n      }\n      lowStockParts {\n        id\n        databaseId\n        name\n        available\n        lowStockThreshold\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePart($input: CreatePartInput!) {\n    createPart(input: $input) {\n      id\n      databaseId\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePart($input: CreatePartInput!) {\n    createPart(input: $input) {\n      id\n      databaseId\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EditPart($id: ID!) {\n    part(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      partNumber\n      alternativeNumbers\n      shortDesc\n      img\n      price\n      available\n      minOrderQuantity\n      lowStockThreshold\n      lowStock\n      retired\n      retiredAt\n      compatibleModels {\n        id\n        name\n      }\n      weightGrams\n      dimensions {\n        lengthMm\n        widthMm\n        heightMm\n      }\n      dangerousGoods\n      batteryWh\n      taxCategory\n      ...PartImages_part\n    }\n  }\n"): (typeof documents)["\n  query EditPart($id: ID!) {\n    part(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      partNumber\n      alternativeNumbers\n      shortDesc\n      img\n      price\n      available\n      minOrderQuantity\n      lowStockThreshold\n      lowStock\n      retired\n      retiredAt\n      compatibleModels {\n        id\n        name\n      }\n      weightGrams\n      dimensions {\n        lengthMm\n        widthMm\n        heightMm\n      }\n      dangerousGoods\n      batteryWh\n      taxCategory\n      ...PartImages_part\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePart($id: ID!, $input: UpdatePartInput!) {\n    updatePart(id: $id, input: $input) {\n      id\n      name\n      partNumber\n      alternativeNumbers\n      shortDesc\n      img\n      price\n      available\n      minOrderQuantity\n      lowStockThreshold\n      lowStock\n      retired\n      compatibleModels {\n        id\n        name\n      }\n      weightGrams\n      dimensions {\n        lengthMm\n        widthMm\n        heightMm\n      }\n      dangerousGoods\n      batteryWh\n      taxCategory\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePart($id: ID!, $input: UpdatePartInput!) {\n    updatePart(id: $id, input: $input) {\n      id\n      name\n      partNumber\n      alternativeNumbers\n      shortDesc\n      img\n      price\n      available\n      minOrderQuantity\n      lowStockThreshold\n      lowStock\n      retired\n      compatibleModels {\n        id\n        name\n      }\n      weightGrams\n      dimensions {\n        lengthMm\n        widthMm\n        heightMm\n      }\n      dangerousGoods\n      batteryWh\n      taxCategory\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminParts($first: Int, $after: String, $search: String, $status: PartStatusFilter, $lowStock: Boolean) {\n    adminParts(first: $first, after: $after, search: $search, status: $status, lowStock: $lowStock) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartAdminRow_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminParts($first: Int, $after: String, $search: String, $status: PartStatusFilter, $lowStock: Boolean) {\n    adminParts(first: $first, after: $after, search: $search, status: $status, lowStock: $lowStock) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartAdminRow_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PartAdminRow_part on Part {\n    id\n    databaseId\n    name\n    partNumber\n    img\n    price\n    available\n    minOrderQuantity\n    lowStock\n    lowStockThreshold\n    retired\n  }\n"): (typeof documents)["\n  fragment PartAdminRow_part on Part {\n    id\n    databaseId\n    name\n    partNumber\n    img\n    price\n    available\n    minOrderQuantity\n    lowStock\n    lowStockThreshold\n    retired\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PartHistory($id: ID!) {\n    auditLog(first: 5, entityType: PART, entityId: $id) {\n      edges {\n        node {\n          databaseId\n          at\n          actorEmail\n          action\n          changes {\n            field\n            kind\n            before\n            after\n            beforeItems\n            afterItems\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n  }\n"): (typeof documents)["\n  query PartHistory($id: ID!) {\n    auditLog(first: 5, entityType: PART, entityId: $id) {\n      edges {\n        node {\n          databaseId\n          at\n          actorEmail\n          action\n          changes {\n            field\n            kind\n            before\n            after\n            beforeItems\n            afterItems\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PartImages_part on Part {\n    id\n    name\n    img\n    images {\n      id\n      position\n      alt\n      url\n      width\n      height\n      srcset\n      sources {\n        mime\n        srcset\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment PartImages_part on Part {\n    id\n    name\n    img\n    images {\n      id\n      position\n      alt\n      url\n      width\n      height\n      srcset\n      sources {\n        mime\n        srcset\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddPartImage($partId: ID!, $input: AddPartImageInput!) {\n    addPartImage(partId: $partId, input: $input) {\n      id\n      ...PartImages_part\n    }\n  }\n"): (typeof documents)["\n  mutation AddPartImage($partId: ID!, $input: AddPartImageInput!) {\n    addPartImage(partId: $partId, input: $input) {\n      id\n      ...PartImages_part\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderPartImages($partId: ID!, $imageIds: [ID!]!) {\n    reorderPartImages(partId: $partId, imageIds: $imageIds) {\n      id\n      ...PartImages_part\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderPartImages($partId: ID!, $imageIds: [ID!]!) {\n    reorderPartImages(partId: $partId, imageIds: $imageIds) {\n      id\n      ...PartImages_part\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetPartImageAlt($imageId: ID!, $alt: String!) {\n    setPartImageAlt(imageId: $imageId, alt: $alt) {\n      id\n      ...PartImages_part\n    }\n  }\n"): (typeof documents)["\n  mutation SetPartImageAlt($imageId: ID!, $alt: String!) {\n    setPartImageAlt(imageId: $imageId, alt: $alt) {\n      id\n      ...PartImages_part\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemovePartImage($imageId: ID!) {\n    removePartImage(imageId: $imageId) {\n      id\n      ...PartImages_part\n    }\n  }\n"): (typeof documents)["\n  mutation RemovePartImage($imageId: ID!) {\n    removePartImage(imageId: $imageId) {\n      id\n      ...PartImages_part\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetirePart($id: ID!) {\n    retirePart(id: $id) {\n      id\n      retired\n      retiredAt\n      lowStock\n    }\n  }\n"): (typeof documents)["\n  mutation RetirePart($id: ID!) {\n    retirePart(id: $id) {\n      id\n      retired\n      retiredAt\n      lowStock\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestorePart($id: ID!) {\n    restorePart(id: $id) {\n      id\n      retired\n      retiredAt\n      lowStock\n    }\n  }\n"): (typeof documents)["\n  mutation RestorePart($id: ID!) {\n    restorePart(id: $id) {\n      id\n      retired\n      retiredAt\n      lowStock\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestockPart($id: ID!, $quantity: Int!) {\n    restockPart(id: $id, quantity: $quantity) {\n      id\n      name\n      available\n      lowStock\n    }\n  }\n"): (typeof documents)["\n  mutation RestockPart($id: ID!, $quantity: Int!) {\n    restockPart(id: $id, quantity: $quantity) {\n      id\n      name\n      available\n      lowStock\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ToShipQueue($after: String) {\n    toShip(first: 20, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          paidAt\n          customerName\n          customerEmail\n          address\n          shippingMethodName\n          fulfilment\n          order {\n            id\n            databaseId\n            number\n          }\n          shipTo {\n            name\n            company\n            line1\n            line2\n            city\n            region\n            postalCode\n            countryName\n            phone\n          }\n          lines {\n            partName\n            partNumber\n            quantity\n            shipped\n            toShip\n            order {\n              id\n              databaseId\n              number\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query ToShipQueue($after: String) {\n    toShip(first: 20, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          paidAt\n          customerName\n          customerEmail\n          address\n          shippingMethodName\n          fulfilment\n          order {\n            id\n            databaseId\n            number\n          }\n          shipTo {\n            name\n            company\n            line1\n            line2\n            city\n            region\n            postalCode\n            countryName\n            phone\n          }\n          lines {\n            partName\n            partNumber\n            quantity\n            shipped\n            toShip\n            order {\n              id\n              databaseId\n              number\n            }\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentOrder($id: ID!) {\n    order(id: $id) {\n      id\n      databaseId\n      partName\n      quantity\n      unitPrice\n      price\n      paid\n      status\n      transactionId\n      userName\n      userEmail\n      sale {\n        ...SaleSummaryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query PaymentOrder($id: ID!) {\n    order(id: $id) {\n      id\n      databaseId\n      partName\n      quantity\n      unitPrice\n      price\n      paid\n      status\n      transactionId\n      userName\n      userEmail\n      sale {\n        ...SaleSummaryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChooseOrderDelivery($input: ChooseOrderDeliveryInput!) {\n    chooseOrderDelivery(input: $input) {\n      id\n      sale {\n        ...SaleSummaryFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ChooseOrderDelivery($input: ChooseOrderDeliveryInput!) {\n    chooseOrderDelivery(input: $input) {\n      id\n      sale {\n        ...SaleSummaryFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePaymentIntent($orderId: ID!, $price: Float) {\n    createPaymentIntent(orderId: $orderId, price: $price) {\n      clientSecret\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePaymentIntent($orderId: ID!, $price: Float) {\n    createPaymentIntent(orderId: $orderId, price: $price) {\n      clientSecret\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmOrderPayment($orderId: ID!, $transactionId: String!) {\n    confirmOrderPayment(orderId: $orderId, transactionId: $transactionId) {\n      id\n      paid\n      status\n      transactionId\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmOrderPayment($orderId: ID!, $transactionId: String!) {\n    confirmOrderPayment(orderId: $orderId, transactionId: $transactionId) {\n      id\n      paid\n      status\n      transactionId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomeProducts($first: Int, $after: String) {\n    products(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      alreadySubscribed\n    }\n  }\n"): (typeof documents)["\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email) {\n      subscribed\n      alreadySubscribed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeParts($first: Int, $after: String) {\n    parts(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartCard_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomeParts($first: Int, $after: String) {\n    parts(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...PartCard_part\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReviewCard_review on Review {\n    id\n    name\n    ratings\n    description\n    image {\n      ...ResponsiveImage_image\n    }\n  }\n"): (typeof documents)["\n  fragment ReviewCard_review on Review {\n    id\n    name\n    ratings\n    description\n    image {\n      ...ResponsiveImage_image\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeReviews($first: Int, $after: String) {\n    reviews(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ReviewCard_review\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomeReviews($first: Int, $after: String) {\n    reviews(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          ...ReviewCard_review\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReservationForm_part on Part {\n    id\n    name\n    price\n    available\n    minOrderQuantity\n  }\n"): (typeof documents)["\n  fragment ReservationForm_part on Part {\n    id\n    name\n    price\n    available\n    minOrderQuantity\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaceOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      id\n      databaseId\n      quantity\n      price\n      paid\n      part {\n        id\n        available\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation PlaceOrder($input: PlaceOrderInput!) {\n    placeOrder(input: $input) {\n      id\n      databaseId\n      quantity\n      price\n      paid\n      part {\n        id\n        available\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReservationPart($id: ID!) {\n    part(id: $id) {\n      id\n      name\n      retired\n      ...PartSummary_part\n      ...ReservationForm_part\n    }\n  }\n"): (typeof documents)["\n  query ReservationPart($id: ID!) {\n    part(id: $id) {\n      id\n      name\n      retired\n      ...PartSummary_part\n      ...ReservationForm_part\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PartPage($id: ID!, $reviewsAfter: String) {\n    part(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      img\n      price\n      shortDesc\n      rating\n      reviewCount\n      retired\n      available\n      minOrderQuantity\n      ...PartSummary_part\n      reviews(first: 10, after: $reviewsAfter) {\n        edges {\n          cursor\n          node {\n            id\n            name\n            ratings\n            description\n            createdAt\n            ...PartReview_review\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n      relatedParts(first: 3) {\n        id\n        ...PartCard_part\n      }\n    }\n  }\n"): (typeof documents)["\n  query PartPage($id: ID!, $reviewsAfter: String) {\n    part(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      img\n      price\n      shortDesc\n      rating\n      reviewCount\n      retired\n      available\n      minOrderQuantity\n      ...PartSummary_part\n      reviews(first: 10, after: $reviewsAfter) {\n        edges {\n          cursor\n          node {\n            id\n            name\n            ratings\n            description\n            createdAt\n            ...PartReview_review\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n      relatedParts(first: 3) {\n        id\n        ...PartCard_part\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PartReview_review on Review {\n    id\n    name\n    ratings\n    description\n    image {\n      ...ResponsiveImage_image\n    }\n    createdAt\n  }\n"): (typeof documents)["\n  fragment PartReview_review on Review {\n    id\n    name\n    ratings\n    description\n    image {\n      ...ResponsiveImage_image\n    }\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductPage($id: ID!) {\n    product(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      img\n      image {\n        ...ResponsiveImage_image\n      }\n      price\n      availableQuantity\n      minQuantity\n      description\n    }\n  }\n"): (typeof documents)["\n  query ProductPage($id: ID!) {\n    product(id: $id) {\n      id\n      databaseId\n      slug\n      name\n      img\n      image {\n        ...ResponsiveImage_image\n      }\n      price\n      availableQuantity\n      minQuantity\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ResponsiveImage_image on Image {\n    url\n    width\n    height\n    srcset\n    sources {\n      mime\n      srcset\n    }\n  }\n"): (typeof documents)["\n  fragment ResponsiveImage_image on Image {\n    url\n    width\n    height\n    srcset\n    sources {\n      mime\n      srcset\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;