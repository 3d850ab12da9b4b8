import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  ADMIN,
  expectCount,
  expectImageLoaded,
  expectToast,
  expectValue,
  partCard,
  row,
  signIn,
  visible,
} from "./support/ui";

/*
 * A part's images: the admin drops a phone photo (with GPS in its EXIF) on a part's
 * edit page, describes it, drags it first; a visitor's part page then shows it first with that
 * alt text, and the image the shop serves carries no EXIF.
 */

const journey = useJourney("15-part-images");

const PART = "Li-ion Battery 11.55V 57Wh, 3-cell";
const FILE = "battery-on-the-bench.jpg";
const ALT = "The battery pack from above, its connector on the left";
const CAMERA = "PhoneMaker";

/** A JPEG as a phone writes it: its camera and where it was taken in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg({ quality: 85 })
    .withMetadata({
      exif: {
        IFD0: { Make: CAMERA, Model: "Phone 12" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
      },
    })
    .toBuffer();
  // What the journey is about: the photo sent does carry the camera and the GPS position.
  const sent = await sharp(photo).metadata();
  expect(sent.exif?.includes(Buffer.from(CAMERA))).toBe(true);
  return photo;
}

/** Drops a file on an element as a browser does when one is dragged from the desktop. */
async function dropFile(page: Page, target: Locator, file: { name: string; type: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, base64: file.bytes.toString("base64") },
  );
  await target.dispatchEvent("dragenter", { dataTransfer });
  await target.dispatchEvent("dragover", { dataTransfer });
  await target.dispatchEvent("drop", { dataTransfer });
}

/** The bytes the shop serves at a URL, and what sharp reads of them. */
async function served(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, metadata: await sharp(bytes).metadata() };
}

describe("an admin adding a part's photo", () => {
  let admin: Page;

  beforeAll(async () => {
    admin = await journey.newPage({ shared: true });
    await signIn(admin, ADMIN);
  }, 120_000);

  it("drops a phone photo on the part, describes it and drags it first; the part's page shows it first with that alt text, without EXIF", async () => {
    const photo = await phonePhoto();
    await admin.goto(`/dashboard/manage_parts?search=${encodeURIComponent("Li-ion Battery")}`);
    await row(admin, PART)
      .getByRole("link", { name: `Edit ${PART}` })
      .click();
    await visible(admin.getByRole("heading", { level: 1, name: "Edit part" }));
    const images = admin.getByRole("region", { name: "Images" });
    const items = images.getByTestId("part-image");
    await expectCount(items, 1);
    await visible(images.getByText("The only image: a part needs at least one", { exact: false }));

    await dropFile(admin, images.getByTestId("part-images-dropzone"), {
      name: FILE,
      type: "image/jpeg",
      bytes: photo,
    });
    await expectToast(admin, "success", `Added ${FILE} to ${PART}`);
    await expectCount(items, 2);
    const thumbnail = items.nth(1).locator("img");
    await expectImageLoaded(thumbnail);
    const uploadUrl = await thumbnail.getAttribute("src");
    expect(uploadUrl).toMatch(/\/uploads\/[^/]+\.jpg$/);

    await images.getByLabel("Alt text of image 2").fill(ALT);
    await images.getByLabel("Alt text of image 2").press("Enter");
    await visible(images.getByText("Alt text saved"));

    await items.nth(1).locator(".part-images__handle").dragTo(items.nth(0));
    await expectValue(images.getByLabel("Alt text of image 1"), ALT);
    await visible(items.nth(0).getByText("Main image"));
    await visible(images.getByRole("button", { name: `Move later: image 1 (${ALT.slice(0, 39)}…)` }));
    await journey.shot(admin, "photo-first");

    // A visitor opens the part's page from the home page.
    const visitor = await journey.newPage();
    await visitor.goto("/");
    await partCard(visitor, PART).getByRole("link", { name: PART }).click();
    await visible(visitor.getByRole("heading", { level: 1, name: PART }));
    expect(new URL(visitor.url()).pathname).toMatch(/^\/p\/.+/);
    const main = visitor.locator(".part-summary .card__media img");
    await expectImageLoaded(main);
    expect(await main.getAttribute("alt")).toBe(ALT);
    const [src, currentSrc] = await main.evaluate((img: HTMLImageElement) => [img.src, img.currentSrc]);
    const key = path.basename(uploadUrl!).split(".")[0];
    expect(src).toContain(key);
    expect(currentSrc).toContain(key);
    await journey.shot(visitor, "part-page");

    // What the visitor's browser got, and the upload's own URL, carry neither EXIF nor the camera's name.
    for (const url of new Set([src, currentSrc, uploadUrl!])) {
      const { bytes, metadata } = await served(new URL(url, journey.shop.url).toString());
      expect(metadata.exif, url).toBeUndefined();
      expect(bytes.includes(Buffer.from(CAMERA)), url).toBe(false);
      expect(bytes.includes(Buffer.from("Exif\0")), url).toBe(false);
    }
  });
});
