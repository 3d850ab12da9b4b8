// The catalogue's face to other features: what they may import (from "@/features/catalogue", never a file inside).
export { catalogueHref, readSearch, writeSearch, type CatalogueSearch } from "./catalogueSearch";
export { idOfSlug, partPath, productPath } from "./paths";
export { PartCard } from "./PartCard";
export { ProductCard } from "./ProductCard";
export { PartSummary } from "./PartSummary";
