/** The quantity rules of a reservation or a cart line: a whole number from the minimum order up to the stock. */
export function quantityError(value: string, min: number, max: number): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return "Quantity is Required";
  const quantity = Number(trimmed);
  if (!Number.isInteger(quantity)) return "Quantity must be a whole number";
  if (quantity < min) return `The minimum order quantity is ${min}`;
  if (quantity > max) return `Only ${max} available`;
  return undefined;
}

/**
 * A number input's quantity held to its bounds (`min`: the part's minimum order, `max`: its
 * stock) in the shop's words: the browser shows the sentence and refuses the form until it is
 * mended. The same for React and plain script, so the page says the same before and after React.
 */
export function checkQuantityInput(input: HTMLInputElement): void {
  const typed = input.validity.badInput ? "?" : input.value;
  input.setCustomValidity(quantityError(typed, Number(input.min), Number(input.max)) ?? "");
}
