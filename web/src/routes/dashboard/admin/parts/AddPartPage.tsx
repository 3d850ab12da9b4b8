import { Link, useNavigate } from "react-router-dom";
import { useMutation } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import { useToast } from "@/ui/toast";
import { EMPTY_PART, PartForm } from "./PartForm";

export const CreatePartDocument = graphql(`
  mutation CreatePart($input: CreatePartInput!) {
    createPart(input: $input) {
      id
      databaseId
      name
    }
  }
`);

export function AddPartPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const [createPart] = useMutation(CreatePartDocument, {
    // The shop's and the admins' part lists have a new member: ask again when next shown.
    update(cache) {
      cache.evict({ id: "ROOT_QUERY", fieldName: "parts" });
      cache.evict({ id: "ROOT_QUERY", fieldName: "adminParts" });
      cache.gc();
    },
  });

  return (
    <div className="dashboard-page">
      <div className="page-heading">
        <h1>Add a part</h1>
        <Link to="/dashboard/manage_parts" className="btn btn--outline">
          Back to parts
        </Link>
      </div>
      <PartForm
        idPrefix="new-part"
        initial={EMPTY_PART}
        submitLabel="Add part"
        busyLabel="Adding…"
        onSubmit={async (values) => {
          const { data } = await createPart({ variables: { input: values } });
          const part = data!.createPart;
          toast.success(`Part added: ${part.name}`);
          navigate(`/dashboard/manage_parts/${part.databaseId}`);
        }}
      />
    </div>
  );
}
