import { NotFound } from "@/ui/NotFound";

/** Any address no route knows. */
export function NotFoundPage() {
  return <NotFound />;
}
