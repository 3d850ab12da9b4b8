import type { ReactNode } from "react";
import { errorMessage } from "@/lib/apollo/errors";
import "./QueryStates.css";

export function ErrorState({
  error,
  onRetry,
  title = "Something went wrong",
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">{title}</p>
      <p className="state__detail">{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="btn btn--outline" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="state state--empty">{children}</div>;
}
