import { useCallback, useRef } from "react";
import { Link, useParams } from "react-router-dom";
import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "@/lib/gql";
import type { TaxCategory } from "@/lib/gql/graphql";
import { errorCode, errorMessage } from "@/lib/apollo/errors";
import { Spinner } from "@/ui/Spinner";
import { EmptyState, ErrorState } from "@/ui/QueryStates";
import { formatCount, formatDateTime } from "@/ui/formatFigures";
import { useToast } from "@/ui/toast";
import { partPath } from "@/features/catalogue/paths";
import { PartHistory } from "./PartHistory";
import { PartImages } from "./PartImages";
import { PartForm, type PartFormValues, type PartValues } from "./PartForm";
import { RestockForm } from "./RestockForm";
import { RestorePartDocument, RetirePartDocument, retireQuestion } from "./partMutations";
import "../adminLists.css";
import "./EditPartPage.css";

export const EditPartDocument = graphql(`
  query EditPart($id: ID!) {
    part(id: $id) {
      id
      databaseId
      slug
      name
      partNumber
      alternativeNumbers
      shortDesc
      img
      price
      available
      minOrderQuantity
      lowStockThreshold
      lowStock
      retired
      retiredAt
      compatibleModels {
        id
        name
      }
      weightGrams
      dimensions {
        lengthMm
        widthMm
        heightMm
      }
      dangerousGoods
      batteryWh
      taxCategory
      ...PartImages_part
    }
  }
`);

export const UpdatePartDocument = graphql(`
  mutation UpdatePart($id: ID!, $input: UpdatePartInput!) {
    updatePart(id: $id, input: $input) {
      id
      name
      partNumber
      alternativeNumbers
      shortDesc
      img
      price
      available
      minOrderQuantity
      lowStockThreshold
      lowStock
      retired
      compatibleModels {
        id
        name
      }
      weightGrams
      dimensions {
        lengthMm
        widthMm
        heightMm
      }
      dangerousGoods
      batteryWh
      taxCategory
    }
  }
`);

interface EditablePart {
  name: string;
  partNumber?: string;
  alternativeNumbers: string[];
  shortDesc: string;
  img: string;
  price: number;
  available: number;
  minOrderQuantity: number;
  lowStockThreshold: number;
  compatibleModels: Array<{ name: string }> | string[];
  weightGrams: number;
  dimensions: { lengthMm: number; widthMm: number; heightMm: number } | null;
  dangerousGoods: boolean;
  batteryWh?: number | null;
  taxCategory: TaxCategory;
}

const typed = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

const formValuesOf = (part: EditablePart): PartFormValues => ({
  name: part.name,
  partNumber: part.partNumber ?? "",
  alternativeNumbers: part.alternativeNumbers.join("\n"),
  shortDesc: part.shortDesc,
  img: part.img,
  price: part.price.toFixed(2),
  available: String(part.available),
  minOrderQuantity: String(part.minOrderQuantity),
  lowStockThreshold: String(part.lowStockThreshold),
  compatibleModels: part.compatibleModels.map((model) => (typeof model === "string" ? model : model.name)).join("\n"),
  weightGrams: String(part.weightGrams),
  lengthMm: typed(part.dimensions?.lengthMm),
  widthMm: typed(part.dimensions?.widthMm),
  heightMm: typed(part.dimensions?.heightMm),
  dangerousGoods: part.dangerousGoods,
  batteryWh: typed(part.batteryWh),
  taxCategory: part.taxCategory,
});

/** The form's checked values as the part shows them (its size as one, or none). */
const shownPart = (values: PartValues): Omit<EditablePart, "available"> => {
  const { lengthMm, widthMm, heightMm } = values;
  return {
    ...values,
    dimensions: lengthMm !== null && widthMm !== null && heightMm !== null ? { lengthMm, widthMm, heightMm } : null,
  };
};

export function EditPartPage() {
  const { partsId = "" } = useParams();
  const toast = useToast();
  const { data, loading, error, refetch } = useQuery(EditPartDocument, {
    variables: { id: partsId },
    fetchPolicy: "cache-and-network",
  });
  const [updatePart] = useMutation(UpdatePartDocument, { refetchQueries: ["PartHistory"] });
  const [retirePart, retiring] = useMutation(RetirePartDocument, { refetchQueries: ["PartHistory"] });
  const [restorePart, restoring] = useMutation(RestorePartDocument, { refetchQueries: ["PartHistory"] });
  /** The stock the form showed when the admin started: sent as expectedAvailable with a new figure. */
  const shownStock = useRef<number | null>(null);
  const onStockShown = useCallback((stock: number) => {
    shownStock.current = stock;
  }, []);

  const part = data?.part;

  if (!data && loading) return <Spinner label="Loading the part…" />;
  const missing = !part && (errorCode(error) === "NOT_FOUND" || errorCode(error) === "BAD_USER_INPUT");
  if (!part && error && !missing)
    return (
      <ErrorState
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
        title="Could not load this part"
      />
    );
  if (!part) {
    return (
      <div className="dashboard-page">
        <h1>Edit part</h1>
        <EmptyState>
          <p>This part does not exist.</p>
          <Link to="/dashboard/manage_parts" className="btn btn--primary">
            Back to parts
          </Link>
        </EmptyState>
      </div>
    );
  }

  const save = async (values: PartValues, form: { reset: (values: PartFormValues) => void }) => {
    const expected = shownStock.current ?? part.available;
    // The images are the Images section's: img (the first) is never saved from the form.
    const { available, img: _img, ...rest } = values;
    try {
      const { data: saved } = await updatePart({
        variables: {
          id: part.id,
          input: { ...rest, ...(available !== expected ? { available, expectedAvailable: expected } : {}) },
        },
      });
      const updated = saved!.updatePart;
      shownStock.current = updated.available;
      form.reset(formValuesOf(updated));
      toast.success(`Changes saved: ${updated.name}`);
    } catch (saveError) {
      if (errorCode(saveError) === "CONFLICT") {
        // The stock moved: show the figure as it is now; the admin's other edits stay in the form.
        const fresh = (await refetch()).data?.part;
        if (fresh) {
          shownStock.current = fresh.available;
          form.reset({ ...formValuesOf({ ...shownPart(values), available: fresh.available }) });
        }
      }
      throw saveError;
    }
  };

  const toggleRetired = async () => {
    if (!part.retired && !window.confirm(retireQuestion(part.name))) return;
    try {
      if (part.retired) await restorePart({ variables: { id: part.id } });
      else await retirePart({ variables: { id: part.id } });
      toast.success(part.retired ? `${part.name} is back on sale` : `${part.name} is retired`);
    } catch (toggleError) {
      toast.error(errorMessage(toggleError));
    }
  };

  return (
    <div className="dashboard-page edit-part">
      <div className="page-heading">
        <h1>Edit part</h1>
        <Link to="/dashboard/manage_parts" className="btn btn--outline">
          Back to parts
        </Link>
      </div>
      <section className="card edit-part__status" aria-label="Status">
        <div>
          <p className="edit-part__name">{part.name}</p>
          {part.retired ? (
            <p>
              <span className="badge">Retired</span> since {formatDateTime(part.retiredAt)}: not listed in the shop, no
              new orders; past orders keep it.
            </p>
          ) : (
            <p>
              <span className={part.lowStock ? "badge badge--warning" : "badge badge--success"}>
                {part.lowStock ? "Low stock" : "On sale"}
              </span>{" "}
              <Link to={partPath(part.slug)}>See it in the shop</Link>
            </p>
          )}
        </div>
        <button
          type="button"
          className={part.retired ? "btn btn--outline" : "btn btn--danger"}
          disabled={retiring.loading || restoring.loading}
          onClick={() => void toggleRetired()}
        >
          {part.retired ? "Put back on sale" : "Retire part"}
        </button>
      </section>
      <PartImages part={part} />
      <div className="edit-part__columns">
        <PartForm
          idPrefix="edit-part"
          initial={formValuesOf(part)}
          submitLabel="Save changes"
          busyLabel="Saving…"
          stockHint={
            <p className="field__hint">
              Units available to order now ({formatCount(part.available)}); units in unpaid orders are already taken
              out. To add a delivery, use Restock: it cannot cross an order.
            </p>
          }
          stock={part.available}
          onStockShown={onStockShown}
          imageField={false}
          onSubmit={save}
        />
        <aside className="edit-part__side">
          <section className="card edit-part__card" aria-labelledby="restock-heading">
            <h2 id="restock-heading">Restock</h2>
            <p className="small">
              In stock: <strong data-testid="edit-part-stock">{formatCount(part.available)}</strong>
            </p>
            <RestockForm part={part} refetchQueries={["PartHistory"]} />
          </section>
          <PartHistory partId={part.databaseId} />
        </aside>
      </div>
    </div>
  );
}
