import { useId, useState, type FormEvent } from "react";
import { useMutation } from "@apollo/client/react";
import { errorMessage } from "@/lib/apollo/errors";
import { formatCount } from "@/ui/formatFigures";
import { useToast } from "@/ui/toast";
import { RestockPartDocument } from "./partMutations";
import "./RestockForm.css";

interface Props {
  part: { id: string; name: string };
  /** Queries that show what a restock changes (by operation name), asked again once it is saved. */
  refetchQueries?: string[];
  compact?: boolean;
}

/** "Add [n] units": a relative change, so it never races an order. */
export function RestockForm({ part, refetchQueries = [], compact = false }: Props) {
  const toast = useToast();
  const inputId = useId();
  const [quantity, setQuantity] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [restockPart, { loading }] = useMutation(RestockPartDocument, { refetchQueries });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const units = Number(quantity);
    if (!/^\d+$/.test(quantity.trim()) || units < 1 || units > 1_000_000) {
      setProblem("Enter a whole number of units from 1 to 1,000,000");
      return;
    }
    setProblem(null);
    try {
      const { data } = await restockPart({ variables: { id: part.id, quantity: units } });
      toast.success(`Restocked ${part.name}: +${formatCount(units)}, now ${formatCount(data!.restockPart.available)}`);
      setQuantity("");
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <form
      className={compact ? "restock restock--compact" : "restock"}
      onSubmit={submit}
      noValidate
      aria-label={`Restock ${part.name}`}
    >
      <label htmlFor={inputId} className={compact ? "visually-hidden" : "field__label"}>
        Units to add{compact ? ` to ${part.name}` : ""}
      </label>
      <div className="restock__row">
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          step="1"
          placeholder="Units"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
        />
        <button type="submit" className="btn btn--primary btn--small" disabled={loading}>
          {loading ? "Restocking…" : "Restock"}
        </button>
      </div>
      {problem && (
        <p className="field-error" id={`${inputId}-error`} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
