import { PartHistoryDocument } from "./PartHistory";

/** The edit page's Recent changes of part p-1, empty; asked again after each change the page makes. */
export const emptyHistoryMock = {
  request: { query: PartHistoryDocument, variables: { id: "p-1" } },
  result: {
    data: {
      auditLog: {
        __typename: "AuditEntryConnection",
        edges: [],
        pageInfo: { __typename: "PageInfo", hasNextPage: false },
      },
    },
  },
  maxUsageCount: 10,
};
