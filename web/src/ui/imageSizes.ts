/*
 * The sizes attributes of the images the layouts draw more than once, read off their CSS (the
 * container: at most 1180 px, 1 rem padding, 1.5 rem from 768 px; .card-grid: one column, two
 * from 600 px, three from 960 px, 1.25 rem apart). The browser picks the narrowest variant that
 * covers the width given here times the screen's pixel ratio, so each is the widest the image is
 * drawn at that window width, rounded up.
 */

/** An image filling a card of .card-grid (home page cards, a part page's related parts). */
export const CARD_GRID_IMAGE_SIZES =
  "(min-width: 1180px) 370px, (min-width: 960px) calc(33.4vw - 24px), (min-width: 600px) calc(50vw - 26px), calc(100vw - 32px)";

/** The box of a card's image when the API knows no size (an image elsewhere): 16:10, as .card__media draws it. */
export const CARD_IMAGE_BOX = { width: 400, height: 250 };

/** The box of a page's main image when the API knows no size. */
export const MAIN_IMAGE_BOX = { width: 800, height: 500 };
