// The address book's face to other features and routes (the checkout reuses the form): import "@/features/addresses".
export { AddressForm, addressValues, toAddressInput, EMPTY_ADDRESS, type AddressValues } from "./AddressForm";
export { AddressSummary } from "./AddressSummary";
export { AddressLines, addressLines, type PostalLines } from "./AddressLines";
export { AddressFieldsFragment, AddressCountriesDocument } from "./addressFields";
