// The catalogue's face to other features (they import "@/features/catalogue", never a file inside):
// only modules without styles or documents, so importing it adds nothing to a page that it does not use.
export { catalogueHref, readSearch, writeSearch, type CatalogueSearch } from "./catalogueSearch";
export { idOfSlug, partPath, productPath } from "./paths";
