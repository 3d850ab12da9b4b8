/** The parts of a postal address a label prints; any may be missing (a saved address, an order's copy of one). */
export interface PostalLines {
  name?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  countryName?: string | null;
  phone?: string | null;
}

/** The address's lines as a label prints them: the city, region and postal code share one line. */
export function addressLines(address: PostalLines): string[] {
  const place = [address.city, address.region, address.postalCode].filter(Boolean).join(" ");
  return [
    address.name,
    address.company,
    address.line1,
    address.line2,
    place,
    address.countryName,
    address.phone,
  ].filter((line): line is string => Boolean(line));
}

/** An address line by line, in an <address> with the caller's classes. */
export function AddressLines({
  address,
  className,
  lineClassName,
}: {
  address: PostalLines;
  className: string;
  lineClassName: string;
}) {
  return (
    <address className={className}>
      {addressLines(address).map((line, index) => (
        <span key={index} className={lineClassName}>
          {line}
        </span>
      ))}
    </address>
  );
}
