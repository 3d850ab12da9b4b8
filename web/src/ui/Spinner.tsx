import "./Spinner.css";

export function Spinner({ label = "Loading…", inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div className={inline ? "spinner spinner--inline" : "spinner"} role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** Grey placeholder cards shown while a grid loads, so the page does not jump. */
export function SkeletonGrid({ count = 3, label = "Loading…" }: { count?: number; label?: string }) {
  return (
    <div className="card-grid" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div className="card skeleton" key={i} aria-hidden="true">
          <div className="skeleton__media" />
          <div className="skeleton__line" />
          <div className="skeleton__line skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}
