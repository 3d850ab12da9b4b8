import { describe, expect, it } from "vitest";
import { useJourney } from "./support/journey";
import {
  CUSTOMER,
  expectImageLoaded,
  expectRed,
  expectText,
  expectValue,
  expectToast,
  makePng,
  signIn,
  visible,
} from "./support/ui";

const journey = useJourney("06-review");

const REVIEW = { ratings: "4", description: "Fast delivery; the 57Wh battery fits my laptop perfectly." };

describe("adding a review", () => {
  it("validates every field, uploads the image, and shows the review on the home page", async () => {
    const page = await journey.newPage();
    await signIn(page, CUSTOMER);
    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Add a review" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Add a review" }));
    const name = page.getByLabel("Name", { exact: true });
    await expectValue(name, CUSTOMER.name);

    // Every field is required.
    await name.fill("");
    const submit = page.getByRole("button", { name: "Add review" });
    await submit.click();
    for (const [id, message] of [
      ["review-name", "Name is Required"],
      ["review-ratings", "Rating is Required"],
      ["review-description", "Description is Required"],
      ["review-image", "Image is Required"],
    ]) {
      await expectText(page.locator(`#${id}-error`), message);
      await expectRed(page.locator(`#${id}-error`));
    }
    await journey.shot(page, "review-required");

    await name.fill(CUSTOMER.name);
    await page.getByLabel("Ratings").fill(REVIEW.ratings);
    await page.getByLabel("Description").fill(REVIEW.description);
    await page
      .getByLabel("Image", { exact: true })
      .setInputFiles({ name: "battery.png", mimeType: "image/png", buffer: makePng(64, [200, 40, 40]) });
    await visible(page.getByRole("img", { name: "Preview of the chosen image" }));
    await journey.shot(page, "review-filled");
    await submit.click();
    await expectToast(page, "success", "Review added successfully");
    await expectValue(page.getByLabel("Ratings"), "");
    await expectValue(page.getByLabel("Description"), "");

    // Newest first on the home page, with its stars and the uploaded photo.
    await page.getByRole("link", { name: "Home" }).click();
    const first = page.locator("#reviews .review-card").first();
    await expectText(first.locator(".review-card__name"), CUSTOMER.name);
    await expectText(first.locator("blockquote"), REVIEW.description);
    await visible(first.getByRole("img", { name: "Rated 4 out of 5" }));
    expect(await first.locator(".star--on").count()).toBe(4);
    const photo = first.getByRole("img", { name: `Photo from ${CUSTOMER.name}` });
    // Written again by the shop: an image without transparency is kept as a JPEG.
    expect(new URL((await photo.getAttribute("src"))!).pathname).toMatch(/^\/uploads\/.+\.jpg$/);
    await expectImageLoaded(photo);
    // Stored at its own 64 px (narrower than every standard width): the browser takes that AVIF.
    expect(await photo.getAttribute("width")).toBe("64");
    expect(new URL(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toMatch(
      /^\/uploads\/[0-9a-f]{32}-64\.avif$/,
    );
    await journey.shot(page, "review-on-home");
  });

  it('says "Failed to add Review" when the upload is refused (a text file named .png)', async () => {
    const page = await journey.newPage();
    journey.allowConsoleErrors(page, /status of 4\d\d .*\/upload\b/);
    await signIn(page, CUSTOMER);
    await page.goto("/dashboard/add_review");
    await page.getByLabel("Ratings").fill("5");
    await page.getByLabel("Description").fill("This should not be posted.");
    await page
      .getByLabel("Image", { exact: true })
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not an image") });
    await page.getByRole("button", { name: "Add review" }).click();
    await expectToast(page, "error", "Failed to add Review");
    await expectRed(page.locator("form .form-error"));
    await journey.shot(page, "upload-refused");
    await page.goto("/");
    await visible(page.locator("#reviews .review-card").first());
    expect(await page.locator("#reviews").getByText("This should not be posted.").count()).toBe(0);
  });
});
