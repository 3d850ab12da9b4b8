// The storefront pages bench:web opens, read from the shop itself, and the gallery its part page
// needs (the seed gives each part one image: a second is added as an admin adds one).
import { gql, expectOk, signIn } from "./client.mjs";

const FIRST_PART = `{ parts(first: 1) { edges { node { id slug name images { id url alt } } } } }`;
const FIRST_PRODUCT = `{ products(first: 1) { edges { node { slug } } } }`;
const ANOTHER_IMAGE = `{ parts(first: 20) { edges { node { img } } } }`;
const ADD_IMAGE = `mutation AddImage($part: ID!, $input: AddPartImageInput!) {
  addPartImage(partId: $part, input: $input) { id images { id } }
}`;

/** The shop's storefront pages: the audited ones (home, a search, a part page, a product page) and the rest of them. */
export async function storefrontPages(shopUrl) {
  const part = expectOk(await gql(shopUrl, FIRST_PART), "the first part").data.parts.edges[0]?.node;
  if (!part) throw new Error("the shop answered no part to open");
  const product = expectOk(await gql(shopUrl, FIRST_PRODUCT), "the first product").data.products.edges[0]?.node;
  if (!product) throw new Error("the shop answered no product (new arrival) to open");
  const pages = {
    home: { label: "home", path: "/" },
    search: { label: "search", path: "/parts?q=battery" },
    part: { label: "part page", path: `/p/${part.slug}` },
    product: { label: "product page", path: `/products/${product.slug}` },
    catalogue: { label: "catalogue", path: "/parts" },
    blogs: { label: "blogs", path: "/blogs" },
    portfolio: { label: "portfolio", path: "/portfolio" },
    notFound: { label: "404", path: "/no-such-page" },
  };
  return { pages, part };
}

/** The pages Lighthouse audits, in the order of the tables. */
export const AUDITED = ["home", "search", "part", "product"];

/**
 * Gives `part` a second image (another part's picture, with its own alt text) through the admin's
 * addPartImage, so its page shows a gallery; a part that has two already is left as it is.
 */
export async function giveGallery(shopUrl, emulatorHost, part) {
  if (part.images.length >= 2) return part;
  const admin = await signIn(emulatorHost, shopUrl, "admin@partshop.dev", "partshop-admin");
  const images = expectOk(await gql(shopUrl, ANOTHER_IMAGE), "the parts' images").data.parts.edges.map(
    ({ node }) => node.img,
  );
  const url = images.find((img) => img !== part.images[0]?.url) ?? part.images[0]?.url;
  if (!url) throw new Error(`${part.name} has no image to add a second to`);
  const answer = await gql(
    shopUrl,
    ADD_IMAGE,
    { part: part.id, input: { url, alt: `${part.name}, from the side` } },
    admin.token,
  );
  const images2 = expectOk(answer, `a second image for ${part.name}`).data.addPartImage.images;
  return { ...part, images: images2 };
}
